// Keyset paging over (created_ms DESC, id DESC), shared by conversations and feedback.
import { StoreInputError } from './errors.js';
import { canonicalUlid } from './ids.js';
import type { SqlSession, SqlValue } from './sql.js';

/** Most and fewest rows one page may hold. */
export const PAGE_LIMIT = { min: 1, max: 1000 } as const;

/** Rows of a paged table carry at least these columns. */
export interface KeyedRow {
  id: string;
  created_ms: number;
}

/** One page request against a table keyed by (project_id, id) with a (project_id, created_ms DESC, id DESC) index. */
export interface KeysetQuery {
  table: 'conversations' | 'feedback';
  /** Column list to select (constants from the calling module, never user input). */
  columns: string;
  projectId: string;
  /** Inclusive lower bound. */
  dateFrom?: Date | undefined;
  /** Exclusive upper bound. */
  dateTo?: Date | undefined;
  /** Extra equality filters: [column, value], columns again constants. */
  filters?: readonly (readonly [string, SqlValue])[];
  limit: number;
  /** Id of the last row of the previous page. */
  cursor?: string | undefined;
}

/** A page of rows, newest first. */
export interface KeysetPage<Row> {
  rows: Row[];
  /** Id of the last row when more rows follow, else null. */
  nextCursor: string | null;
  hasMore: boolean;
}

type Key = readonly [at: number, id: string];

/** `limit` when it is an integer within PAGE_LIMIT; `StoreInputError` otherwise. */
export function checkedLimit(limit: number): number {
  if (!Number.isInteger(limit) || limit < PAGE_LIMIT.min || limit > PAGE_LIMIT.max) {
    throw new StoreInputError(`limit must be an integer from ${PAGE_LIMIT.min} to ${PAGE_LIMIT.max}`);
  }
  return limit;
}

/** Whether key `a` sorts before `b` in ascending (created_ms, id) order; ids compare byte-wise, as the indexes do. */
function below(a: Key, b: Key): boolean {
  return a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]);
}

/** Epoch milliseconds of `date`; `StoreInputError` naming `name` when it is not a valid date. */
export function millis(date: Date, name: string): number {
  const ms = date.getTime();
  if (!Number.isFinite(ms)) throw new StoreInputError(`${name} is not a valid date`);
  return ms;
}

/** The key of the cursor row: the cursor is only an id, so its timestamp is looked up (by primary key). */
async function cursorKey(db: SqlSession, query: KeysetQuery, cursor: string): Promise<Key> {
  const id = canonicalUlid(cursor);
  if (!id) throw new StoreInputError('cursor is not a ULID');
  const rows = await db.all<{ created_ms: number }>(`SELECT created_ms FROM ${query.table} WHERE project_id = ? AND id = ?`, [query.projectId, id]);
  const row = rows[0];
  if (!row) throw new StoreInputError('cursor does not match a row of this project');
  return [Number(row.created_ms), id];
}

/**
 * Reads one page. Rows are totally ordered by the unique key (created_ms, id); a page is the
 * first `limit` rows strictly below the cursor's key, so consecutive pages can neither repeat a
 * row nor skip one, whatever is written meanwhile. The upper bound is ONE row-value comparison
 * (the lower of the cursor key and (dateTo, '')), which both engines turn into an index range
 * together with `created_ms >= dateFrom`: every page costs one index descent plus `limit` rows.
 */
export async function keysetPage<Row extends KeyedRow>(db: SqlSession, query: KeysetQuery): Promise<KeysetPage<Row>> {
  const limit = checkedLimit(query.limit);
  let upper: Key | undefined = query.dateTo ? [millis(query.dateTo, 'dateTo'), ''] : undefined;
  if (query.cursor !== undefined) {
    const key = await cursorKey(db, query, query.cursor);
    if (!upper || below(key, upper)) upper = key;
  }
  const where = ['project_id = ?'];
  const params: SqlValue[] = [query.projectId];
  for (const [column, value] of query.filters ?? []) {
    where.push(`${column} = ?`);
    params.push(value);
  }
  if (query.dateFrom) {
    where.push('created_ms >= ?');
    params.push(millis(query.dateFrom, 'dateFrom'));
  }
  if (upper) {
    where.push('(created_ms, id) < (?, ?)');
    params.push(...upper);
  }
  params.push(limit + 1);
  const rows = await db.all<Row>(`SELECT ${query.columns} FROM ${query.table} WHERE ${where.join(' AND ')} ORDER BY created_ms DESC, id DESC LIMIT ?`, params);
  const hasMore = rows.length > limit;
  if (hasMore) rows.length = limit;
  return { rows, hasMore, nextCursor: hasMore ? (rows.at(-1)?.id ?? null) : null };
}
