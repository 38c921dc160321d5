// The `local` identity provider: a sign-in form checked against the users of the Store, with wrong passwords throttled.
import express, { Router, type Request, type Response } from 'express';
import { RateLimiterUnavailableError } from '../ratelimit/index.js';
import { canonicalUsername, type UserStore } from '../store/index.js';
import type { Csrf } from './csrf.js';
import { escapeHtml, hiddenInputs, sendAuthPage } from './html.js';
import type { IdentityProvider } from './identity-provider.js';
import { AUTH_PATHS, safeReturnTo } from './paths.js';
import type { Sessions } from './sessions.js';
import { TooManyFailuresError, type FailureThrottle, type GuessAttempt } from './throttle.js';

/** Where users are checked, the throttle of wrong passwords, and the session, CSRF and name the sign-in form uses. */
export interface LocalProviderOptions {
  users: Pick<UserStore, 'verifyUser'>;
  sessions: Sessions;
  csrf: Csrf;
  throttle: FailureThrottle;
  siteName: string;
  /** Where the form is served and posted; default `AUTH_PATHS.login`. */
  path?: string;
  /** Where sign-in goes when the form was opened without `return_to`; default `/`. */
  home?: string;
}

/** "in 3 minutes", "in 40 seconds": how long a throttled person waits, in words. */
function waitInWords(seconds: number): string {
  if (seconds < 90) return `in ${seconds} second${seconds === 1 ? '' : 's'}`;
  return `in ${Math.ceil(seconds / 60)} minutes`;
}

/** Serves the sign-in form at `path` (GET) and checks it (POST). */
export function localProvider({ users, sessions, csrf, throttle, siteName, path = AUTH_PATHS.login, home = '/' }: LocalProviderOptions): IdentityProvider {
  const returnToOf = (value: unknown): string => (value === undefined ? home : safeReturnTo(value));
  const form = (req: Request, res: Response, status: number, returnTo: string, problem?: string, username = ''): void => {
    const error = problem ? `<p class="error" role="alert">${escapeHtml(problem)}</p>` : '';
    sendAuthPage(
      res,
      status,
      `Sign in · ${siteName}`,
      `<h1>Sign in to ${escapeHtml(siteName)}</h1>${error}<form method="post" action="${path}">${hiddenInputs({ csrf: csrf.token(req, res), return_to: returnTo })}` +
        `<label for="username">Username</label><input type="text" id="username" name="username" autocomplete="username" required autofocus value="${escapeHtml(username)}">` +
        `<label for="password">Password</label><input type="password" id="password" name="password" autocomplete="current-password" required>` +
        `<button type="submit">Sign in</button></form>`,
    );
  };

  const router = Router();
  router.get(path, async (req, res) => {
    const returnTo = returnToOf(req.query.return_to);
    if (await sessions.read(req)) return res.redirect(303, returnTo);
    form(req, res, 200, returnTo);
  });
  router.post(path, express.urlencoded({ extended: false, limit: '8kb', parameterLimit: 10 }), async (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const returnTo = returnToOf(body.return_to);
    if (!csrf.check(req)) return form(req, res, 403, returnTo, 'Your sign-in form expired or came from another site. Please try again.');
    const username = typeof body.username === 'string' ? body.username : '';
    const password = typeof body.password === 'string' ? body.password : '';
    const shownName = username.slice(0, 254);
    if (!username || !password) return form(req, res, 401, returnTo, 'Wrong username or password.', shownName);
    let attempt: GuessAttempt;
    try {
      // Counted before the password is checked: while locked out, the right password is refused too.
      attempt = await throttle.attempt('password', canonicalUsername(username), req);
    } catch (error) {
      if (error instanceof TooManyFailuresError) {
        res.set('Retry-After', String(error.retryAfterSeconds));
        return form(req, res, 429, returnTo, `Too many failed sign-in attempts. Try again ${waitInWords(error.retryAfterSeconds)}.`, shownName);
      }
      if (error instanceof RateLimiterUnavailableError) {
        res.set('Retry-After', '5');
        return form(req, res, 503, returnTo, 'Signing in is briefly unavailable. Please try again in a moment.', shownName);
      }
      throw error;
    }
    const user = await users.verifyUser(username, password);
    if (!user) return form(req, res, 401, returnTo, 'Wrong username or password.', shownName);
    await attempt.succeeded();
    await sessions.start(req, res, { id: user.username, name: user.username, groups: user.groups });
    res.redirect(303, returnTo);
  });
  return { kind: 'local', router };
}
