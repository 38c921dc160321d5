// OAuth errors (RFC 6749 §5.2, RFC 7591 §3.2.2, RFC 7009, RFC 8707) and the one place they become responses.
import type { ErrorRequestHandler, Response } from 'express';
import { RateLimitExceededError, RateLimiterUnavailableError } from '../../ratelimit/index.js';
import { StoreUnavailableError } from '../../store/index.js';
import type { AuthLogger } from '../logger.js';
import { TooManyFailuresError } from '../throttle.js';

/** Error codes of the RFCs docsite's authorization server answers with. */
export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'invalid_scope'
  | 'invalid_target'
  | 'invalid_redirect_uri'
  | 'invalid_client_metadata'
  | 'access_denied'
  | 'unsupported_response_type'
  | 'server_error'
  | 'temporarily_unavailable';

/** An OAuth error with its HTTP status; `description` is safe to show the client. */
export class OAuthError extends Error {
  override readonly name = 'OAuthError';
  constructor(
    readonly code: OAuthErrorCode,
    readonly description: string,
    readonly status = 400,
    readonly headers: Record<string, string> = {},
  ) {
    super(description);
  }
}

/** Errors body-parser raises, by its `type`. */
const BODY_ERRORS: Record<string, [number, string]> = {
  'entity.too.large': [413, 'The request body is too large.'],
  'entity.parse.failed': [400, 'The request body is not valid.'],
  'parameters.too.many': [413, 'The request has too many parameters.'],
  'encoding.unsupported': [415, 'Unsupported content encoding.'],
  'charset.unsupported': [415, 'Unsupported charset.'],
};

/** Any error as an OAuth error: typed ones as they are, the rest as server errors. */
export function toOAuthError(error: unknown): OAuthError {
  if (error instanceof OAuthError) return error;
  const body = BODY_ERRORS[(error as { type?: string }).type ?? ''];
  if (body) return new OAuthError('invalid_request', body[1], body[0]);
  // RFC 6749 has no rate limit error; temporarily_unavailable says "overloaded, retry later", with 429 and Retry-After.
  if (error instanceof TooManyFailuresError)
    return new OAuthError(
      'temporarily_unavailable',
      `Too many failed client authentications for this client or from this address; retry after ${error.retryAfterSeconds} seconds.`,
      429,
      { 'Retry-After': String(error.retryAfterSeconds) },
    );
  if (error instanceof RateLimitExceededError)
    return new OAuthError('temporarily_unavailable', error.message, 429, { 'Retry-After': String(error.retryAfterSeconds) });
  if (error instanceof StoreUnavailableError || error instanceof RateLimiterUnavailableError)
    return new OAuthError('temporarily_unavailable', 'The authorization server is temporarily unavailable; try again shortly.', 503, { 'Retry-After': '5' });
  return new OAuthError('server_error', 'The authorization server failed to complete the request.', 500);
}

/** Sends `{error, error_description}` with the error's status and headers, never cached. */
export function sendOAuthError(res: Response, error: OAuthError): void {
  res
    .status(error.status)
    .set({ 'Cache-Control': 'no-store', Pragma: 'no-cache', ...error.headers })
    .json({ error: error.code, error_description: error.description });
}

/** The error handler of the JSON endpoints (register, token, revoke): RFC 6749 error bodies. */
export function oauthErrorHandler(logger: AuthLogger): ErrorRequestHandler {
  return (error, req, res, _next) => {
    const oauth = toOAuthError(error);
    if (oauth.code === 'server_error')
      logger.error('oauth request failed', { path: req.path, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    if (res.headersSent) return void res.end();
    sendOAuthError(res, oauth);
  };
}
