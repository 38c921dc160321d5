// Feedback: page feedback from readers and agents, newest first, filtered by source, counted by page;
// an owner sets each one's status and exports the view.
import { type Request, Router } from 'express';
import { escapeHtml } from '../../auth/index.js';
import { type FeedbackSource, type FeedbackStatus, StoreInputError } from '../../store/index.js';
import { exportFeedback } from '../../analytics/index.js';
import { ADMIN_PATHS } from './admin-paths.js';
import { exportFormatOf, exportLinks, sendExport } from './export-download.js';
import { type AdminContext, fieldsOf, formAction, postForm, sendPage, table, timeCell } from './admin-context.js';
import { dayRangeForm, dayRangeOf } from './date-range.js';

/** Rows per page of the list and of the by-page counts. */
const ROWS = 50;
const SOURCES: Record<FeedbackSource, string> = { widget: 'Readers', agent: 'Agents' };
const STATUSES: readonly FeedbackStatus[] = ['open', 'resolved', 'dismissed'];
/** Where the status form returns: the feedback page with the query it was shown with (never another path). */
const STATUS_PATH = `${ADMIN_PATHS.feedback}/status`;

/** The feedback page's own query string from `back`, a path the status form carried; empty for anything else. */
function feedbackQuery(back: string): string {
  const url = new URL(back, 'http://dashboard.invalid');
  return url.pathname === ADMIN_PATHS.feedback ? url.search.replace(/^\?/, '') : '';
}

/** The source a view is filtered by (`?source=agent|widget`), undefined for all. */
function sourceOf(req: Request): FeedbackSource | undefined {
  return req.query.source === 'agent' || req.query.source === 'widget' ? req.query.source : undefined;
}

/** Serves `ADMIN_PATHS.feedback`, its status form and `ADMIN_PATHS.feedbackExport`. */
export function feedbackPage(ctx: AdminContext): Router {
  const { store, projectId } = ctx;
  const router = Router();
  router.get(ADMIN_PATHS.feedback, async (req, res) => {
    const range = dayRangeOf(req);
    const source = sourceOf(req);
    const sourceField =
      '<div><label for="source">Source</label><select id="source" name="source"><option value="">All</option>' +
      Object.entries(SOURCES)
        .map(([value, label]) => `<option value="${value}"${value === source ? ' selected' : ''}>${label}</option>`)
        .join('') +
      '</select></div>';
    const fail = (text: string) =>
      sendPage(ctx, req, res, 400, {
        title: 'Feedback',
        current: ADMIN_PATHS.feedback,
        notice: { kind: 'error', text },
        body: dayRangeForm(ADMIN_PATHS.feedback, undefined, sourceField),
      });
    if (typeof range === 'string') return fail(range);
    const cursor = typeof req.query.after === 'string' ? req.query.after : undefined;
    const read = await Promise.all([
      store.listFeedback({ projectId, dateFrom: range.dateFrom, dateTo: range.dateTo, source, limit: ROWS, cursor }),
      store.feedbackByPage({ projectId, dateFrom: range.dateFrom, dateTo: range.dateTo, limit: ROWS }),
    ]).catch((error: unknown) => {
      if (error instanceof StoreInputError) return undefined;
      throw error;
    });
    if (!read) return fail('That link to older feedback is not valid.');
    const [list, byPage] = read;
    const rows = list.feedback.map((item) => [
      timeCell(item.createdAt),
      escapeHtml(item.path),
      escapeHtml(SOURCES[item.source]),
      item.helpful ? 'Helpful' : 'Not helpful',
      escapeHtml(item.comment),
      postForm(
        ctx,
        req,
        res,
        STATUS_PATH,
        `<select name="status" aria-label="Status of the feedback on ${escapeHtml(item.path)} of ${escapeHtml(item.createdAt.slice(0, 16))}">${STATUSES.map(
          (status) => `<option value="${status}"${status === item.status ? ' selected' : ''}>${status}</option>`,
        ).join('')}</select> <button type="submit">Set</button>`,
        { id: item.id, back: req.originalUrl },
        'inline',
      ),
    ]);
    const next = new URLSearchParams({ from: range.from, to: range.to, ...(source ? { source } : {}), after: list.nextCursor ?? '' });
    const older = list.nextCursor ? `<p><a href="${ADMIN_PATHS.feedback}?${next}">Older feedback</a></p>` : '';
    const pageRows = byPage.map((page) => [escapeHtml(page.path), String(page.helpful), String(page.notHelpful), String(page.agent)]);
    sendPage(ctx, req, res, 200, {
      title: 'Feedback',
      current: ADMIN_PATHS.feedback,
      ...(req.query.updated === '1' ? { notice: { kind: 'done' as const, text: 'Status set.' } } : {}),
      body:
        dayRangeForm(ADMIN_PATHS.feedback, range, sourceField) +
        `<p>Export this view: ${exportLinks(ADMIN_PATHS.feedbackExport, { from: range.from, to: range.to, ...(source ? { source } : {}) })}.</p>` +
        `<section aria-labelledby="latest"><h2 id="latest">Newest first</h2>${table('Feedback, newest first', ['When', 'Page', 'Source', 'Answer', 'Comment', 'Status'], rows, 'No feedback in this range.')}${older}</section>` +
        `<section aria-labelledby="by-page"><h2 id="by-page">By page</h2>${table('Feedback by page', ['Page', 'Helpful', 'Not helpful', 'Agent reports'], pageRows, 'No feedback in this range.')}</section>` +
        '<p class="muted">The same from the command line: <code>docsite feedback list</code>, <code>docsite feedback status ID open|resolved|dismissed</code>, <code>docsite feedback export</code>; from a script: <code>GET /v1/analytics/{projectId}/feedback</code> with an admin key.</p>',
    });
  });
  router.get(ADMIN_PATHS.feedbackExport, async (req, res) => {
    const range = dayRangeOf(req);
    const format = exportFormatOf(req);
    const source = sourceOf(req);
    if (typeof range === 'string' || !format) {
      return sendPage(ctx, req, res, 400, {
        title: 'Feedback',
        current: ADMIN_PATHS.feedback,
        notice: { kind: 'error', text: typeof range === 'string' ? range : 'Export as csv or jsonl.' },
        body: dayRangeForm(ADMIN_PATHS.feedback, undefined),
      });
    }
    await store.recordAdminAction({
      actor: ctx.ownerOf(req),
      action: 'feedback.export',
      detail: `${format} ${range.from}..${range.to}${source ? ` ${source}` : ''}`,
    });
    await sendExport(res, format, `feedback-${projectId}-${range.from}-${range.to}`, (write) =>
      exportFeedback(store, { projectId, query: { dateFrom: range.dateFrom, dateTo: range.dateTo, source }, format, write }),
    );
  });
  router.post(
    STATUS_PATH,
    ...formAction(ctx, 'feedback.status', async (req, res, owner) => {
      const { id = '', status = '', back = '' } = fieldsOf(req);
      const query = new URLSearchParams(feedbackQuery(back));
      query.delete('updated');
      const again = (updated: boolean) => () => {
        if (updated) query.set('updated', '1');
        res.redirect(303, query.size > 0 ? `${ADMIN_PATHS.feedback}?${query}` : ADMIN_PATHS.feedback);
      };
      if (!STATUSES.includes(status as FeedbackStatus)) return { detail: undefined, respond: again(false) };
      const set = await store.setFeedbackStatus({ projectId, id, status: status as FeedbackStatus, changedBy: owner });
      if (!set) return { detail: undefined, respond: again(false) };
      return { detail: `${id} ${status}`, respond: again(true) };
    }),
  );
  return router;
}
