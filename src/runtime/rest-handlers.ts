// Small handlers the REST API routers share: project check, no caching, unknown paths and methods.
import type { RequestHandler } from 'express';
import { HttpError } from './http-error.js';

/** Passes requests for `projectId` (the route's `:projectId`); any other project is 404. */
export function projectGuard(projectId: string): RequestHandler {
  return (req, _res, next) => {
    if (req.params.projectId !== projectId)
      throw new HttpError(404, `There is no project "${String(req.params.projectId).slice(0, 100)}" here; this server's project is "${projectId}".`);
    next();
  };
}

/** Responses of private data are never stored by caches. */
export const noStore: RequestHandler = (_req, res, next) => {
  res.set('Cache-Control', 'no-store');
  next();
};

/** 405 with `Allow` for a known path asked with another method. */
export function methodNotAllowed(allow: string): RequestHandler {
  return (req) => {
    throw new HttpError(405, `${req.method} is not allowed here; use ${allow}.`, undefined, { Allow: allow });
  };
}

/** 404 as JSON for paths under the API that name no endpoint. */
export const unknownEndpoint: RequestHandler = () => {
  throw new HttpError(404, 'No such endpoint; see /v1/openapi.json.');
};
