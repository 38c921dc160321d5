// HTTP errors of the REST and page routes, and the one handler that turns them into responses.
import type { ErrorRequestHandler } from 'express';
import { RateLimitExceededError, RateLimiterUnavailableError } from '../ratelimit/index.js';
import { StoreInputError, StoreUnavailableError } from '../store/index.js';
import type { Logger } from './logger.js';
import { requestIdOf } from './request-log.js';

/** An error with its HTTP status and a message safe to show the client (SPEC.md 2.4 body). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details?: { message: string }[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

/** Errors body-parser raises, by its `type`. */
const BODY_ERRORS: Record<string, [number, string]> = {
  'entity.too.large': [413, 'The request body is too large.'],
  'entity.parse.failed': [400, 'The request body is not valid JSON.'],
  'encoding.unsupported': [415, 'Unsupported content encoding.'],
  'charset.unsupported': [415, 'Unsupported charset.'],
};

/** The database is down or busy (the store's messages never hold secrets, but the body says no more than this). */
const UNAVAILABLE = new HttpError(503, 'The service is temporarily unavailable; retry shortly.', undefined, { 'Retry-After': '5' });

/** Typed errors of other modules as HTTP errors: rate limits (429, or 503 when the limiter fails closed), values the store refuses (400). */
function httpErrorOf(error: unknown): HttpError | undefined {
  if (error instanceof HttpError) return error;
  if (error instanceof RateLimitExceededError) return new HttpError(429, error.message, undefined, { 'Retry-After': String(error.retryAfterSeconds) });
  if (error instanceof RateLimiterUnavailableError)
    return new HttpError(503, 'The rate limiter is unavailable; retry shortly.', undefined, { 'Retry-After': '5' });
  if (error instanceof StoreInputError) return new HttpError(400, `The request holds a value that cannot be stored: ${error.message}.`);
  // The router decoding a path parameter such as `/_docsite/feedback/%F0%9F`.
  if (error instanceof URIError) return new HttpError(400, 'The URL holds a malformed percent-encoding.');
  const bodyError = BODY_ERRORS[(error as { type?: string }).type ?? ''];
  return bodyError ? new HttpError(bodyError[0], bodyError[1]) : undefined;
}

/**
 * Maps any error to `{error, details?}` with the right status: `HttpError` as it says, body-parser
 * errors, rate limits 429 (503 when the limiter is down and fails closed), `StoreInputError` and a
 * path parameter that is not valid percent-encoding 400,
 * `StoreUnavailableError` 503 with `Retry-After`; anything else is logged and answered 500 without internals.
 */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error, req, res, _next) => {
    const httpError = httpErrorOf(error) ?? (error instanceof StoreUnavailableError ? UNAVAILABLE : undefined);
    if (!httpError || httpError === UNAVAILABLE)
      logger.error('request failed', {
        requestId: requestIdOf(res),
        method: req.method,
        path: req.path,
        error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      });
    const { status, message, details, headers } = httpError ?? new HttpError(500, 'Internal server error.');
    if (res.headersSent) return void res.end();
    res
      .status(status)
      .set(headers ?? {})
      .json(details ? { error: message, details } : { error: message });
  };
}
