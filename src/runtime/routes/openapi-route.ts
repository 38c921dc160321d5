// `GET /v1/openapi.json`: the REST API's OpenAPI 3.1 document, with this server's URL.
import { readFileSync } from 'node:fs';
import { Router } from 'express';
import { SCHEMAS_DIR } from '../../config/index.js';
import { siteUrlOf } from '../site-url.js';

/** The package's `schemas/api.openapi.json`, read once. */
let document: Record<string, unknown> | undefined;

/** The OpenAPI document of the REST API as the package ships it. */
export function apiDocument(): Record<string, unknown> {
  document ??= JSON.parse(readFileSync(new URL('api.openapi.json', SCHEMAS_DIR), 'utf8')) as Record<string, unknown>;
  return document;
}

/** Serves the document; `servers` names `siteUrl`, else the URL the request reached. */
export function openApiRoute(siteUrl: string | undefined): Router {
  const router = Router();
  router.get('/v1/openapi.json', (req, res) => void res.json({ ...apiDocument(), servers: [{ url: siteUrlOf(req, siteUrl) }] }));
  return router;
}
