// Counts of the search box and the MCP tools per day, and the searches readers and agents made, added in batches.
import { daysOf, type AnalyticsRange, type TopRequest } from './assistant-analytics.js';
import { DAY_MS } from './rollup-periods.js';
import { StoreInputError } from './errors.js';
import { checkedLimit } from './keyset.js';
import type { SqlDriver, SqlSession } from './sql.js';

/**
 * What is counted: the reader's search box (`readerSearch`), and the search and filesystem tools
 * of the public MCP server (`search`, `filesystem`) and of the authenticated one (`authed…`),
 * named like their rate limit quotas.
 */
export type CountedTool = 'readerSearch' | 'search' | 'filesystem' | 'authedSearch' | 'authedFilesystem';

export const COUNTED_TOOLS: readonly CountedTool[] = ['readerSearch', 'search', 'filesystem', 'authedSearch', 'authedFilesystem'];

/** Counts gathered in memory since the last batch (one UTC day number each, `floor(ms / DAY_MS)`). */
export interface UsageBatch {
  projectId: string;
  /** Calls per tool and day; `noResults`: searches among them that found nothing (0 for filesystem). */
  tools: { day: number; tool: CountedTool; calls: number; noResults: number }[];
  /** Searches per normalised query text and day, only those whose text may be kept. */
  queries: { day: number; query: string; searches: number; noResults: number }[];
}

/** Calls of one tool on one UTC day. */
export interface ToolDayCount {
  /** `YYYY-MM-DD`. */
  day: string;
  tool: CountedTool;
  calls: number;
  noResults: number;
}

/** A search text and how often it was searched over a range, and how often that found nothing. */
export interface SearchCount {
  query: string;
  searches: number;
  noResults: number;
}

/** Where search and tool counts live. */
export interface SearchAnalyticsStore {
  /** Adds a batch to the day counters, in one transaction (instances add theirs side by side). */
  addUsageCounts(batch: UsageBatch): Promise<void>;
  /** Calls per tool per day of the range, oldest day first, tools in `COUNTED_TOOLS` order; days without calls are left out. */
  toolCallsPerDay(range: AnalyticsRange): Promise<ToolDayCount[]>;
  /** The texts searched most, most first (ties by text); `noResults` keeps only searches that found nothing, ordered by those. */
  topSearches(request: TopRequest & { noResults?: boolean | undefined }): Promise<SearchCount[]>;
}

function checkCount(value: number, name: string): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new StoreInputError(`${name} must be a whole number ≥ 0`);
}

/** Adds each counter with one upsert per row: `INSERT … ON CONFLICT DO UPDATE SET n = n + excluded.n`, the same on both engines. */
async function addRows(tx: SqlSession, batch: UsageBatch): Promise<void> {
  for (const row of batch.tools) {
    if (!COUNTED_TOOLS.includes(row.tool)) throw new StoreInputError(`there is no counted tool ${String(row.tool)}`);
    checkCount(row.calls, 'calls');
    checkCount(row.noResults, 'noResults');
    await tx.run(
      `INSERT INTO tool_call_days (project_id, day, tool, calls, no_results) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (project_id, day, tool) DO UPDATE SET calls = tool_call_days.calls + excluded.calls, no_results = tool_call_days.no_results + excluded.no_results`,
      [batch.projectId, row.day, row.tool, row.calls, row.noResults],
    );
  }
  for (const row of batch.queries) {
    checkCount(row.searches, 'searches');
    checkCount(row.noResults, 'noResults');
    await tx.run(
      `INSERT INTO search_query_days (project_id, day, query, searches, no_results) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (project_id, day, query) DO UPDATE SET searches = search_query_days.searches + excluded.searches, no_results = search_query_days.no_results + excluded.no_results`,
      [batch.projectId, row.day, row.query, row.searches, row.noResults],
    );
  }
}

/** The search analytics of a SQL store. */
export function searchAnalyticsStore(db: SqlDriver): SearchAnalyticsStore {
  return {
    async addUsageCounts(batch) {
      if (batch.tools.length === 0 && batch.queries.length === 0) return;
      await db.transaction((tx) => addRows(tx, batch));
    },

    async toolCallsPerDay(range) {
      const [from, to] = daysOf(range);
      const rows = await db.all<{ day: number; tool: CountedTool; calls: number; no_results: number }>(
        'SELECT day, tool, calls, no_results FROM tool_call_days WHERE project_id = ? AND day BETWEEN ? AND ? ORDER BY day',
        [range.projectId, from, to],
      );
      const order = (tool: CountedTool): number => COUNTED_TOOLS.indexOf(tool);
      return rows
        .map((row) => ({ day: Number(row.day), tool: row.tool, calls: Number(row.calls), noResults: Number(row.no_results) }))
        .sort((a, b) => a.day - b.day || order(a.tool) - order(b.tool))
        .map((row) => ({ ...row, day: new Date(row.day * DAY_MS).toISOString().slice(0, 10) }));
    },

    async topSearches(request) {
      const [from, to] = daysOf(request);
      const ranked = request.noResults ? 'e' : 'n';
      const sql = `SELECT query AS q, SUM(searches) AS n, SUM(no_results) AS e FROM search_query_days
        WHERE project_id = ? AND day BETWEEN ? AND ?${request.noResults ? ' AND no_results > 0' : ''}
        GROUP BY query ORDER BY ${ranked} DESC, q LIMIT ?`;
      const rows = await db.all<{ q: string; n: number | string; e: number | string }>(sql, [request.projectId, from, to, checkedLimit(request.limit)]);
      return rows.map((row) => ({ query: row.q, searches: Number(row.n), noResults: Number(row.e) }));
    },
  };
}
