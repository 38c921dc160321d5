// Dashboard reads over the conversation rollups: per-day series and top lists for a date range.
import { StoreInputError } from './errors.js';
import { checkedLimit } from './keyset.js';
import { DAY_MS, DAYS, type Grain, MONTHS, type Period, splitRange, WEEKS } from './rollup-periods.js';
import type { SqlSession } from './sql.js';

/** Longest range one analytics read may cover, in days: bounds the rollup rows it reads. */
export const ANALYTICS_MAX_DAYS = 366;

/** A project and a span of whole UTC days, both ends inclusive (`YYYY-MM-DD`). */
export interface AnalyticsRange {
  projectId: string;
  from: string;
  to: string;
}

/** A top-N request over a range; `limit` 1–1000 like a page. */
export interface TopRequest extends AnalyticsRange {
  limit: number;
}

/** Conversations of one UTC day. */
export interface DayCount {
  /** `YYYY-MM-DD`. */
  day: string;
  conversations: number;
  unanswered: number;
}

/** A question (normalised text) and how often it was asked. */
export interface QuestionCount {
  question: string;
  conversations: number;
}

/** A category or page (null: none given) and its conversations. */
export interface KeyCount {
  key: string | null;
  conversations: number;
}

/** Totals the analytics dashboard shows; each reads only rollup rows of the range. */
export interface AssistantAnalyticsStore {
  /** One entry per day of the range, oldest first, days without conversations as 0. */
  conversationsPerDay(range: AnalyticsRange): Promise<DayCount[]>;
  /** The questions asked most, most first (ties by text); `unanswered` keeps only those not answered: the documentation gaps. */
  topQuestions(request: TopRequest & { unanswered?: boolean | undefined }): Promise<QuestionCount[]>;
  /** Conversations per query category, most first. */
  conversationsByCategory(request: TopRequest): Promise<KeyCount[]>;
  /** Conversations per page the reader was on, most first. */
  conversationsByPage(request: TopRequest): Promise<KeyCount[]>;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function dayNumber(text: string, name: string): number {
  const ms = DAY.test(text) ? Date.parse(`${text}T00:00:00Z`) : Number.NaN;
  if (!Number.isFinite(ms) || new Date(ms).toISOString().slice(0, 10) !== text) throw new StoreInputError(`${name} must be a date YYYY-MM-DD`);
  return ms / DAY_MS;
}

/** The range as inclusive day numbers, checked. */
export function daysOf(range: AnalyticsRange): [number, number] {
  const from = dayNumber(range.from, 'from');
  const to = dayNumber(range.to, 'to');
  if (to < from) throw new StoreInputError('to must not be before from');
  if (to - from + 1 > ANALYTICS_MAX_DAYS) throw new StoreInputError(`a range may span at most ${ANALYTICS_MAX_DAYS} days`);
  return [from, to];
}

/** A rollup table at one grain, and what a top list takes from each of its rows: the key and the count. */
interface Source extends Grain {
  table: string;
  key: string;
  count: string;
  /** More conditions, each starting with AND. */
  where: string;
}

/** `weight`: about how many rows a unit holds, relative to the other sources of the read (measured on the dashboard benchmark's data). */
function source(period: Period, weight: number, table: string, key: string, count = 'conversations', where = ''): Source {
  return { period, weight, table, key, count, where };
}

const UNANSWERED = " AND resolution_status = 'unanswered'";
/**
 * Coarsest first (rollup-periods.ts splitRange). A month of a question is one row and a day or
 * week one per status, so a month holds about twice the rows of a day and a week three times.
 */
const QUESTIONS = [
  source(MONTHS, 2, 'question_months', 'question'),
  source(WEEKS, 3, 'question_weeks', 'question'),
  source(DAYS, 1, 'question_days', 'question'),
];
const GAPS = [
  source(MONTHS, 2, 'question_months', 'question', 'unanswered', ' AND unanswered > 0'),
  source(WEEKS, 3, 'question_weeks', 'question', 'conversations', UNANSWERED),
  source(DAYS, 1, 'question_days', 'question', 'conversations', UNANSWERED),
];
const PAGES = [source(MONTHS, 1, 'conversation_page_months', 'page_url'), source(DAYS, 1, 'conversation_page_days', 'page_url')];
const CATEGORIES = [source(DAYS, 1, 'conversation_days', 'query_category')];

/**
 * Sums the count per key over the range, most first (ties by key): each source gives the units
 * of its grain that splitRange assigns it, added or taken out, so every day of the range counts
 * exactly once; a key whose days are all taken out again sums to 0 and is left out. SUM is a
 * string on PostgreSQL (numeric).
 */
async function topOf(db: SqlSession, sources: readonly Source[], request: TopRequest): Promise<[string, number][]> {
  const [from, to] = daysOf(request);
  const spans = splitRange(from, to, sources);
  const parts = spans.map(
    ({ grain, sign }) =>
      `SELECT ${grain.key} AS k, ${sign === 1 ? '' : '-'}${grain.count} AS n FROM ${grain.table} WHERE project_id = ? AND ${grain.period.column} BETWEEN ? AND ?${grain.where}`,
  );
  const sql = `SELECT k, SUM(n) AS total FROM (${parts.join(' UNION ALL ')}) AS parts GROUP BY k HAVING SUM(n) > 0 ORDER BY total DESC, k LIMIT ?`;
  const params = spans.flatMap(({ first, last }) => [request.projectId, first, last]);
  const rows = await db.all<{ k: string; total: number | string }>(sql, [...params, checkedLimit(request.limit)]);
  return rows.map((row) => [row.k, Number(row.total)]);
}

/** The analytics reads of a SQL store. */
export function assistantAnalyticsStore(db: SqlSession): AssistantAnalyticsStore {
  return {
    async conversationsPerDay(range) {
      const [from, to] = daysOf(range);
      const rows = await db.all<{ day: number; n: number | string; u: number | string }>(
        `SELECT day, SUM(conversations) AS n, SUM(CASE WHEN resolution_status = 'unanswered' THEN conversations ELSE 0 END) AS u
         FROM conversation_days WHERE project_id = ? AND day BETWEEN ? AND ? GROUP BY day`,
        [range.projectId, from, to],
      );
      const byDay = new Map(rows.map((row) => [Number(row.day), row]));
      return Array.from({ length: to - from + 1 }, (_, i) => {
        const row = byDay.get(from + i);
        return { day: new Date((from + i) * DAY_MS).toISOString().slice(0, 10), conversations: Number(row?.n ?? 0), unanswered: Number(row?.u ?? 0) };
      });
    },

    async topQuestions(request) {
      const rows = await topOf(db, request.unanswered ? GAPS : QUESTIONS, request);
      return rows.map(([question, conversations]) => ({ question, conversations }));
    },

    async conversationsByCategory(request) {
      const rows = await topOf(db, CATEGORIES, request);
      return rows.map(([key, conversations]) => ({ key: key === '' ? null : key, conversations }));
    },

    async conversationsByPage(request) {
      const rows = await topOf(db, PAGES, request);
      return rows.map(([key, conversations]) => ({ key: key === '' ? null : key, conversations }));
    },
  };
}
