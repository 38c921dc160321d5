// RFC 7591 dynamic client registration: how Claude, Cursor, VS Code and mcp-remote get a client id.
import express, { Router } from 'express';
import type { TokenEndpointAuthMethod } from '../../store/index.js';
import { MCP_SCOPE, OAUTH_PATHS } from '../paths.js';
import type { OAuthServerContext } from './context.js';
import { OAuthError } from './errors.js';
import { onlyMethods, openCors } from './http.js';
import type { RedirectPolicy } from './redirect-policy.js';

const GRANT_TYPES = new Set(['authorization_code', 'refresh_token']);
const AUTH_METHODS = new Set<TokenEndpointAuthMethod>(['none', 'client_secret_post', 'client_secret_basic']);
const MAX_REDIRECT_URIS = 20;
const MAX_NAME = 200;

function metadataError(description: string): OAuthError {
  return new OAuthError('invalid_client_metadata', description);
}

function stringArray(value: unknown, name: string): string[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) throw metadataError(`${name} must be an array of strings.`);
  return value as string[];
}

/** The validated registration request, or an RFC 7591 error. */
function registrationOf(body: unknown, redirects: RedirectPolicy) {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw metadataError('The body must be a JSON object of client metadata.');
  const metadata = body as Record<string, unknown>;
  const redirectUris = stringArray(metadata.redirect_uris, 'redirect_uris');
  if (!redirectUris || redirectUris.length === 0) throw new OAuthError('invalid_redirect_uri', 'redirect_uris must list at least one redirect URI.');
  if (redirectUris.length > MAX_REDIRECT_URIS) throw new OAuthError('invalid_redirect_uri', `At most ${MAX_REDIRECT_URIS} redirect URIs may be registered.`);
  // RFC 7591 §2 lets the server register fewer values than asked: URIs merely not allowed on
  // this site are dropped (Cursor, for one, asks for three and uses the loopback one when it must),
  // but one that is never valid, or none left, refuses the registration.
  const problems = redirectUris.map((uri) => ({ uri, problem: redirects.problemWith(uri) }));
  const refused = problems.find(({ problem }) => problem?.forbidden) ?? (problems.every(({ problem }) => problem) ? problems[0] : undefined);
  if (refused?.problem)
    throw new OAuthError('invalid_redirect_uri', `The redirect URI ${JSON.stringify(refused.uri.slice(0, 200))} ${refused.problem.reason}.`);
  const allowedUris = problems.filter(({ problem }) => !problem).map(({ uri }) => uri);
  const grantTypes = stringArray(metadata.grant_types, 'grant_types') ?? ['authorization_code', 'refresh_token'];
  const unsupported = grantTypes.find((grant) => !GRANT_TYPES.has(grant));
  if (unsupported)
    throw metadataError(
      `The grant type ${JSON.stringify(unsupported)} cannot be registered; client credentials are created by the site owner with \`docsite credentials create\`.`,
    );
  if (!grantTypes.includes('authorization_code')) throw metadataError('grant_types must include authorization_code.');
  const responseTypes = stringArray(metadata.response_types, 'response_types') ?? ['code'];
  if (responseTypes.some((type) => type !== 'code')) throw metadataError('response_types may only contain "code".');
  const method = metadata.token_endpoint_auth_method ?? 'client_secret_basic';
  if (typeof method !== 'string' || !AUTH_METHODS.has(method as TokenEndpointAuthMethod))
    throw metadataError('token_endpoint_auth_method must be none, client_secret_post or client_secret_basic.');
  const name = metadata.client_name;
  if (name !== undefined && typeof name !== 'string') throw metadataError('client_name must be a string.');
  const cleanName =
    name
      ?.replace(/[\p{Cc}\p{Cf}]/gu, '')
      .trim()
      .slice(0, MAX_NAME) || null;
  return {
    name: cleanName,
    redirectUris: [...new Set(allowedUris)],
    grantTypes: [...new Set(grantTypes)],
    responseTypes,
    tokenEndpointAuthMethod: method as TokenEndpointAuthMethod,
  };
}

/** `POST /authed/mcp/oauth/register`: JSON client metadata in, 201 with the client id (and secret) out. */
export function registerRoute(context: OAuthServerContext): Router {
  const router = Router();
  router.use(OAUTH_PATHS.register, openCors('POST, OPTIONS'), onlyMethods('POST'));
  router.post(OAUTH_PATHS.register, context.rateLimit('register'), express.json({ limit: '16kb', type: () => true }), async (req, res) => {
    const registration = registrationOf(req.body, await context.redirects());
    const client = await context.store.registerClient(registration);
    res
      .status(201)
      .set({ 'Cache-Control': 'no-store', Pragma: 'no-cache' })
      .json({
        client_id: client.clientId,
        ...(client.clientSecret ? { client_secret: client.clientSecret, client_secret_expires_at: 0 } : {}),
        client_id_issued_at: Math.floor(Date.parse(client.createdAt) / 1000),
        ...(client.name ? { client_name: client.name } : {}),
        redirect_uris: client.redirectUris,
        grant_types: client.grantTypes,
        response_types: registration.responseTypes,
        token_endpoint_auth_method: client.tokenEndpointAuthMethod,
        scope: MCP_SCOPE,
      });
  });
  return router;
}
