// The OAuth 2.1 authorization server of `/authed/mcp`: metadata, registration, authorization, tokens, revocation.
import { Router } from 'express';
import { authorizeRoute, type AuthorizeRouteOptions } from './authorize-route.js';
import { oauthErrorHandler } from './errors.js';
import { metadataRoute } from './metadata-route.js';
import { registerRoute } from './register-route.js';
import { revokeRoute } from './revoke-route.js';
import { tokenRoute } from './token-route.js';

/** Every endpoint of the authorization server, with RFC 6749 error bodies for the JSON ones. */
export function authorizationServer(options: AuthorizeRouteOptions): Router {
  const router = Router();
  router.use(metadataRoute(options), registerRoute(options), authorizeRoute(options), tokenRoute(options), revokeRoute(options));
  router.use(oauthErrorHandler(options.logger));
  return router;
}
