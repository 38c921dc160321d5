// `docsite analytics export`: every conversation in a date range, page by page, as JSON Lines or CSV.
import type { Conversation, ConversationStore } from '../store/index.js';
import { exportPages, formatRow, type ExportFormat } from './export-pages.js';
import type { PageQuery } from './list-query.js';

/** Columns of the CSV export, in order; `sources` is a JSON array in its cell. */
export const CSV_COLUMNS = ['id', 'timestamp', 'query', 'response', 'sources', 'queryCategory', 'pageUrl', 'resolutionStatus'] as const;

/** What to export, how, and where the text goes. */
export interface ExportOptions {
  projectId: string;
  /** The range, checked by `parseConversationQuery` like the endpoint's parameters. */
  range: Pick<PageQuery, 'dateFrom' | 'dateTo'>;
  format: ExportFormat;
  /** Receives the output piece by piece; awaited, so a slow file slows the export instead of filling memory. */
  write(chunk: string): Promise<void> | void;
}

function cellsOf({ id, timestamp, query, response, sources, queryCategory, pageUrl, resolutionStatus }: Conversation): (string | null)[] {
  return [id, timestamp, query, response, JSON.stringify(sources), queryCategory, pageUrl, resolutionStatus];
}

/** One conversation in `format`, with its line end. */
export function formatConversation(conversation: Conversation, format: ExportFormat): string {
  return formatRow(conversation, format, cellsOf);
}

/** Writes the conversations of the range, newest first, each exactly once; returns how many. */
export function exportConversations(store: ConversationStore, options: ExportOptions): Promise<number> {
  return exportPages({
    columns: CSV_COLUMNS,
    cells: cellsOf,
    format: options.format,
    write: options.write,
    readPage: async (limit, cursor) => {
      const page = await store.listConversations({ projectId: options.projectId, ...options.range, limit, cursor });
      return { rows: page.conversations, nextCursor: page.nextCursor };
    },
  });
}
