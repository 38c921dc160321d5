// `POST /v1/assistant/{projectId}/message`: answers from the site's index and records the conversation.
import express, { Router, type Request } from 'express';
import { parseAssistantMessage, type AssistantMessage } from '../../assistant/index.js';
import { ANONYMOUS } from '../../site/index.js';
import type { Store } from '../../store/index.js';
import { apiKeyAuth } from '../api-key-auth.js';
import type { AssistantAnswers } from '../assistant-answers.js';
import { HttpError } from '../http-error.js';
import { methodNotAllowed, noStore, projectGuard, unknownEndpoint } from '../rest-handlers.js';
import { siteUrlOf } from '../site-url.js';

/** Largest message body accepted: a question and a page URL. */
export const ASSISTANT_BODY_LIMIT = '16kb';

/** What the assistant endpoint answers from and records into. */
export interface AssistantRouteOptions {
  projectId: string;
  store: Store;
  siteUrl: string | undefined;
  /** Answers and records; the REST API asks as an anonymous reader. */
  answers: AssistantAnswers;
}

/**
 * The message of a JSON request: 415 when it is not JSON, 400 listing every problem. Shared by
 * the REST API and the page's Ask AI panel, which take the same body.
 */
export function assistantMessageParser(): express.RequestHandler[] {
  return [
    (req, _res, next) => {
      if (!req.is('application/json')) throw new HttpError(415, 'Send the message as JSON, with Content-Type: application/json.');
      next();
    },
    // Not strict: a JSON string or number gets the message's own 400, which says what the body should be.
    express.json({ limit: ASSISTANT_BODY_LIMIT, strict: false }),
  ];
}

/** The checked message of a request `assistantMessageParser` read. */
export function assistantMessageOf(req: Request): AssistantMessage {
  const parsed = parseAssistantMessage(req.body);
  if ('problems' in parsed)
    throw new HttpError(
      400,
      'Invalid message.',
      parsed.problems.map((message) => ({ message })),
    );
  return parsed.message;
}

/** The assistant router, mounted at `/v1/assistant`. Answers 200 with the recorded conversation. */
export function assistantRoute(options: AssistantRouteOptions): Router {
  const router = Router();
  router.use(noStore, apiKeyAuth(options.store, 'assistant'));
  router.use('/:projectId', projectGuard(options.projectId));
  router.post('/:projectId/message', ...assistantMessageParser(), async (req, res) => {
    const question = { message: assistantMessageOf(req), principal: ANONYMOUS, siteUrl: siteUrlOf(req, options.siteUrl) };
    res.json(await options.answers.answer(question));
  });
  router.all('/:projectId/message', methodNotAllowed('POST'));
  router.use(unknownEndpoint);
  return router;
}
