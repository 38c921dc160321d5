// Long URLs are refused before routing: no route needs more, and each would be parsed and matched.
import type { RequestHandler } from 'express';
import { HttpError } from './http-error.js';

/** Longest request target (path and query) accepted; Node itself refuses request heads over 16 KB (431). */
export const URL_LENGTH_LIMIT = 8 * 1024;

/** 414 for a request target longer than `URL_LENGTH_LIMIT`. */
export const urlLengthLimit: RequestHandler = (req, _res, next) => {
  if (req.originalUrl.length > URL_LENGTH_LIMIT) throw new HttpError(414, `The URL is longer than ${URL_LENGTH_LIMIT} characters.`);
  next();
};
