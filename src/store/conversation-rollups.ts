// Daily counters kept beside the conversations, so dashboard totals never count raw rows.
import { insertRows } from './batch-insert.js';
import type { SqlSession, SqlValue } from './sql.js';

/** Milliseconds in a UTC day: a day number is `floor(created_ms / DAY_MS)`. */
export const DAY_MS = 86_400_000;
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

interface Rollup {
  table: string;
  /** Primary key columns, in order; the last column of a row is the count. */
  key: readonly string[];
  keyOf(row: RollupInput, day: number): SqlValue[];
}

/**
 * The ISO week (Monday to Sunday) of a UTC day number, counted from the week of 1970-01-01 (a
 * Thursday): week `w` holds days `7w - 3` to `7w + 3`.
 */
export function weekOf(day: number): number {
  return Math.floor((day + 3) / 7);
}

/** The first day number of week `week`. */
export function firstDayOf(week: number): number {
  return week * 7 - 3;
}

/** NULL category and page are counted under '' (primary key columns cannot be NULL). Migration 5 made these. */
const DAILY_ROLLUPS: readonly Rollup[] = [
  {
    table: 'conversation_days',
    key: ['project_id', 'day', 'query_category', 'resolution_status'],
    keyOf: (row, day) => [row.projectId, day, row.queryCategory ?? '', row.resolutionStatus],
  },
  {
    table: 'conversation_page_days',
    key: ['project_id', 'day', 'page_url'],
    keyOf: (row, day) => [row.projectId, day, row.pageUrl ?? ''],
  },
  {
    table: 'question_days',
    key: ['project_id', 'day', 'question', 'resolution_status'],
    keyOf: (row, day) => [row.projectId, day, normaliseQuestion(row.query), row.resolutionStatus],
  },
];

/** Every rollup: the daily ones, and questions per ISO week (migration 9), which top-question reads take whole weeks from. */
const ROLLUPS: readonly Rollup[] = [
  ...DAILY_ROLLUPS,
  {
    table: 'question_weeks',
    key: ['project_id', 'week', 'question', 'resolution_status'],
    keyOf: (row, day) => [row.projectId, weekOf(day), normaliseQuestion(row.query), row.resolutionStatus],
  },
];

/**
 * Adds `rows` to every rollup; call it in the transaction that inserts them. Counts are summed
 * in memory first (one statement may not touch a key twice in PostgreSQL) and written in key
 * order, so concurrent writers lock rollup rows in the same order and cannot deadlock.
 */
export async function addToRollups(tx: SqlSession, rows: readonly RollupInput[], rollups: readonly Rollup[] = ROLLUPS): Promise<void> {
  for (const rollup of rollups) {
    const counts = new Map<string, { key: SqlValue[]; n: number }>();
    for (const row of rows) {
      const key = rollup.keyOf(row, Math.floor(row.createdMs / DAY_MS));
      const id = JSON.stringify(key);
      const entry = counts.get(id);
      if (entry) entry.n += 1;
      else counts.set(id, { key, n: 1 });
    }
    const sorted = [...counts.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, { key, n }]) => [...key, n]);
    const onConflict = `ON CONFLICT (${rollup.key.join(', ')}) DO UPDATE SET conversations = ${rollup.table}.conversations + excluded.conversations`;
    await insertRows(tx, rollup.table, [...rollup.key, 'conversations'], sorted, onConflict);
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
