// Validates an authorization request (RFC 6749 §4.1.1, RFC 7636, RFC 8707), for the consent page and its answer.
import type { Request } from 'express';
import type { OAuthClient } from '../../store/index.js';
import { MCP_SCOPE } from '../paths.js';
import { isOurResource, resourceOf, type OAuthServerContext } from './context.js';
import { OAuthError } from './errors.js';
import { fieldsOf } from './http.js';
import { isS256Challenge } from './pkce.js';

/** The parameters an authorization request carries, from the query (GET) or the consent form (POST). */
export const AUTHORIZE_FIELDS = [
  'response_type',
  'client_id',
  'redirect_uri',
  'state',
  'code_challenge',
  'code_challenge_method',
  'scope',
  'resource',
] as const;

/** A request that passed every check: what the consent page shows and the code will hold. */
export interface AuthorizeRequest {
  client: OAuthClient;
  redirectUri: string;
  /** Whether the request named `redirectUri` (else it is the client's only registered one): the code exchange must then name it too. */
  redirectUriGiven: boolean;
  state: string | undefined;
  codeChallenge: string;
  scope: string;
  resource: string;
  /** The parameters as received, to carry through sign-in and the consent form. */
  params: Record<(typeof AUTHORIZE_FIELDS)[number], string | undefined>;
}

/** The client or its redirect URI cannot be trusted: show an error page, never redirect (RFC 6749 §4.1.2.1). */
export class UntrustedRedirectError extends Error {
  override readonly name = 'UntrustedRedirectError';
}

/** A problem to report to the client at its (verified) redirect URI. */
export class AuthorizeRedirectError extends OAuthError {
  constructor(
    readonly redirectUri: string,
    readonly state: string | undefined,
    error: OAuthError,
  ) {
    super(error.code, error.description);
  }
}

/**
 * Checks the client and redirect URI first (errors: `UntrustedRedirectError`), then the rest
 * (errors: `AuthorizeRedirectError`): response type `code`, PKCE with S256 (`plain` and a missing
 * challenge are refused), the resource, and the client's right to the authorization code grant.
 */
export async function parseAuthorizeRequest(context: OAuthServerContext, req: Request, source: unknown): Promise<AuthorizeRequest> {
  let params: AuthorizeRequest['params'];
  try {
    params = fieldsOf(source, AUTHORIZE_FIELDS);
  } catch {
    throw new UntrustedRedirectError('The authorization request repeats a parameter.');
  }
  const client = params.client_id && params.client_id.length <= 256 ? await context.store.getClient(params.client_id) : undefined;
  if (!client) throw new UntrustedRedirectError('The application asking for access is not registered with this site.');
  if (client.kind === 'credential') throw new UntrustedRedirectError('Client credentials cannot sign people in.');
  const redirectUri = params.redirect_uri ?? (client.redirectUris.length === 1 ? client.redirectUris[0] : undefined);
  if (!redirectUri) throw new UntrustedRedirectError('The authorization request has no redirect_uri.');
  const redirects = await context.redirects();
  if (!redirects.isRegistered(redirectUri, client.redirectUris)) throw new UntrustedRedirectError('The redirect_uri is not one the application registered.');
  const problem = redirects.problemWith(redirectUri);
  if (problem) throw new UntrustedRedirectError(`The redirect_uri ${problem.reason}.`);

  const fail = (error: OAuthError): AuthorizeRedirectError => new AuthorizeRedirectError(redirectUri, params.state, error);
  if (params.response_type !== 'code') throw fail(new OAuthError('unsupported_response_type', 'response_type must be code.'));
  if (!params.code_challenge) throw fail(new OAuthError('invalid_request', 'PKCE is required: send code_challenge with code_challenge_method=S256.'));
  if (params.code_challenge_method !== 'S256') throw fail(new OAuthError('invalid_request', 'code_challenge_method must be S256; plain is not supported.'));
  if (!isS256Challenge(params.code_challenge)) throw fail(new OAuthError('invalid_request', 'code_challenge must be 43 base64url characters (S256).'));
  if (!isOurResource(context, req, params.resource)) throw fail(new OAuthError('invalid_target', "resource must be this site's /authed/mcp."));
  if (!client.grantTypes.includes('authorization_code'))
    throw fail(new OAuthError('unauthorized_client', 'This client may not use the authorization code grant.'));
  return {
    client,
    redirectUri,
    redirectUriGiven: params.redirect_uri !== undefined,
    state: params.state,
    codeChallenge: params.code_challenge,
    scope: MCP_SCOPE,
    resource: resourceOf(context, req),
    params,
  };
}

/** `redirectUri` with the given response parameters added to its query, and `iss` (RFC 9207). */
export function redirectWith(redirectUri: string, issuer: string, values: Record<string, string | undefined>): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries({ ...values, iss: issuer })) if (value !== undefined) url.searchParams.set(name, value);
  return url.href;
}
