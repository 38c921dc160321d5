// `POST /authed/mcp/oauth/token` (RFC 6749 §3.2): client authentication, then the grant asked for.
import express, { Router } from 'express';
import { OAUTH_PATHS } from '../paths.js';
import { authenticateClient } from './client-auth.js';
import { isOurResource, type OAuthServerContext } from './context.js';
import { OAuthError } from './errors.js';
import { GRANTS } from './grants.js';
import { fieldsOf, onlyMethods, openCors, requireForm } from './http.js';

/** Answers with exactly the SPEC.md 2.9 token response: access_token, token_type, expires_in, refresh_token, scope. */
export function tokenRoute(context: OAuthServerContext): Router {
  const router = Router();
  router.use(OAUTH_PATHS.token, openCors('POST, OPTIONS'), onlyMethods('POST'));
  router.post(OAUTH_PATHS.token, context.rateLimit('token'), express.urlencoded({ extended: false, limit: '16kb', parameterLimit: 20 }), async (req, res) => {
    requireForm(req);
    const form = fieldsOf(req.body, ['grant_type', 'client_id', 'client_secret', 'resource'] as const);
    if (!form.grant_type) throw new OAuthError('invalid_request', 'grant_type is required.');
    const grant = Object.hasOwn(GRANTS, form.grant_type) ? GRANTS[form.grant_type] : undefined;
    if (!grant) throw new OAuthError('unsupported_grant_type', `The grant type ${JSON.stringify(form.grant_type.slice(0, 100))} is not supported.`);
    if (!isOurResource(context, req, form.resource)) throw new OAuthError('invalid_target', "resource must be this site's /authed/mcp.");
    const client = await authenticateClient(req, context.store, context.throttle, form);
    const issued = await grant(context, client, req);
    res.set({ 'Cache-Control': 'no-store', Pragma: 'no-cache' }).json({
      access_token: issued.accessToken,
      token_type: 'Bearer',
      expires_in: issued.expiresIn,
      refresh_token: issued.refreshToken,
      scope: issued.scope,
    });
  });
  return router;
}
