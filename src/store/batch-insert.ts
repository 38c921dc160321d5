// Multi-row INSERT in chunks: one statement per few hundred rows instead of one per row.
import type { SqlSession, SqlValue } from './sql.js';

/** Rows per INSERT statement: well under both engines' bound-parameter limits for our widest table. */
export const ROWS_PER_INSERT = 500;

/**
 * Inserts `rows` (values in `columns` order) into `table`, `ROWS_PER_INSERT` at a time. Run it
 * inside a transaction when the rows must land together. `onConflict` (a constant clause such as
 * `ON CONFLICT (…) DO UPDATE …`) turns it into an upsert.
 */
export async function insertRows(
  db: SqlSession,
  table: string,
  columns: readonly string[],
  rows: readonly (readonly SqlValue[])[],
  onConflict = '',
): Promise<void> {
  const tuple = `(${columns.map(() => '?').join(', ')})`;
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    const chunk = rows.slice(start, start + ROWS_PER_INSERT);
    const sql = `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${chunk.map(() => tuple).join(', ')} ${onConflict}`;
    await db.run(sql.trimEnd(), chunk.flat());
  }
}
