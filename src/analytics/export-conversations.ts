// `docsite analytics export`: every conversation in a date range, page by page, as JSON Lines or CSV.
import { PAGE_LIMIT, type Conversation, type ConversationStore } from '../store/index.js';
import { csvRow } from './csv.js';
import type { PageQuery } from './list-query.js';

/** Output formats of the export. */
export type ExportFormat = 'jsonl' | 'csv';

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

/** One conversation in `format`, with its line end. */
export function formatConversation(conversation: Conversation, format: ExportFormat): string {
  if (format === 'jsonl') return `${JSON.stringify(conversation)}\n`;
  const { id, timestamp, query, response, sources, queryCategory, pageUrl, resolutionStatus } = conversation;
  return csvRow([id, timestamp, query, response, JSON.stringify(sources), queryCategory, pageUrl, resolutionStatus]);
}

/**
 * Writes the conversations of the range, newest first, reading them with the endpoint's keyset
 * listing a full page (1000) at a time, so each is written exactly once even while new ones
 * arrive. Returns how many were written.
 */
export async function exportConversations(store: ConversationStore, options: ExportOptions): Promise<number> {
  if (options.format === 'csv') await options.write(csvRow(CSV_COLUMNS));
  let cursor: string | undefined;
  let count = 0;
  do {
    const page = await store.listConversations({ projectId: options.projectId, ...options.range, limit: PAGE_LIMIT.max, cursor });
    if (page.conversations.length > 0) await options.write(page.conversations.map((c) => formatConversation(c, options.format)).join(''));
    count += page.conversations.length;
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return count;
}
