// `POST /v1/assistant/{projectId}/message`: answers from the site's index and records the conversation.
import express, { Router } from 'express';
import { askAssistant, parseAssistantMessage, readerPageOf, type ChatModel } from '../../assistant/index.js';
import type { LoadedBundle } from '../../bundle/index.js';
import { readerOf } from '../../mcp/index.js';
import { ANONYMOUS, canRead } from '../../site/index.js';
import type { Store } from '../../store/index.js';
import { apiKeyAuth } from '../api-key-auth.js';
import { HttpError } from '../http-error.js';
import type { Logger } from '../logger.js';
import { methodNotAllowed, noStore, projectGuard, unknownEndpoint } from '../rest-handlers.js';
import { siteUrlOf } from '../site-url.js';

/** Largest message body accepted: a question and a page URL. */
export const ASSISTANT_BODY_LIMIT = '16kb';

/** What the assistant endpoint answers from and records into. */
export interface AssistantRouteOptions {
  bundle: LoadedBundle;
  store: Store;
  logger: Logger;
  siteUrl: string | undefined;
  /** Whether the site has authentication on: the assistant searches as an anonymous reader. */
  authentication: boolean;
  /** Writes answers from the cited sections; extractive answers without one. */
  model?: ChatModel | undefined;
}

/** The assistant router, mounted at `/v1/assistant`. Answers 200 with the recorded conversation. */
export function assistantRoute(options: AssistantRouteOptions): Router {
  const { bundle, store, logger } = options;
  const projectId = bundle.manifest.site.projectId;
  const reader = readerOf(ANONYMOUS, options.authentication);
  const router = Router();
  router.use(noStore, apiKeyAuth(store, 'assistant'));
  router.use('/:projectId', projectGuard(projectId));
  router.post(
    '/:projectId/message',
    (req, _res, next) => {
      if (!req.is('application/json')) throw new HttpError(415, 'Send the message as JSON, with Content-Type: application/json.');
      next();
    },
    // Not strict: a JSON string or number gets the message's own 400, which says what the body should be.
    express.json({ limit: ASSISTANT_BODY_LIMIT, strict: false }),
    async (req, res) => {
      const parsed = parseAssistantMessage(req.body);
      if ('problems' in parsed)
        throw new HttpError(
          400,
          'Invalid message.',
          parsed.problems.map((message) => ({ message })),
        );
      const { query } = parsed.message;
      const siteUrl = siteUrlOf(req, options.siteUrl);
      const where = readerPageOf(bundle, siteUrl, parsed.message);
      const answer = await askAssistant({
        bundle,
        query,
        reader,
        siteUrl,
        // A page the assistant's reader may not read scopes nothing: its version would tell it from a missing one.
        page: where.page && canRead(ANONYMOUS, where.page.access, options.authentication) ? where.page : undefined,
        model: options.model,
        onModelError: (error) => logger.warn('assistant model failed; answered with the cited sections instead', { error: error.message }),
      });
      res.json(await store.addConversation({ projectId, query, pageUrl: where.pageUrl, ...answer }));
    },
  );
  router.all('/:projectId/message', methodNotAllowed('POST'));
  router.use(unknownEndpoint);
  return router;
}
