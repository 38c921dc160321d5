// Counters per day, week and month kept beside the conversations, so dashboard totals never count raw rows.
import { insertRows } from './batch-insert.js';
import { DAY_MS, monthOf, weekOf } from './rollup-periods.js';
import type { Dialect, SqlSession, SqlValue } from './sql.js';

/**
 * Longest normalised question kept in the rollup: it is part of a primary key, and PostgreSQL
 * refuses B-tree entries over ~2.7 kB. Longer questions are counted under their first characters.
 */
export const QUESTION_MAX_CHARS = 200;

/** The columns of a conversation the rollups count by. */
export interface RollupInput {
  projectId: string;
  createdMs: number;
  query: string;
  queryCategory: string | null;
  pageUrl: string | null;
  resolutionStatus: string;
}

/** A question as it is grouped: trimmed, case-folded, runs of whitespace made one space. */
export function normaliseQuestion(query: string): string {
  return query.trim().toLowerCase().replace(/\s+/g, ' ').slice(0, QUESTION_MAX_CHARS);
}

/** The counter columns after a rollup's key, and what one conversation adds to each. */
interface Counters {
  columns: readonly string[];
  of(row: RollupInput): number[];
}

const CONVERSATIONS: Counters = { columns: ['conversations'], of: () => [1] };

interface Rollup {
  table: string;
  /** Primary key columns, in order. */
  key: readonly string[];
  keyOf(row: RollupInput, day: number): SqlValue[];
  counters: Counters;
}

/** NULL category and page are counted under '' (primary key columns cannot be NULL). Migration 5 made these. */
const DAILY_ROLLUPS: readonly Rollup[] = [
  {
    table: 'conversation_days',
    key: ['project_id', 'day', 'query_category', 'resolution_status'],
    keyOf: (row, day) => [row.projectId, day, row.queryCategory ?? '', row.resolutionStatus],
    counters: CONVERSATIONS,
  },
  {
    table: 'conversation_page_days',
    key: ['project_id', 'day', 'page_url'],
    keyOf: (row, day) => [row.projectId, day, row.pageUrl ?? ''],
    counters: CONVERSATIONS,
  },
  {
    table: 'question_days',
    key: ['project_id', 'day', 'question', 'resolution_status'],
    keyOf: (row, day) => [row.projectId, day, normaliseQuestion(row.query), row.resolutionStatus],
    counters: CONVERSATIONS,
  },
];

/**
 * Every rollup: the daily ones, questions per ISO week (migration 9), and questions and pages per
 * calendar month (migration 10), which reads over long ranges take whole weeks and months from.
 * A month of a question is one row with both counts, so the gaps read the same rows.
 */
const ROLLUPS: readonly Rollup[] = [
  ...DAILY_ROLLUPS,
  {
    table: 'question_weeks',
    key: ['project_id', 'week', 'question', 'resolution_status'],
    keyOf: (row, day) => [row.projectId, weekOf(day), normaliseQuestion(row.query), row.resolutionStatus],
    counters: CONVERSATIONS,
  },
  {
    table: 'question_months',
    key: ['project_id', 'month', 'question'],
    keyOf: (row, day) => [row.projectId, monthOf(day), normaliseQuestion(row.query)],
    counters: { columns: ['conversations', 'unanswered'], of: (row) => [1, row.resolutionStatus === 'unanswered' ? 1 : 0] },
  },
  {
    table: 'conversation_page_months',
    key: ['project_id', 'month', 'page_url'],
    keyOf: (row, day) => [row.projectId, monthOf(day), row.pageUrl ?? ''],
    counters: CONVERSATIONS,
  },
];

/** Every rollup table, for refreshing the planner's statistics after a large import. */
export const ROLLUP_TABLES: readonly string[] = ROLLUPS.map((rollup) => rollup.table);

/**
 * Adds `rows` to every rollup; call it in the transaction that inserts them. Counts are summed
 * in memory first (one statement may not touch a key twice in PostgreSQL) and written in key
 * order, so concurrent writers lock rollup rows in the same order and cannot deadlock.
 */
export async function addToRollups(tx: SqlSession, rows: readonly RollupInput[], rollups: readonly Rollup[] = ROLLUPS): Promise<void> {
  for (const rollup of rollups) {
    const { columns } = rollup.counters;
    const counts = new Map<string, { key: SqlValue[]; n: number[] }>();
    for (const row of rows) {
      const key = rollup.keyOf(row, Math.floor(row.createdMs / DAY_MS));
      const id = JSON.stringify(key);
      const added = rollup.counters.of(row);
      const entry = counts.get(id);
      if (entry) entry.n = entry.n.map((n, i) => n + added[i]!);
      else counts.set(id, { key, n: added });
    }
    const sorted = [...counts.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, { key, n }]) => [...key, ...n]);
    const sums = columns.map((column) => `${column} = ${rollup.table}.${column} + excluded.${column}`).join(', ');
    await insertRows(tx, rollup.table, [...rollup.key, ...columns], sorted, `ON CONFLICT (${rollup.key.join(', ')}) DO UPDATE SET ${sums}`);
  }
}

/** Rows read per step when the migration counts conversations stored before the rollups existed. */
const BACKFILL_BATCH = 5000;

/**
 * Counts every stored conversation into the (empty) daily rollups, in primary-key order, a batch
 * at a time: migration 5's backfill, so only the tables it made (a later migration fills its own).
 */
export async function backfillRollups(tx: SqlSession): Promise<void> {
  let after: [string, string] | undefined;
  for (;;) {
    const where = after ? 'WHERE (project_id, id) > (?, ?)' : '';
    const rows = await tx.all<{
      project_id: string;
      id: string;
      created_ms: number;
      query: string;
      query_category: string | null;
      page_url: string | null;
      resolution_status: string;
    }>(`SELECT project_id, id, created_ms, query, query_category, page_url, resolution_status FROM conversations ${where} ORDER BY project_id, id LIMIT ?`, [
      ...(after ?? []),
      BACKFILL_BATCH,
    ]);
    if (rows.length === 0) return;
    await addToRollups(
      tx,
      rows.map((row) => ({
        projectId: row.project_id,
        createdMs: Number(row.created_ms),
        query: row.query,
        queryCategory: row.query_category,
        pageUrl: row.page_url,
        resolutionStatus: row.resolution_status,
      })),
      DAILY_ROLLUPS,
    );
    const last = rows.at(-1)!;
    after = [last.project_id, last.id];
  }
}

/** Fills the (empty) weekly question rollup from the daily one: migration 9's backfill. `(day + 3) / 7` is `weekOf` (integer division, days ≥ 0). */
export async function backfillQuestionWeeks(tx: SqlSession): Promise<void> {
  await tx.run(
    `INSERT INTO question_weeks (project_id, week, question, resolution_status, conversations)
     SELECT project_id, (day + 3) / 7, question, resolution_status, SUM(conversations) FROM question_days
     GROUP BY project_id, (day + 3) / 7, question, resolution_status`,
  );
}

/**
 * Fills the (empty) monthly rollups from the daily ones: migration 10's backfill. The month of a
 * day number is computed by the engine the way `monthOf` computes it.
 */
export async function backfillMonths(tx: SqlSession, dialect: Dialect): Promise<void> {
  const month = monthSql(dialect);
  await tx.run(
    `INSERT INTO question_months (project_id, month, question, conversations, unanswered)
     SELECT project_id, ${month}, question, SUM(conversations), SUM(CASE WHEN resolution_status = 'unanswered' THEN conversations ELSE 0 END)
     FROM question_days GROUP BY project_id, ${month}, question`,
  );
  await tx.run(
    `INSERT INTO conversation_page_months (project_id, month, page_url, conversations)
     SELECT project_id, ${month}, page_url, SUM(conversations) FROM conversation_page_days GROUP BY project_id, ${month}, page_url`,
  );
  // New tables have no statistics until autovacuum gets to them; the reads plan on them at once.
  if (dialect.name === 'postgres') await tx.run('ANALYZE question_months, conversation_page_months');
}

/** SQL for `monthOf(day)`: (year - 1970) * 12 + month - 1 of the UTC date of the day number in column `day`. */
function monthSql(dialect: Dialect): string {
  if (dialect.name === 'sqlite') {
    const part = (format: string) => `CAST(strftime('${format}', day * 86400, 'unixepoch') AS INTEGER)`;
    return `((${part('%Y')} - 1970) * 12 + ${part('%m')} - 1)`;
  }
  const part = (field: string) => `EXTRACT(${field} FROM to_timestamp(CAST(day AS DOUBLE PRECISION) * 86400) AT TIME ZONE 'UTC')`;
  return `CAST((${part('YEAR')} - 1970) * 12 + ${part('MONTH')} - 1 AS INTEGER)`;
}
