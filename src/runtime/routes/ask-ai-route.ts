// `POST /_docsite/assistant`: the page's Ask AI panel. The assistant's answer as the signed-in reader
// may read the site, streamed as NDJSON while it is written, and recorded as the REST API's are.
import { Router, type Request } from 'express';
import type { AnswerEvent } from '../../assistant/index.js';
import type { AssistantAnswers } from '../assistant-answers.js';
import { HttpError } from '../http-error.js';
import type { Logger } from '../logger.js';
import { clientAddress, type RateLimits } from '../rate-limits.js';
import type { ReaderView } from '../reader-view.js';
import { requestIdOf } from '../request-log.js';
import { methodNotAllowed, noStore } from '../rest-handlers.js';
import { fromSiteOnly } from '../site-only.js';
import { siteUrlOf } from '../site-url.js';
import { assistantMessageOf, assistantMessageParser } from './assistant-route.js';

/** Where the panel's script asks (templates/docsite-ask.js). */
export const ASK_AI_ENDPOINT = '/_docsite/assistant';

/** One line of the stream: an answer event, then `done` with the recorded conversation's id, or `error`. */
export type AskAiEvent = AnswerEvent | { type: 'done'; conversationId: string } | { type: 'error'; error: string };

export interface AskAiRouteOptions {
  /** Runtime config `assistant.enabled`: off, the endpoint answers 404 and the pages show no button. */
  enabled: boolean;
  answers: AssistantAnswers;
  viewOf(req: Request): ReaderView;
  rateLimits: RateLimits;
  /** The public URL of the site behind a proxy (`--site-url`); default: the URL each request reached. */
  siteUrl: string | undefined;
  logger: Logger;
}

export function askAiRoute({ enabled, answers, viewOf, rateLimits, siteUrl, logger }: AskAiRouteOptions): Router {
  const router = Router();
  if (!enabled) {
    router.all(ASK_AI_ENDPOINT, () => {
      throw new HttpError(404, 'Ask AI is off on this site.');
    });
    return router;
  }
  router.post(
    ASK_AI_ENDPOINT,
    noStore,
    fromSiteOnly(siteUrl, "Ask AI answers the site's own pages only."),
    rateLimits.limit('readerAssistant', clientAddress),
    ...assistantMessageParser(),
    async (req, res) => {
      const message = assistantMessageOf(req);
      const { principal } = viewOf(req);
      // A reader who closes the panel stops the answer; what was asked is still recorded.
      const left = new AbortController();
      res.on('close', () => res.writableFinished || left.abort());
      res.status(200).type('application/x-ndjson; charset=utf-8').flushHeaders();
      const send = (event: AskAiEvent): void => void (res.destroyed || res.write(`${JSON.stringify(event)}\n`));
      try {
        const events = answers.stream({ message, principal, siteUrl: siteUrlOf(req, siteUrl) }, left.signal);
        let next = await events.next();
        for (; !next.done; next = await events.next()) send(next.value);
        send({ type: 'done', conversationId: next.value.id });
      } catch (error) {
        logger.error('assistant answer failed', { requestId: requestIdOf(res), error: error instanceof Error ? error.message : String(error) });
        send({ type: 'error', error: 'The answer could not be finished. Try again in a moment.' });
      }
      res.end();
    },
  );
  router.all(ASK_AI_ENDPOINT, methodNotAllowed('POST'));
  return router;
}
