// `GET /v1/analytics/{projectId}/assistant` and `/feedback` (SPEC.md 4.1): admin key, keyset pages, newest first.
import { Router, type Request } from 'express';
import { parseConversationQuery, parseFeedbackQuery, QueryError } from '../../analytics/index.js';
import { StoreInputError, type Store } from '../../store/index.js';
import { apiKeyAuth } from '../api-key-auth.js';
import { HttpError } from '../http-error.js';
import type { RateLimits } from '../rate-limits.js';
import { methodNotAllowed, noStore, projectGuard, unknownEndpoint } from '../rest-handlers.js';

/** The project and store the analytics endpoints read. */
export interface AnalyticsRouteOptions {
  /** The only project this server has. */
  projectId: string;
  store: Store;
  rateLimits: RateLimits;
}

/** Runs `step`, turning invalid parameters (ours, or a cursor the store does not know) into 400 with details. */
async function checked<T>(step: () => T | Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    const problems = error instanceof QueryError ? error.problems : error instanceof StoreInputError ? [error.message] : undefined;
    if (problems)
      throw new HttpError(
        400,
        'Invalid query parameters.',
        problems.map((message) => ({ message })),
      );
    throw error;
  }
}

/** The query string as every value of every name, undecoded by express's parser. */
function paramsOf(req: Request): URLSearchParams {
  return new URL(req.originalUrl, 'http://localhost').searchParams;
}

/** The analytics router, mounted at `/v1/analytics`. */
export function analyticsRoute({ projectId, store, rateLimits }: AnalyticsRouteOptions): Router {
  const router = Router();
  // Counted per project once the key is known good, so strangers cannot use up the owner's quota.
  router.use(
    noStore,
    apiKeyAuth(store, 'admin'),
    rateLimits.limit('analytics', () => projectId),
  );
  router.use('/:projectId', projectGuard(projectId));
  router.get('/:projectId/assistant', async (req, res) => {
    const query = await checked(() => parseConversationQuery(paramsOf(req)));
    res.json(await checked(() => store.listConversations({ projectId, ...query })));
  });
  router.get('/:projectId/feedback', async (req, res) => {
    const query = await checked(() => parseFeedbackQuery(paramsOf(req)));
    res.json(await checked(() => store.listFeedback({ projectId, ...query })));
  });
  router.all(['/:projectId/assistant', '/:projectId/feedback'], methodNotAllowed('GET, HEAD'));
  router.use(unknownEndpoint);
  return router;
}
