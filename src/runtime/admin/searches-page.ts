// Search and agents: how often readers' search box and agents' MCP tools were used per day, what was
// searched most, and which searches found nothing (the counts `docsite serve` writes in batches).
import { Router } from 'express';
import { escapeHtml } from '../../auth/index.js';
import { COUNTED_TOOLS, type CountedTool, type ToolDayCount } from '../../store/index.js';
import { ADMIN_PATHS } from './admin-paths.js';
import { type AdminContext, sendPage, table } from './admin-context.js';
import { dayRangeForm, dayRangeOf } from './date-range.js';

/** Rows of the top-searches lists. */
const TOP = 25;

/** What each counted tool is, as the page names its column. */
const TOOL_LABELS: Record<CountedTool, string> = {
  readerSearch: 'Search box',
  search: 'MCP search',
  filesystem: 'MCP filesystem',
  authedSearch: 'Authenticated MCP search',
  authedFilesystem: 'Authenticated MCP filesystem',
};

/** One row per day that had calls, a column per tool: calls, with the searches that found nothing in brackets. */
function perDayRows(counts: readonly ToolDayCount[]): string[][] {
  const days = new Map<string, Map<CountedTool, ToolDayCount>>();
  for (const count of counts) {
    const day = days.get(count.day) ?? new Map<CountedTool, ToolDayCount>();
    day.set(count.tool, count);
    days.set(count.day, day);
  }
  return [...days].map(([day, tools]) => [
    escapeHtml(day),
    ...COUNTED_TOOLS.map((tool) => {
      const count = tools.get(tool);
      if (!count) return '0';
      return count.noResults > 0 ? `${count.calls} (${count.noResults} found nothing)` : String(count.calls);
    }),
  ]);
}

/** Serves `ADMIN_PATHS.searches`. */
export function searchesPage(ctx: AdminContext): Router {
  const { store, projectId } = ctx;
  const router = Router();
  router.get(ADMIN_PATHS.searches, async (req, res) => {
    const range = dayRangeOf(req);
    if (typeof range === 'string') {
      return sendPage(ctx, req, res, 400, {
        title: 'Search and agents',
        current: ADMIN_PATHS.searches,
        notice: { kind: 'error', text: range },
        body: dayRangeForm(ADMIN_PATHS.searches, undefined),
      });
    }
    const request = { projectId, from: range.from, to: range.to };
    const [perDay, top, nothingFound] = await Promise.all([
      store.toolCallsPerDay(request),
      store.topSearches({ ...request, limit: TOP }),
      store.topSearches({ ...request, limit: TOP, noResults: true }),
    ]);
    const searchRows = (list: typeof top) => list.map((item) => [escapeHtml(item.query), String(item.searches), String(item.noResults)]);
    sendPage(ctx, req, res, 200, {
      title: 'Search and agents',
      current: ADMIN_PATHS.searches,
      body:
        dayRangeForm(ADMIN_PATHS.searches, range) +
        `<section aria-labelledby="per-day"><h2 id="per-day">Calls per day</h2>${table(
          'Search box searches and MCP tool calls per day',
          ['Day', ...COUNTED_TOOLS.map((tool) => TOOL_LABELS[tool])],
          perDayRows(perDay),
          'No searches or MCP tool calls in this range.',
        )}</section>` +
        `<section aria-labelledby="top"><h2 id="top">Searched most</h2>${table('Searches, most first', ['Search', 'Times', 'Found nothing'], searchRows(top), 'No search texts in this range.')}</section>` +
        `<section aria-labelledby="nothing"><h2 id="nothing">Searches that found nothing</h2>${table('Searches that found nothing, most first', ['Search', 'Times', 'Found nothing'], searchRows(nothingFound), 'Every search in this range found something.')}</section>` +
        '<p class="muted">Counts are written every few seconds. Search texts are kept for anonymous readers and the public MCP server; for signed-in readers and the authenticated server only with <code>analytics.storeSignedInQueries</code> in the runtime config. The same from the command line: <code>docsite analytics searches</code>.</p>',
    });
  });
  return router;
}
