// Dashboard reads over the conversation rollups: per-day series and top lists for a date range.
import { DAY_MS, firstDayOf } from './conversation-rollups.js';
import { StoreInputError } from './errors.js';
import { checkedLimit } from './keyset.js';
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

/** Sums `conversations` of `table` per `column` over the range, most first. SUM is a string on PostgreSQL (numeric). */
async function topOf(db: SqlSession, table: string, column: string, request: TopRequest): Promise<[string, number][]> {
  const [from, to] = daysOf(request);
  const sql = `SELECT ${column} AS k, SUM(conversations) AS n FROM ${table} WHERE project_id = ? AND day BETWEEN ? AND ? GROUP BY ${column} ORDER BY n DESC, k LIMIT ?`;
  const rows = await db.all<{ k: string; n: number | string }>(sql, [request.projectId, from, to, checkedLimit(request.limit)]);
  return rows.map((row) => [row.k, Number(row.n)]);
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
      const [from, to] = daysOf(request);
      const status = request.unanswered ? " AND resolution_status = 'unanswered'" : '';
      // Whole ISO weeks of the range from the weekly rollup, the days before and after them from the daily one: exact, and a 30-day range reads 4 weeks and at most 12 days.
      const firstWeek = Math.ceil((from + 3) / 7);
      const lastWeek = Math.floor((to - 3) / 7);
      const weeks = firstWeek <= lastWeek;
      const days = (lo: number, hi: number) => ({
        sql: `SELECT question, conversations FROM question_days WHERE project_id = ? AND day BETWEEN ? AND ?${status}`,
        params: [request.projectId, lo, hi],
      });
      const parts = weeks
        ? [
            days(from, firstDayOf(firstWeek) - 1),
            {
              sql: `SELECT question, conversations FROM question_weeks WHERE project_id = ? AND week BETWEEN ? AND ?${status}`,
              params: [request.projectId, firstWeek, lastWeek],
            },
            days(firstDayOf(lastWeek) + 7, to),
          ]
        : [days(from, to)];
      const sql = `SELECT question AS k, SUM(conversations) AS n FROM (${parts.map((part) => part.sql).join(' UNION ALL ')}) AS parts
        GROUP BY question ORDER BY n DESC, k LIMIT ?`;
      const rows = await db.all<{ k: string; n: number | string }>(sql, [...parts.flatMap((part) => part.params), checkedLimit(request.limit)]);
      return rows.map((row) => ({ question: row.k, conversations: Number(row.n) }));
    },

    async conversationsByCategory(request) {
      const rows = await topOf(db, 'conversation_days', 'query_category', request);
      return rows.map(([key, conversations]) => ({ key: key === '' ? null : key, conversations }));
    },

    async conversationsByPage(request) {
      const rows = await topOf(db, 'conversation_page_days', 'page_url', request);
      return rows.map(([key, conversations]) => ({ key: key === '' ? null : key, conversations }));
    },
  };
}
