// Bearer API key authentication of the REST API (SPEC.md 5.1): one middleware per kind of key.
import type { RequestHandler } from 'express';
import { bearerTokenOf } from '../auth/index.js';
import type { ApiKey, ApiKeyKind, ApiKeyStore } from '../store/index.js';
import { HttpError } from './http-error.js';

/** What `res.locals` holds after the middleware let a request through. */
export interface ApiKeyLocals {
  apiKey: ApiKey;
}

/**
 * Lets a request through only with a live API key of `kind` (checked by the store, in constant
 * time, revocations seen at once). No (well-formed) Bearer token: 401 with `WWW-Authenticate: Bearer`; a key
 * that is not live: 401 with `error="invalid_token"`; a key of the other kind: 403. The key is
 * never logged or echoed.
 */
export function apiKeyAuth(store: ApiKeyStore, kind: ApiKeyKind): RequestHandler {
  return async (req, res, next) => {
    const presented = bearerTokenOf(req);
    if (presented === undefined) {
      throw new HttpError(401, `This endpoint needs an ${kind} API key: send it as Authorization: Bearer <key>.`, undefined, { 'WWW-Authenticate': 'Bearer' });
    }
    const key = await store.verifyApiKey(presented);
    if (!key) throw new HttpError(401, 'The API key is invalid or has been revoked.', undefined, { 'WWW-Authenticate': 'Bearer error="invalid_token"' });
    if (key.kind !== kind) throw new HttpError(403, `This endpoint needs an ${kind} API key; this is an ${key.kind} key.`);
    (res.locals as ApiKeyLocals).apiKey = key;
    next();
  };
}
