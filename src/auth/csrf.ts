// CSRF defence for the sign-in, sign-out and consent forms: a cookie-bound token plus an Origin check.
import { randomBytes } from 'node:crypto';
import type { Request, Response } from 'express';
import { readCookie, writeCookie } from './cookies.js';
import { sameText, type Signer } from './signed-value.js';

/** Issues the hidden form token and checks it on submission. */
export interface Csrf {
  /** The token to put in a form's hidden `csrf` field; sets the cookie it is bound to when missing. */
  token(req: Request, res: Response): string;
  /** Whether a form POST carries the right token and comes from this site. */
  check(req: Request): boolean;
}

const COOKIE = 'docsite_csrf';

/** The key, and where the site is, for CSRF checks. */
export interface CsrfOptions {
  signer: Signer;
  isSecure(req: Request): boolean;
  /** The origin the site is reached at, e.g. `https://docs.example.com`. */
  originOf(req: Request): string;
}

/**
 * Whether the browser's own account of where a POST came from allows it: `Sec-Fetch-Site`, when
 * sent, must be `same-origin`; `Origin` must be the site's, or `null` when `Sec-Fetch-Site`
 * vouches for it (browsers send `null` for a page whose referrer policy hides its origin, and for
 * sandboxed or opaque origins, which `Sec-Fetch-Site` reports as cross-site). Requests that say
 * neither (older browsers, scripts) rely on the token alone.
 */
export function comesFromSite(origin: string | undefined, fetchSite: string | undefined, siteOrigin: string): boolean {
  if (fetchSite !== undefined && fetchSite !== 'same-origin') return false;
  if (origin === undefined || origin === siteOrigin) return true;
  return origin === 'null' && fetchSite === 'same-origin';
}

/**
 * Double-submit with a keyed token: the form field must be the HMAC of a random cookie value, so
 * a page elsewhere can neither read nor forge it. Browsers that say where a POST came from
 * must say it came from this site (`comesFromSite`).
 */
export function createCsrf({ signer, isSecure, originOf }: CsrfOptions): Csrf {
  const seen = new WeakMap<Request, string>();
  return {
    token(req, res) {
      let value = seen.get(req) ?? readCookie(req, COOKIE);
      if (!value || value.length < 32) {
        value = randomBytes(32).toString('base64url');
        writeCookie(res, COOKIE, value, { maxAge: 86_400, secure: isSecure(req) });
      }
      seen.set(req, value);
      return signer.mac('csrf', value);
    },
    check(req) {
      if (!comesFromSite(req.get('origin'), req.get('sec-fetch-site'), originOf(req))) return false;
      const cookie = readCookie(req, COOKIE);
      const field = (req.body as Record<string, unknown> | undefined)?.csrf;
      return typeof cookie === 'string' && typeof field === 'string' && sameText(field, signer.mac('csrf', cookie));
    },
  };
}
