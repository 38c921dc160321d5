// Client authentication at the token and revocation endpoints: HTTP Basic, form fields, or none for public clients.
import type { Request } from 'express';
import type { OAuthClient, OAuthClientStore } from '../../store/index.js';
import type { FailureThrottle } from '../throttle.js';
import { OAuthError } from './errors.js';

/** RFC 6749 §2.3.1: Basic credentials are form-urlencoded before base64. */
function formDecode(text: string): string {
  return decodeURIComponent(text.replace(/\+/g, ' '));
}

/** Client id and secret from `Authorization: Basic`, or undefined when the header is absent or another scheme. */
function basicCredentials(req: Request): { id: string; secret: string } | undefined {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(req.get('authorization') ?? '');
  if (!match) return undefined;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  try {
    if (colon < 0) throw new Error('no colon');
    return { id: formDecode(decoded.slice(0, colon)), secret: formDecode(decoded.slice(colon + 1)) };
  } catch {
    throw new OAuthError('invalid_client', 'The Basic credentials are malformed.', 401, { 'WWW-Authenticate': 'Basic realm="docsite"' });
  }
}

/**
 * The client a token or revocation request comes from. Confidential clients authenticate with
 * HTTP Basic or with `client_id` + `client_secret` form fields (one method per request); public
 * clients (registered with `token_endpoint_auth_method: none`) send `client_id` alone. Wrong
 * secrets are counted by `throttle` (per client and per address); past its limits even the
 * right one is refused for a while (`TooManyFailuresError`).
 */
export async function authenticateClient(
  req: Request,
  clients: Pick<OAuthClientStore, 'getClient' | 'authenticateClient'>,
  throttle: FailureThrottle,
  form: { client_id?: string | undefined; client_secret?: string | undefined },
): Promise<OAuthClient> {
  const basic = basicCredentials(req);
  const failed = (description: string): OAuthError =>
    new OAuthError('invalid_client', description, 401, basic ? { 'WWW-Authenticate': 'Basic realm="docsite"' } : {});
  if (basic && form.client_secret !== undefined)
    throw new OAuthError('invalid_request', 'Authenticate the client one way: HTTP Basic or form fields, not both.');
  if (basic && form.client_id !== undefined && form.client_id !== basic.id)
    throw new OAuthError('invalid_request', 'client_id does not match the Basic credentials.');
  const id = basic?.id ?? form.client_id;
  const secret = basic?.secret ?? form.client_secret;
  if (!id || id.length > 256) throw failed('Client authentication is required.');
  if (secret !== undefined) {
    const attempt = await throttle.attempt('client-secret', id, req);
    const client = secret.length <= 256 ? await clients.authenticateClient(id, secret) : undefined;
    if (!client) throw failed('Unknown client or wrong client secret.');
    await attempt.succeeded();
    return client;
  }
  const client = await clients.getClient(id);
  if (client?.tokenEndpointAuthMethod !== 'none') throw failed(client ? 'This client must authenticate with its client secret.' : 'Unknown client.');
  return client;
}
