// The loop of every export: a keyset listing read a full page at a time, each row written once, in order.
import { PAGE_LIMIT } from '../store/index.js';
import { csvRow } from './csv.js';

/** Output formats of the exports. */
export type ExportFormat = 'jsonl' | 'csv';

/** How rows of one kind are read and written. */
export interface PagedExport<Row> {
  /** One page of at most `limit` rows after `cursor`, newest first (a store's keyset listing). */
  readPage(limit: number, cursor: string | undefined): Promise<{ rows: Row[]; nextCursor: string | null }>;
  /** The CSV header. */
  columns: readonly string[];
  /** The cells of a row, in `columns` order. */
  cells(row: Row): (string | null)[];
  format: ExportFormat;
  /** Receives the output piece by piece; awaited, so a slow file slows the export instead of filling memory. */
  write(chunk: string): Promise<void> | void;
}

/** One row in `format`, with its line end. */
export function formatRow<Row>(row: Row, format: ExportFormat, cells: (row: Row) => (string | null)[]): string {
  return format === 'jsonl' ? `${JSON.stringify(row)}\n` : csvRow(cells(row));
}

/**
 * Writes every row, reading the listing a full page (1000) at a time: its keyset paging writes
 * each row exactly once even while new ones arrive. Returns how many were written.
 */
export async function exportPages<Row>(job: PagedExport<Row>): Promise<number> {
  if (job.format === 'csv') await job.write(csvRow(job.columns));
  let cursor: string | undefined;
  let count = 0;
  do {
    const page = await job.readPage(PAGE_LIMIT.max, cursor);
    if (page.rows.length > 0) await job.write(page.rows.map((row) => formatRow(row, job.format, job.cells)).join(''));
    count += page.rows.length;
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return count;
}
