// The three grants of the token endpoint: authorization_code, refresh_token and client_credentials.
import type { Request } from 'express';
import type { IssuedTokens, OAuthClient } from '../../store/index.js';
import { MCP_SCOPE } from '../paths.js';
import { resourceOf, type OAuthServerContext } from './context.js';
import { OAuthError } from './errors.js';
import { fieldsOf } from './http.js';
import { verifiesS256 } from './pkce.js';

/** A grant handler: the authenticated client and the request in, a new token pair out. */
export type Grant = (context: OAuthServerContext, client: OAuthClient, req: Request) => Promise<IssuedTokens>;

function requireGrantType(client: OAuthClient, grantType: string): void {
  if (!client.grantTypes.includes(grantType)) throw new OAuthError('unauthorized_client', `This client may not use the ${grantType} grant.`);
}

/** A requested `scope` must be within what docsite grants; absent means all of it. */
function checkScope(scope: string | undefined): void {
  if (scope?.split(' ').some((s) => s !== '' && s !== MCP_SCOPE)) throw new OAuthError('invalid_scope', `The only scope is ${MCP_SCOPE}.`);
}

/** How long access tokens of this client live: client credentials get their own (longer) lifetime. */
function accessTtlOf(context: OAuthServerContext, client: OAuthClient): number {
  return client.kind === 'credential' ? context.lifetimes.clientCredentialAccessToken : context.lifetimes.accessToken;
}

/**
 * Redeems a code once: same client, the same redirect URI (required when the authorization request
 * named one, OAuth 2.1 §4.1.3), PKCE verifier matching the S256 challenge. The Store refuses the
 * code of a local user removed meanwhile, and gives the tokens the groups the user has now.
 */
const authorizationCode: Grant = async (context, client, req) => {
  requireGrantType(client, 'authorization_code');
  const form = fieldsOf(req.body, ['code', 'redirect_uri', 'code_verifier', 'resource'] as const);
  if (!form.code) throw new OAuthError('invalid_request', 'code is required.');
  if (!form.code_verifier) throw new OAuthError('invalid_request', 'code_verifier is required (PKCE).');
  const code = await context.store.consumeAuthorizationCode(form.code);
  if (!code || code.clientId !== client.clientId) throw new OAuthError('invalid_grant', 'The authorization code is invalid, expired or already used.');
  if (form.redirect_uri === undefined && code.redirectUriGiven)
    throw new OAuthError('invalid_grant', 'redirect_uri is required: the authorization request included one.');
  if (form.redirect_uri !== undefined && form.redirect_uri !== code.redirectUri)
    throw new OAuthError('invalid_grant', 'redirect_uri does not match the authorization request.');
  if (!verifiesS256(form.code_verifier, code.codeChallenge)) throw new OAuthError('invalid_grant', 'The code_verifier does not match the code_challenge.');
  if (form.resource !== undefined && form.resource.replace(/\/+$/, '') !== code.resource)
    throw new OAuthError('invalid_target', 'resource does not match the authorization request.');
  return context.store.issueTokens({
    clientId: client.clientId,
    subject: code.subject,
    audience: code.resource,
    scope: code.scope,
    grantId: code.grantId,
    accessTtlSeconds: accessTtlOf(context, client),
    refreshTtlSeconds: context.lifetimes.refreshToken,
  });
};

/**
 * Spends a refresh token and returns the next pair of its grant; a reused one revokes the grant.
 * The Store ends a local user's grant once they are removed (and gives the new pair their groups
 * as they are now), and an OIDC user's grant when the sign-in it came from ends.
 */
const refreshToken: Grant = async (context, client, req) => {
  requireGrantType(client, 'refresh_token');
  const form = fieldsOf(req.body, ['refresh_token', 'scope'] as const);
  if (!form.refresh_token) throw new OAuthError('invalid_request', 'refresh_token is required.');
  checkScope(form.scope);
  const issued = await context.store.rotateRefreshToken({
    refreshToken: form.refresh_token,
    clientId: client.clientId,
    accessTtlSeconds: accessTtlOf(context, client),
    refreshTtlSeconds: context.lifetimes.refreshToken,
  });
  if (!issued) throw new OAuthError('invalid_grant', 'The refresh token is invalid, expired, revoked or already used.');
  return issued;
};

/** Machines holding a client credential (SPEC.md 5.5): tokens for `/authed/mcp` with scope `mcp:search`. */
const clientCredentials: Grant = async (context, client, req) => {
  if (client.kind !== 'credential')
    throw new OAuthError('unauthorized_client', 'Only client credentials created by the site owner may use the client_credentials grant.');
  checkScope(fieldsOf(req.body, ['scope'] as const).scope);
  return context.store.issueTokens({
    clientId: client.clientId,
    subject: { kind: 'client-credential', clientId: client.clientId },
    audience: resourceOf(context, req),
    scope: MCP_SCOPE,
    accessTtlSeconds: accessTtlOf(context, client),
    refreshTtlSeconds: context.lifetimes.refreshToken,
  });
};

/** Grants by `grant_type`. */
export const GRANTS: Readonly<Record<string, Grant>> = {
  authorization_code: authorizationCode,
  refresh_token: refreshToken,
  client_credentials: clientCredentials,
};
