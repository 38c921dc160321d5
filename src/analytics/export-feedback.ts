// `docsite feedback export`: the feedback of a date range (one status, source or page if asked), as JSON Lines or CSV, status included.
import type { Feedback, FeedbackStore } from '../store/index.js';
import { exportPages, type ExportFormat } from './export-pages.js';
import type { FeedbackQuery } from './list-query.js';

/** Columns of the CSV export, in order. */
export const FEEDBACK_CSV_COLUMNS = ['id', 'createdAt', 'path', 'source', 'status', 'helpful', 'comment'] as const;

export interface FeedbackExportOptions {
  projectId: string;
  /** Range and filters, checked by `parseFeedbackQuery`; `limit` and `cursor` are the export's own. */
  query: Omit<FeedbackQuery, 'limit' | 'cursor'> & { path?: string | undefined };
  format: ExportFormat;
  write(chunk: string): Promise<void> | void;
}

function cellsOf({ id, createdAt, path, source, status, helpful, comment }: Feedback): (string | null)[] {
  return [id, createdAt, path, source, status, String(helpful), comment];
}

/** Writes the feedback asked for, newest first, each exactly once; returns how many. */
export function exportFeedback(store: FeedbackStore, options: FeedbackExportOptions): Promise<number> {
  return exportPages({
    columns: FEEDBACK_CSV_COLUMNS,
    cells: cellsOf,
    format: options.format,
    write: options.write,
    readPage: async (limit, cursor) => {
      const page = await store.listFeedback({ projectId: options.projectId, ...options.query, limit, cursor });
      return { rows: page.feedback, nextCursor: page.nextCursor };
    },
  });
}
