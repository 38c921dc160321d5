// One structured log line per request, under a request id the response echoes in `X-Request-Id`.
import { randomUUID } from 'node:crypto';
import type { RequestHandler, Response } from 'express';
import type { Logger } from './logger.js';

export const REQUEST_ID_HEADER = 'X-Request-Id';

/** An incoming id is kept when it looks like one (UUIDs, ULIDs, trace ids); anything else is replaced. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:@/+=-]{1,128}$/;

/** Paths longer than this are cut in the log: the line stays small whatever a client sends. */
const LOGGED_PATH_LIMIT = 512;

/** The id `requestLog` gave the request `res` answers ('' before it ran). */
export function requestIdOf(res: Response): string {
  return (res.locals as { requestId?: string }).requestId ?? '';
}

/**
 * Gives each request an id and logs it once answered (or abandoned by the client): method, path,
 * status, duration. Never the query string, headers or body: they may carry tokens, keys, codes.
 */
export function requestLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    const incoming = req.get(REQUEST_ID_HEADER);
    const requestId = incoming !== undefined && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    (res.locals as { requestId?: string }).requestId = requestId;
    res.setHeader(REQUEST_ID_HEADER, requestId);
    res.once('close', () => {
      const path = req.originalUrl.split('?', 1)[0]!;
      logger.info('request', {
        requestId,
        method: req.method,
        path: path.length > LOGGED_PATH_LIMIT ? `${path.slice(0, LOGGED_PATH_LIMIT)}…` : path,
        status: res.statusCode,
        durationMs: Math.round((performance.now() - started) * 10) / 10,
        ...(res.writableFinished ? {} : { aborted: true }),
      });
    });
    next();
  };
}
