// `/authed/mcp/oauth/authorize`: sign-in if needed, a consent page naming the client, then a code for its redirect URI.
import express, { Router, type Request, type Response } from 'express';
import type { Csrf } from '../csrf.js';
import { escapeHtml, hiddenInputs, sendAuthPage } from '../html.js';
import { AUTH_PATHS, loginUrl, OAUTH_PATHS } from '../paths.js';
import type { OAuthSubject } from '../../store/index.js';
import type { SessionUser, Sessions, SignedInUser } from '../sessions.js';
import { AuthorizeRedirectError, parseAuthorizeRequest, redirectWith, UntrustedRedirectError, type AuthorizeRequest } from './authorize-request.js';
import { issuerOf, type OAuthServerContext } from './context.js';
import { toOAuthError } from './errors.js';
import { onlyMethods } from './http.js';

/** The authorization server's context plus the browser session and CSRF of the sign-in pages. */
export interface AuthorizeRouteOptions extends OAuthServerContext {
  sessions: Sessions;
  csrf: Csrf;
}

/** Where the consent page says the browser goes next: scheme and host of the redirect URI. */
function destinationOf(redirectUri: string): string {
  const url = new URL(redirectUri);
  return url.host ? `${url.protocol}//${url.host}` : url.protocol;
}

function consentPage(options: AuthorizeRouteOptions, req: Request, res: Response, request: AuthorizeRequest, user: SessionUser): void {
  const client = request.client.name ? `<strong>${escapeHtml(request.client.name)}</strong>` : 'An unnamed application';
  sendAuthPage(
    res,
    200,
    `Allow access? · ${options.siteName}`,
    `<h1>Allow access to ${escapeHtml(options.siteName)} docs?</h1>` +
      `<p>${client} wants to search and read the ${escapeHtml(options.siteName)} documentation you can see, as <strong>${escapeHtml(user.name)}</strong>.</p>` +
      `<p class="muted">If you allow it, you will be sent to <code>${escapeHtml(destinationOf(request.redirectUri))}</code>. The application names itself; allow only one you just connected.</p>` +
      `<form method="post" action="${OAUTH_PATHS.authorize}">${hiddenInputs({ ...request.params, csrf: options.csrf.token(req, res) })}` +
      `<button type="submit" name="decision" value="allow">Allow</button><button type="submit" class="secondary" name="decision" value="deny">Deny</button></form>` +
      `<p class="muted">Not ${escapeHtml(user.name)}? <a href="${AUTH_PATHS.logout}">Sign out</a></p>`,
  );
}

/**
 * Whom the code speaks for: the signed-in user with their groups as the session reads them now.
 * An OIDC user's grant ends with this sign-in, the last time the upstream provider vouched for them.
 */
function subjectOf(user: SignedInUser): OAuthSubject {
  return {
    kind: 'user',
    userId: user.id,
    groups: user.groups,
    provider: user.provider,
    ...(user.provider === 'oidc' ? { signInExpiresAt: user.expiresAt } : {}),
  };
}

/** Error page for requests whose redirect URI cannot be trusted; redirect with `error` for the rest (RFC 6749 §4.1.2.1). */
function answerError(options: AuthorizeRouteOptions, req: Request, res: Response, error: unknown): void {
  if (error instanceof UntrustedRedirectError) {
    sendAuthPage(
      res,
      400,
      'Authorization failed',
      `<h1>Authorization failed</h1><p>${escapeHtml(error.message)}</p><p class="muted">Start the connection again from your application.</p>`,
    );
    return;
  }
  if (error instanceof AuthorizeRedirectError) {
    return void res.redirect(
      302,
      redirectWith(error.redirectUri, issuerOf(options, req), { error: error.code, error_description: error.description, state: error.state }),
    );
  }
  const oauth = toOAuthError(error);
  if (oauth.code === 'server_error')
    options.logger.error('authorization request failed', { error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  sendAuthPage(res, oauth.status, 'Authorization failed', `<h1>Authorization failed</h1><p>${escapeHtml(oauth.description)}</p>`);
}

/** GET shows the consent page (after sign-in); POST records the decision and redirects with a code or `access_denied`. */
export function authorizeRoute(options: AuthorizeRouteOptions): Router {
  const { sessions, csrf, store } = options;
  const router = Router();
  router.use(OAUTH_PATHS.authorize, onlyMethods('GET', 'POST'));
  router.get(OAUTH_PATHS.authorize, async (req, res) => {
    try {
      const request = await parseAuthorizeRequest(options, req, req.query);
      const user = await sessions.read(req);
      if (!user) return res.redirect(302, loginUrl(req.originalUrl));
      consentPage(options, req, res, request, user);
    } catch (error) {
      answerError(options, req, res, error);
    }
  });
  router.post(OAUTH_PATHS.authorize, express.urlencoded({ extended: false, limit: '16kb', parameterLimit: 20 }), async (req, res) => {
    try {
      if (!csrf.check(req))
        return sendAuthPage(
          res,
          403,
          'Authorization failed',
          '<h1>Authorization failed</h1><p>The consent form expired or came from another site. Start the connection again from your application.</p>',
        );
      const request = await parseAuthorizeRequest(options, req, req.body);
      // Read from the Store now: a user removed (or signed out) since the page was shown is sent to sign in.
      const user = await sessions.read(req);
      const query = new URLSearchParams(Object.entries(request.params).filter((entry): entry is [string, string] => entry[1] !== undefined));
      if (!user) return res.redirect(303, loginUrl(`${OAUTH_PATHS.authorize}?${query}`));
      const issuer = issuerOf(options, req);
      if ((req.body as Record<string, unknown>).decision !== 'allow') {
        return res.redirect(
          303,
          redirectWith(request.redirectUri, issuer, { error: 'access_denied', error_description: 'The user denied access.', state: request.state }),
        );
      }
      const code = await store.createAuthorizationCode({
        clientId: request.client.clientId,
        redirectUri: request.redirectUri,
        redirectUriGiven: request.redirectUriGiven,
        codeChallenge: request.codeChallenge,
        codeChallengeMethod: 'S256',
        subject: subjectOf(user),
        scope: request.scope,
        resource: request.resource,
        ttlSeconds: options.lifetimes.authorizationCode,
      });
      res.set('Cache-Control', 'no-store').redirect(303, redirectWith(request.redirectUri, issuer, { code, state: request.state }));
    } catch (error) {
      answerError(options, req, res, error);
    }
  });
  return router;
}
