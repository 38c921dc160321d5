// Tamper-proof, expiring values for cookies: base64url JSON followed by its HMAC-SHA256.
import { createHmac, timingSafeEqual } from 'node:crypto';

/** Signs and verifies values under one key; a value signed for one purpose never verifies for another. */
export interface Signer {
  /** `payload` with an expiry `ttlSeconds` from now, signed for `purpose`. */
  sign(purpose: string, payload: object, ttlSeconds: number): string;
  /** The payload when `token` was signed for `purpose` with this key and has not expired, else undefined. */
  verify<T extends object>(purpose: string, token: string | undefined): T | undefined;
  /** A keyed digest of `text` for `purpose` (base64url), e.g. a CSRF token bound to a cookie. */
  mac(purpose: string, text: string): string;
}

/** A signer using `key`; `now` returns milliseconds since the epoch. */
export function createSigner(key: string, now: () => number = Date.now): Signer {
  const mac = (purpose: string, text: string): string => createHmac('sha256', key).update(`${purpose}\n${text}`).digest('base64url');
  return {
    mac,
    sign(purpose, payload, ttlSeconds) {
      const body = Buffer.from(JSON.stringify({ ...payload, exp: now() + ttlSeconds * 1000 })).toString('base64url');
      return `${body}.${mac(purpose, body)}`;
    },
    verify<T extends object>(purpose: string, token: string | undefined): T | undefined {
      if (!token || token.length > 8192) return undefined;
      const dot = token.lastIndexOf('.');
      const body = token.slice(0, dot);
      const expected = Buffer.from(mac(purpose, body));
      const actual = Buffer.from(token.slice(dot + 1));
      if (dot < 0 || actual.length !== expected.length || !timingSafeEqual(actual, expected)) return undefined;
      try {
        const value = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as T & { exp?: unknown };
        return typeof value.exp === 'number' && value.exp > now() ? value : undefined;
      } catch {
        return undefined;
      }
    },
  };
}

/** Whether two strings are equal, in time independent of where they differ. */
export function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
