// `POST /_docsite/feedback`: the "Was this page helpful?" widget's answer, recorded as feedback with source `widget`.
import express, { Router, type Request } from 'express';
import type { LoadedBundle } from '../../bundle/index.js';
import { MAX_FEEDBACK_COMMENT, PAGE_FEEDBACK_PATH } from '../../site/index.js';
import type { Store } from '../../store/index.js';
import { HttpError } from '../http-error.js';
import { clientAddress, type RateLimits } from '../rate-limits.js';
import type { ReaderView } from '../reader-view.js';
import { methodNotAllowed, noStore } from '../rest-handlers.js';
import { fromSiteOnly } from '../site-only.js';

/** The longest page path taken: far beyond any page's URL. */
const MAX_PATH_LENGTH = 2048;
/** Room for the longest comment written entirely in escaped control characters, and the rest of the body. */
const BODY_LIMIT = '16kb';

export interface PageFeedbackRouteOptions {
  bundle: LoadedBundle;
  store: Store;
  viewOf(req: Request): ReaderView;
  rateLimits: RateLimits;
  /** The public URL of the site (`--site-url`); default: the URL each request reached. */
  siteUrl: string | undefined;
}

/** What a reader answered, once checked. */
interface PageFeedbackAnswer {
  path: string;
  helpful: boolean;
  comment: string;
}

export function pageFeedbackRoute({ bundle, store, viewOf, rateLimits, siteUrl }: PageFeedbackRouteOptions): Router {
  const projectId = bundle.manifest.site.projectId;
  const router = Router();
  router.post(
    PAGE_FEEDBACK_PATH,
    noStore,
    fromSiteOnly(siteUrl, 'Feedback is taken only from pages of this site.'),
    rateLimits.limit('readerFeedback', clientAddress),
    (req, _res, next) => {
      // JSON only: a form on another site cannot send it without the browser asking this one first (CORS preflight).
      if (!req.is('application/json')) throw new HttpError(415, 'Send the feedback as JSON, with Content-Type: application/json.');
      next();
    },
    express.json({ limit: BODY_LIMIT }),
    async (req, res) => {
      const answer = pageFeedbackAnswerOf(req.body);
      const page = bundle.pagesByUrl.get(answer.path);
      // A page this reader may not read is answered as one that does not exist.
      if (!page || !viewOf(req).canRead(page)) throw new HttpError(404, `No page at ${JSON.stringify(answer.path.slice(0, 200))}.`);
      const saved = await store.addFeedback({ projectId, path: page.url, comment: answer.comment, source: 'widget', helpful: answer.helpful });
      res.status(201).json(saved);
    },
  );
  router.all(PAGE_FEEDBACK_PATH, methodNotAllowed('POST'));
  return router;
}

/** The body as an answer, or a 400 naming every problem with it. */
function pageFeedbackAnswerOf(body: unknown): PageFeedbackAnswer {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new HttpError(400, 'Invalid feedback.', [{ message: 'The body must be a JSON object: {"path", "helpful", "comment"?}.' }]);
  const { path, helpful } = body as Record<string, unknown>;
  // Left out or null: a Yes or No alone.
  const comment = (body as Record<string, unknown>).comment ?? '';
  const problems: string[] = [];
  if (typeof path !== 'string' || !path.startsWith('/')) problems.push('path is required: the URL path of the page, such as "/quickstart".');
  else if (path.length > MAX_PATH_LENGTH) problems.push(`path must be at most ${MAX_PATH_LENGTH} characters.`);
  if (typeof helpful !== 'boolean') problems.push('helpful is required: true (the page helped) or false.');
  if (typeof comment !== 'string') problems.push('comment must be a string.');
  else if (comment.length > MAX_FEEDBACK_COMMENT) problems.push(`comment must be at most ${MAX_FEEDBACK_COMMENT} characters.`);
  // PostgreSQL text cannot hold NUL; no reader types one.
  else if (comment.includes('\u0000')) problems.push('comment must not contain NUL characters.');
  if (problems.length > 0)
    throw new HttpError(
      400,
      'Invalid feedback.',
      problems.map((message) => ({ message })),
    );
  return { path: path as string, helpful: helpful as boolean, comment: (comment as string).trim() };
}
