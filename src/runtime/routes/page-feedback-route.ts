// `POST /_docsite/feedback`: the "Was this page helpful?" widget's answer, recorded as feedback with
// source `widget` the moment the reader clicks; `PATCH /_docsite/feedback/{id}`: the comment they add after.
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
/** How long after answering a reader may still add their comment: a page view, generously. */
const COMMENT_WINDOW_MS = 30 * 60_000;

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
  // What both requests pass first: another site's page cannot make a browser send either.
  const fromReaders = [
    noStore,
    fromSiteOnly(siteUrl, 'Feedback is taken only from pages of this site.'),
    rateLimits.limit('readerFeedback', clientAddress),
    (req: Request, _res: unknown, next: () => void) => {
      // JSON only: a form on another site cannot send it without the browser asking this one first (CORS preflight).
      if (!req.is('application/json')) throw new HttpError(415, 'Send the feedback as JSON, with Content-Type: application/json.');
      next();
    },
    express.json({ limit: BODY_LIMIT }),
  ];
  router.post(PAGE_FEEDBACK_PATH, ...fromReaders, async (req, res) => {
    const answer = pageFeedbackAnswerOf(req.body);
    const page = bundle.pagesByUrl.get(answer.path);
    // A page this reader may not read is answered as one that does not exist.
    if (!page || !viewOf(req).canRead(page)) throw new HttpError(404, `No page at ${JSON.stringify(answer.path.slice(0, 200))}.`);
    const saved = await store.addFeedback({ projectId, path: page.url, comment: answer.comment, source: 'widget', helpful: answer.helpful });
    res.status(201).json(saved);
  });
  router.patch(`${PAGE_FEEDBACK_PATH}/:id`, ...fromReaders, async (req, res) => {
    const comment = feedbackCommentOf(req.body);
    // Ids are not secrets (they count up), so the store takes a comment only where a new answer
    // could have carried it: a reader's recent answer with no comment yet. Anything else is one 404.
    const since = new Date(Date.now() - COMMENT_WINDOW_MS);
    if (!(await store.addFeedbackComment({ projectId, id: String(req.params.id), comment, since })))
      throw new HttpError(404, 'No answer of the last 30 minutes without a comment has this id.');
    res.status(204).end();
  });
  router.all(PAGE_FEEDBACK_PATH, methodNotAllowed('POST'));
  router.all(`${PAGE_FEEDBACK_PATH}/:id`, methodNotAllowed('PATCH'));
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
  const commentProblem = commentProblemOf(comment);
  if (commentProblem) problems.push(commentProblem);
  if (problems.length > 0) throw invalidFeedback(problems);
  return { path: path as string, helpful: helpful as boolean, comment: (comment as string).trim() };
}

/** The body of a comment added later, `{"comment"}`, trimmed; a 400 when it is not one. */
function feedbackCommentOf(body: unknown): string {
  const comment = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>).comment : undefined;
  const problem = comment === undefined ? 'The body must be a JSON object: {"comment"}.' : commentProblemOf(comment);
  if (problem) throw invalidFeedback([problem]);
  const trimmed = (comment as string).trim();
  if (trimmed === '') throw invalidFeedback(['comment must not be empty.']);
  return trimmed;
}

/** What is wrong with a comment, if anything. */
function commentProblemOf(comment: unknown): string | undefined {
  if (typeof comment !== 'string') return 'comment must be a string.';
  if (comment.length > MAX_FEEDBACK_COMMENT) return `comment must be at most ${MAX_FEEDBACK_COMMENT} characters.`;
  // PostgreSQL text cannot hold NUL; no reader types one.
  if (comment.includes('\u0000')) return 'comment must not contain NUL characters.';
  return undefined;
}

function invalidFeedback(problems: string[]): HttpError {
  return new HttpError(
    400,
    'Invalid feedback.',
    problems.map((message) => ({ message })),
  );
}
