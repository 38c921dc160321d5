// RFC 8414 authorization server metadata and RFC 9728 protected resource metadata, at every URL clients look.
import { Router, type Request } from 'express';
import { MCP_SCOPE, OAUTH_PATHS } from '../paths.js';
import { issuerOf, resourceOf, type OAuthServerContext } from './context.js';
import { openCors } from './http.js';

/**
 * Where clients look for the authorization server's metadata. The issuer is `<site>/authed/mcp/oauth`,
 * so RFC 8414 puts it at the first path; MCP clients of the 2025-03-26 revision, which take the
 * MCP server's origin (or URL) for the issuer, look at the other two.
 */
export const AUTHORIZATION_SERVER_METADATA_PATHS = [
  `/.well-known/oauth-authorization-server${OAUTH_PATHS.issuer}`,
  '/.well-known/oauth-authorization-server',
  `/.well-known/oauth-authorization-server${OAUTH_PATHS.resource}`,
];

/** RFC 9728 path insertion for `/authed/mcp`, then the root, which clients try next. */
export const PROTECTED_RESOURCE_METADATA_PATHS = [`/.well-known/oauth-protected-resource${OAUTH_PATHS.resource}`, '/.well-known/oauth-protected-resource'];

/** The URL of the protected resource metadata, for `WWW-Authenticate: Bearer resource_metadata="…"`. */
export function resourceMetadataUrl(context: OAuthServerContext, req: Request): string {
  return `${context.siteUrlOf(req)}${PROTECTED_RESOURCE_METADATA_PATHS[0]}`;
}

/** The authorization server metadata (RFC 8414 §2). */
export function authorizationServerMetadata(context: OAuthServerContext, req: Request) {
  const site = context.siteUrlOf(req);
  const authMethods = ['client_secret_basic', 'client_secret_post', 'none'];
  return {
    issuer: issuerOf(context, req),
    authorization_endpoint: `${site}${OAUTH_PATHS.authorize}`,
    token_endpoint: `${site}${OAUTH_PATHS.token}`,
    registration_endpoint: `${site}${OAUTH_PATHS.register}`,
    revocation_endpoint: `${site}${OAUTH_PATHS.revoke}`,
    scopes_supported: [MCP_SCOPE],
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token', 'client_credentials'],
    token_endpoint_auth_methods_supported: authMethods,
    revocation_endpoint_auth_methods_supported: authMethods,
    code_challenge_methods_supported: ['S256'],
    authorization_response_iss_parameter_supported: true,
    client_id_metadata_document_supported: false,
    service_documentation: `${site}/`,
  };
}

/** The protected resource metadata of `/authed/mcp` (RFC 9728 §2). */
export function protectedResourceMetadata(context: OAuthServerContext, req: Request) {
  return {
    resource: resourceOf(context, req),
    authorization_servers: [issuerOf(context, req)],
    scopes_supported: [MCP_SCOPE],
    bearer_methods_supported: ['header'],
    resource_name: `${context.siteName} docs (authenticated)`,
    resource_documentation: `${context.siteUrlOf(req)}/`,
  };
}

/** Serves both documents (GET, with CORS for browser-based clients). */
export function metadataRoute(context: OAuthServerContext): Router {
  const router = Router();
  const paths = [...AUTHORIZATION_SERVER_METADATA_PATHS, ...PROTECTED_RESOURCE_METADATA_PATHS];
  router.use(paths, openCors('GET, OPTIONS'));
  router.get(AUTHORIZATION_SERVER_METADATA_PATHS, (req, res) => void res.json(authorizationServerMetadata(context, req)));
  router.get(PROTECTED_RESOURCE_METADATA_PATHS, (req, res) => void res.json(protectedResourceMetadata(context, req)));
  return router;
}
