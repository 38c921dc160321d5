// The `oidc` identity provider: authorization code + PKCE against an upstream OpenID Connect provider.
import { Router, type Request } from 'express';
import * as oidc from 'openid-client';
import type { OidcProviderConfig } from '../config/index.js';
import { readCookie, writeCookie } from './cookies.js';
import { sendAuthPage } from './html.js';
import type { IdentityProvider } from './identity-provider.js';
import { AUTH_PATHS, safeReturnTo } from './paths.js';
import type { Sessions } from './sessions.js';
import type { Signer } from './signed-value.js';

/** The upstream provider's settings, and the site parts the sign-in uses. */
export interface OidcProviderOptions {
  config: OidcProviderConfig;
  sessions: Sessions;
  signer: Signer;
  siteUrlOf(req: Request): string;
  isSecure(req: Request): boolean;
  /** Failures of the upstream provider, for the server log (never tokens). */
  onError(message: string, error: unknown): void;
}

/** What the callback needs to finish a sign-in, kept in a signed cookie for ten minutes. */
interface PendingSignIn {
  state: string;
  nonce: string;
  verifier: string;
  returnTo: string;
}

const PENDING_COOKIE = 'docsite_oidc';
const PENDING_SECONDS = 600;
const LOOPBACK = /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?(\/|$)/;

/** The groups in a claim: an array of strings, or one string of names separated by spaces or commas. */
export function groupsOf(claim: unknown): string[] {
  const names = Array.isArray(claim) ? claim.filter((g): g is string => typeof g === 'string') : typeof claim === 'string' ? claim.split(/[\s,]+/) : [];
  return [...new Set(names.map((g) => g.trim()).filter(Boolean))];
}

/**
 * `AUTH_PATHS.login` redirects to the upstream provider; `AUTH_PATHS.oidcCallback` (register
 * `<siteUrl>/_docsite/oidc/callback` there) checks state, nonce and PKCE, reads the user's name
 * and groups from the ID token (or userinfo when the groups claim is not in it), and starts a
 * session. Discovery happens on first use and is retried after a failure.
 */
export function oidcProvider(options: OidcProviderOptions): IdentityProvider {
  const { config, sessions, signer } = options;
  let discovered: Promise<oidc.Configuration> | undefined;
  const configuration = (): Promise<oidc.Configuration> => {
    discovered ??= oidc
      .discovery(new URL(config.issuer), config.clientId, config.clientSecret, config.clientSecret ? oidc.ClientSecretPost(config.clientSecret) : oidc.None(), {
        // Plain http only for a provider on this machine (development and tests).
        ...(LOOPBACK.test(config.issuer) ? { execute: [oidc.allowInsecureRequests] } : {}),
      })
      .catch((error: unknown) => {
        discovered = undefined;
        throw error;
      });
    return discovered;
  };
  const callbackUrl = (req: Request): string => `${options.siteUrlOf(req)}${AUTH_PATHS.oidcCallback}`;
  const failed = (res: Parameters<typeof sendAuthPage>[0], returnTo: string): void =>
    sendAuthPage(
      res,
      502,
      'Sign-in failed',
      `<h1>Sign-in failed</h1><p>The identity provider could not sign you in.</p><p><a href="${AUTH_PATHS.login}?return_to=${encodeURIComponent(returnTo)}">Try again</a></p>`,
    );

  const router = Router();
  router.get(AUTH_PATHS.login, async (req, res) => {
    const returnTo = safeReturnTo(req.query.return_to);
    if (await sessions.read(req)) return res.redirect(303, returnTo);
    try {
      const pending: PendingSignIn = { state: oidc.randomState(), nonce: oidc.randomNonce(), verifier: oidc.randomPKCECodeVerifier(), returnTo };
      const url = oidc.buildAuthorizationUrl(await configuration(), {
        redirect_uri: callbackUrl(req),
        scope: config.scopes.join(' '),
        state: pending.state,
        nonce: pending.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(pending.verifier),
        code_challenge_method: 'S256',
      });
      writeCookie(res, PENDING_COOKIE, signer.sign('oidc', pending, PENDING_SECONDS), { maxAge: PENDING_SECONDS, secure: options.isSecure(req) });
      res.set('Cache-Control', 'no-store').redirect(302, url.href);
    } catch (error) {
      options.onError('oidc discovery failed', error);
      failed(res, returnTo);
    }
  });
  router.get(AUTH_PATHS.oidcCallback, async (req, res) => {
    const pending = signer.verify<PendingSignIn>('oidc', readCookie(req, PENDING_COOKIE));
    writeCookie(res, PENDING_COOKIE, '', { maxAge: 0, secure: options.isSecure(req) });
    if (!pending) return sendAuthPage(res, 400, 'Sign-in expired', `<h1>Sign-in expired</h1><p><a href="${AUTH_PATHS.login}">Sign in again</a></p>`);
    try {
      const settings = await configuration();
      const current = new URL(`${options.siteUrlOf(req)}${req.originalUrl}`);
      const tokens = await oidc.authorizationCodeGrant(settings, current, {
        pkceCodeVerifier: pending.verifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
      let claims: Record<string, unknown> = { ...tokens.claims() };
      if (!(config.groupsClaim in claims) && settings.serverMetadata().userinfo_endpoint) {
        claims = { ...(await oidc.fetchUserInfo(settings, tokens.access_token, String(claims.sub))), ...claims };
      }
      const sub = String(claims.sub);
      const name = [claims[config.usernameClaim], claims.email, sub].find((v): v is string => typeof v === 'string' && v !== '')!;
      await sessions.start(req, res, { id: sub, name, groups: groupsOf(claims[config.groupsClaim]) });
      res.redirect(303, pending.returnTo);
    } catch (error) {
      options.onError('oidc sign-in failed', error);
      failed(res, pending.returnTo);
    }
  });
  return { kind: 'oidc', router };
}
