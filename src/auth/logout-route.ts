// Sign-out: GET shows a one-button form (so a link or image elsewhere cannot sign anyone out), POST ends the session on the server.
import express, { Router } from 'express';
import type { Csrf } from './csrf.js';
import { escapeHtml, hiddenInputs, sendAuthPage } from './html.js';
import { AUTH_PATHS } from './paths.js';
import type { Sessions } from './sessions.js';

/** Serves `AUTH_PATHS.logout`: GET a confirmation form, POST (with its CSRF token) ends the session in the Store and goes home. */
export function logoutRoute({ sessions, csrf, siteName }: { sessions: Sessions; csrf: Csrf; siteName: string }): Router {
  const router = Router();
  router.get(AUTH_PATHS.logout, async (req, res) => {
    const user = await sessions.read(req);
    if (!user) return res.redirect(303, '/');
    sendAuthPage(
      res,
      200,
      `Sign out · ${siteName}`,
      `<h1>Sign out of ${escapeHtml(siteName)}?</h1><p>You are signed in as <strong>${escapeHtml(user.name)}</strong>.</p>` +
        `<form method="post" action="${AUTH_PATHS.logout}">${hiddenInputs({ csrf: csrf.token(req, res) })}<button type="submit">Sign out</button></form>`,
    );
  });
  router.post(AUTH_PATHS.logout, express.urlencoded({ extended: false, limit: '4kb', parameterLimit: 5 }), async (req, res) => {
    if (!csrf.check(req)) return sendAuthPage(res, 403, 'Sign out', '<h1>Sign out</h1><p>The form expired or came from another site.</p>');
    await sessions.end(req, res);
    res.redirect(303, '/');
  });
  return router;
}
