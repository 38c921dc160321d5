// Plumbing every OAuth endpoint shares: method guards, CORS for non-browser-session calls, form fields.
import type { Request, RequestHandler } from 'express';
import { OAuthError } from './errors.js';

/**
 * CORS for endpoints authenticated by anything but cookies (metadata, register, token, revoke):
 * any origin may call them, so web-based MCP clients can. Answers preflights itself.
 */
export function openCors(methods: string): RequestHandler {
  return (req, res, next) => {
    res.set({ 'Access-Control-Allow-Origin': '*', 'Access-Control-Expose-Headers': 'WWW-Authenticate, Retry-After, RateLimit, RateLimit-Policy' });
    if (req.method !== 'OPTIONS') return next();
    res
      .set({
        'Access-Control-Allow-Methods': methods,
        'Access-Control-Allow-Headers': 'Authorization, Content-Type, MCP-Protocol-Version',
        'Access-Control-Max-Age': '86400',
      })
      .status(204)
      .end();
  };
}

/** Answers 405 with `Allow` for any method but `allowed` (after OPTIONS was handled). */
export function onlyMethods(...allowed: string[]): RequestHandler {
  const set = new Set([...allowed, 'OPTIONS']);
  if (allowed.includes('GET')) set.add('HEAD');
  return (req, res, next) => {
    if (set.has(req.method)) return next();
    res.set('Allow', [...set].join(', '));
    next(new OAuthError('invalid_request', `${req.method} is not allowed here; use ${allowed.join(' or ')}.`, 405));
  };
}

/**
 * The named fields of a form body (or query), each a single string or undefined. A repeated
 * parameter is an error (RFC 6749 §3.1, §3.2).
 */
export function fieldsOf<K extends string>(source: unknown, names: readonly K[]): Record<K, string | undefined> {
  const record = (typeof source === 'object' && source !== null ? source : {}) as Record<string, unknown>;
  const out = {} as Record<K, string | undefined>;
  for (const name of names) {
    const value = record[name];
    if (Array.isArray(value)) throw new OAuthError('invalid_request', `The parameter ${name} is repeated.`);
    out[name] = typeof value === 'string' && value !== '' ? value : undefined;
  }
  return out;
}

/** The form-encoded body of a POST, or an error naming the expected content type. */
export function requireForm(req: Request): void {
  if (!req.is('application/x-www-form-urlencoded')) throw new OAuthError('invalid_request', 'The body must be application/x-www-form-urlencoded.');
}
