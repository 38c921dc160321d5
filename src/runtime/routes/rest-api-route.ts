// The REST API under /v1: the assistant, the analytics export and the OpenAPI document. No CORS: it is for servers.
import { Router } from 'express';
import type { LoadedBundle } from '../../bundle/index.js';
import type { Store } from '../../store/index.js';
import type { AssistantAnswers } from '../assistant-answers.js';
import type { RateLimits } from '../rate-limits.js';
import { analyticsRoute } from './analytics-route.js';
import { assistantRoute } from './assistant-route.js';
import { openApiRoute } from './openapi-route.js';

/** Everything the REST API needs from the app. */
export interface RestApiRouteOptions {
  bundle: LoadedBundle;
  store: Store;
  siteUrl: string | undefined;
  /** The assistant's answers, shared with the page's Ask AI panel. */
  assistantAnswers: AssistantAnswers;
  rateLimits: RateLimits;
}

/**
 * Mounts `/v1/analytics/*` (admin keys), `/v1/assistant/*` (assistant keys) and
 * `/v1/openapi.json`. Other `/v1/...` paths fall through: they may be pages of a `v1` version.
 */
export function restApiRoute(options: RestApiRouteOptions): Router {
  const router = Router();
  router.use(openApiRoute(options.siteUrl));
  router.use('/v1/analytics', analyticsRoute({ projectId: options.bundle.manifest.site.projectId, store: options.store, rateLimits: options.rateLimits }));
  router.use(
    '/v1/assistant',
    assistantRoute({ projectId: options.bundle.manifest.site.projectId, store: options.store, siteUrl: options.siteUrl, answers: options.assistantAnswers }),
  );
  return router;
}
