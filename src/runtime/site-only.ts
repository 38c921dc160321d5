// Reader endpoints that only the site's own pages may call: a page elsewhere would make the
// reader's browser send the request with their cookies, access and quota.
import type { RequestHandler } from 'express';
import { comesFromSite } from '../auth/index.js';
import { HttpError } from './http-error.js';
import { siteUrlOf } from './site-url.js';

/**
 * Refuses with 403 and `refusal` a request the browser says another site made (see comesFromSite).
 * Mount it before the quota, so that such requests spend none of the reader's.
 */
export function fromSiteOnly(siteUrl: string | undefined, refusal: string): RequestHandler {
  return (req, _res, next) => {
    if (!comesFromSite(req.get('origin'), req.get('sec-fetch-site'), new URL(siteUrlOf(req, siteUrl)).origin)) throw new HttpError(403, refusal);
    next();
  };
}
