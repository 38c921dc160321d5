// Assistant analytics: conversations per day (chart and table), top and unanswered questions, by category and page, one conversation, and export.
import { type Request, type Response, Router } from 'express';
import { exportConversations } from '../../analytics/index.js';
import { escapeHtml } from '../../auth/index.js';
import { StoreInputError, type KeyCount, type QuestionCount } from '../../store/index.js';
import { ADMIN_PATHS } from './admin-paths.js';
import { exportFormatOf, exportLinks, sendExport } from './export-download.js';
import { type AdminContext, sendPage, table, timeCell } from './admin-context.js';
import { type DayRange, dayRangeForm, dayRangeOf } from './date-range.js';

/** Rows of each ranking, and conversations per page of the unanswered list. */
const TOP = 20;

function rangeQuery(range: DayRange, extra: Record<string, string> = {}): string {
  return new URLSearchParams({ from: range.from, to: range.to, ...extra }).toString();
}

/** Serves `ADMIN_PATHS.analytics`, a conversation under `ADMIN_PATHS.conversation`, and `ADMIN_PATHS.analyticsExport`. */
export function analyticsPage(ctx: AdminContext): Router {
  const { store, projectId } = ctx;
  const problem = (req: Request, res: Response, text: string): void =>
    sendPage(ctx, req, res, 400, {
      title: 'Assistant analytics',
      current: ADMIN_PATHS.analytics,
      notice: { kind: 'error', text },
      body: dayRangeForm(ADMIN_PATHS.analytics, undefined),
    });

  const router = Router();
  router.get(ADMIN_PATHS.analytics, async (req, res) => {
    const range = dayRangeOf(req);
    if (typeof range === 'string') return problem(req, res, range);
    const cursor = typeof req.query.after === 'string' ? req.query.after : undefined;
    const request = { projectId, from: range.from, to: range.to, limit: TOP };
    const read = await Promise.all([
      store.conversationsPerDay(request),
      store.topQuestions(request),
      store.topQuestions({ ...request, unanswered: true }),
      store.conversationsByCategory(request),
      store.conversationsByPage(request),
      store.listConversations({ projectId, dateFrom: range.dateFrom, dateTo: range.dateTo, resolutionStatus: 'unanswered', limit: TOP, cursor }),
    ]).catch((error: unknown) => {
      if (error instanceof StoreInputError) return undefined;
      throw error;
    });
    if (!read) return problem(req, res, 'That link to older conversations is not valid.');
    const [perDay, top, gaps, categories, pages, unanswered] = read;
    const total = perDay.reduce((sum, day) => sum + day.conversations, 0);
    const byKey = (rows: KeyCount[]) =>
      rows.map((row) => [row.key === null ? '<span class="muted">none</span>' : escapeHtml(row.key), String(row.conversations)]);
    const byQuestion = (rows: QuestionCount[]) => rows.map((row) => [escapeHtml(row.question), String(row.conversations)]);
    const open = unanswered.conversations.map((c) => [
      timeCell(c.timestamp),
      `<a href="${ADMIN_PATHS.conversation}/${c.id}">${escapeHtml(c.query.slice(0, 200))}</a>`,
      c.pageUrl ? escapeHtml(c.pageUrl) : '',
    ]);
    const older = unanswered.nextCursor
      ? `<p><a href="${ADMIN_PATHS.analytics}?${rangeQuery(range, { after: unanswered.nextCursor })}#unanswered">Older unanswered conversations</a></p>`
      : '';
    sendPage(ctx, req, res, 200, {
      title: 'Assistant analytics',
      current: ADMIN_PATHS.analytics,
      body:
        dayRangeForm(ADMIN_PATHS.analytics, range) +
        `<p>${total} conversation${total === 1 ? '' : 's'} from ${range.from} to ${range.to} (UTC). Export this range: ${exportLinks(ADMIN_PATHS.analyticsExport, { from: range.from, to: range.to })}.</p>` +
        `<section aria-labelledby="per-day-heading"><h2 id="per-day-heading">Conversations per day</h2><div id="per-day-chart" class="chart" aria-hidden="true"></div>` +
        `<div id="per-day">${table(
          'Conversations per day',
          ['Day', 'Conversations', 'Unanswered'],
          perDay.map((day) => [escapeHtml(day.day), String(day.conversations), String(day.unanswered)]),
          'No days.',
        )}</div></section>` +
        `<section aria-labelledby="top-heading"><h2 id="top-heading">Questions asked most</h2>${table('Questions asked most', ['Question', 'Conversations'], byQuestion(top), 'No questions in this range.')}</section>` +
        `<section aria-labelledby="gaps-heading"><h2 id="gaps-heading">Unanswered questions: documentation gaps</h2>${table('Unanswered questions asked most', ['Question', 'Conversations'], byQuestion(gaps), 'Every question was answered.')}` +
        `<h3 id="unanswered">Latest unanswered conversations</h3>${table('Unanswered conversations, newest first', ['When', 'Question', 'Page'], open, 'None.')}${older}</section>` +
        `<section aria-labelledby="category-heading"><h2 id="category-heading">By category</h2>${table('Conversations by category', ['Category', 'Conversations'], byKey(categories), 'No conversations in this range.')}</section>` +
        `<section aria-labelledby="page-heading"><h2 id="page-heading">By page</h2>${table('Conversations by page', ['Page', 'Conversations'], byKey(pages), 'No conversations in this range.')}</section>`,
    });
  });

  router.get(`${ADMIN_PATHS.conversation}/:id`, async (req, res, next) => {
    const conversation = await store.getConversation({ projectId, id: String(req.params.id) });
    if (!conversation) return next();
    const sources = conversation.sources.map((source) => `<li><a href="${escapeHtml(source.url)}">${escapeHtml(source.title || source.url)}</a></li>`).join('');
    sendPage(ctx, req, res, 200, {
      title: 'Conversation',
      current: ADMIN_PATHS.analytics,
      body:
        `<p>${timeCell(conversation.timestamp)} · ${escapeHtml(conversation.resolutionStatus)}${conversation.queryCategory ? ` · ${escapeHtml(conversation.queryCategory)}` : ''}${conversation.pageUrl ? ` · on ${escapeHtml(conversation.pageUrl)}` : ''}</p>` +
        `<h2>Question</h2><pre>${escapeHtml(conversation.query)}</pre><h2>Answer</h2><pre>${escapeHtml(conversation.response)}</pre>` +
        `<h2>Sources</h2>${sources ? `<ul>${sources}</ul>` : '<p class="empty">None.</p>'}<p><a href="${ADMIN_PATHS.analytics}">Back to analytics</a></p>`,
    });
  });

  router.get(ADMIN_PATHS.analyticsExport, async (req, res) => {
    const range = dayRangeOf(req);
    if (typeof range === 'string') return problem(req, res, range);
    const format = exportFormatOf(req);
    if (!format) return problem(req, res, 'Export as csv or jsonl.');
    await store.recordAdminAction({ actor: ctx.ownerOf(req), action: 'analytics.export', detail: `${format} ${range.from}..${range.to}` });
    await sendExport(res, format, `conversations-${projectId}-${range.from}-${range.to}`, (write) =>
      exportConversations(store, { projectId, range: { dateFrom: range.dateFrom, dateTo: range.dateTo }, format, write }),
    );
  });
  return router;
}
