// `POST /authed/mcp/oauth/revoke` (RFC 7009): a client revokes one of its tokens; a refresh token takes its grant.
import express, { Router } from 'express';
import { OAUTH_PATHS } from '../paths.js';
import { authenticateClient } from './client-auth.js';
import type { OAuthServerContext } from './context.js';
import { OAuthError } from './errors.js';
import { fieldsOf, onlyMethods, openCors, requireForm } from './http.js';

/** Answers 200 whether or not the token existed (RFC 7009 §2.2), so nothing is learnt about other tokens. */
export function revokeRoute(context: OAuthServerContext): Router {
  const router = Router();
  router.use(OAUTH_PATHS.revoke, openCors('POST, OPTIONS'), onlyMethods('POST'));
  router.post(OAUTH_PATHS.revoke, express.urlencoded({ extended: false, limit: '16kb', parameterLimit: 20 }), async (req, res) => {
    requireForm(req);
    const form = fieldsOf(req.body, ['token', 'token_type_hint', 'client_id', 'client_secret'] as const);
    if (!form.token) throw new OAuthError('invalid_request', 'token is required.');
    const client = await authenticateClient(req, context.store, context.throttle, form);
    await context.store.revokeToken({ token: form.token, clientId: client.clientId });
    res.set({ 'Cache-Control': 'no-store' }).status(200).end();
  });
  return router;
}
