// Assistant conversations (SPEC.md 2.1): record one, import many at once, list them a page at a time.
import { insertRows } from './batch-insert.js';
import { isoOf, type Clock } from './clock.js';
import { importRowsOf } from './conversation-import.js';
import { addToRollups, ROLLUP_TABLES, type RollupInput } from './conversation-rollups.js';
import { StoreConflictError } from './errors.js';
import { canonicalUlid, newRowId } from './ids.js';
import { keysetPage } from './keyset.js';
import type { SqlDriver, SqlSession, SqlValue } from './sql.js';

/** Whether the assistant found sources for the query (used to find documentation gaps). */
export type ResolutionStatus = 'answered' | 'unanswered';

/** A page cited in an answer. */
export interface Source {
  title: string;
  /** Full URL of the page. */
  url: string;
}

/** One conversation turn as the analytics export returns it. */
export interface Conversation {
  /** ULID. */
  id: string;
  /** ISO 8601 UTC with milliseconds, e.g. `2025-01-31T09:30:00.123Z`. */
  timestamp: string;
  query: string;
  response: string;
  sources: Source[];
  queryCategory: string | null;
  pageUrl: string | null;
  resolutionStatus: ResolutionStatus;
}

/** What the assistant records; the store assigns `id` and `timestamp`. */
export interface NewConversation {
  projectId: string;
  query: string;
  response: string;
  sources: Source[];
  queryCategory: string | null;
  pageUrl: string | null;
  resolutionStatus: ResolutionStatus;
}

/** A conversation from another system, keeping its own id (any ULID) and timestamp (ISO 8601 with a zone). */
export interface ImportedConversation extends NewConversation {
  id: string;
  timestamp: string;
}

/** A page request: newest first, `dateFrom` inclusive, `dateTo` exclusive, `limit` 1–1000. */
export interface ListConversationsOptions {
  projectId: string;
  dateFrom?: Date | undefined;
  dateTo?: Date | undefined;
  /** Only conversations with this status (`unanswered`: the documentation gaps). */
  resolutionStatus?: ResolutionStatus | undefined;
  limit: number;
  /** `nextCursor` of the previous page (a conversation id). */
  cursor?: string | undefined;
}

/** SPEC.md 2.3. */
export interface ConversationPage {
  conversations: Conversation[];
  nextCursor: string | null;
  hasMore: boolean;
}

/** Where conversations live. */
export interface ConversationStore {
  /** Records a conversation now, with a new ULID. */
  addConversation(conversation: NewConversation): Promise<Conversation>;
  /**
   * Stores all rows in one transaction, or none: an invalid row throws `StoreInputError`, an id
   * already stored `StoreConflictError`. Returns the number stored.
   */
  importConversations(rows: readonly ImportedConversation[]): Promise<number>;
  /** One page, ordered by (timestamp, id) descending; see keyset.ts for why paging is exact. */
  listConversations(options: ListConversationsOptions): Promise<ConversationPage>;
  /** One conversation of the project, or null when there is none with that id. */
  getConversation(key: { projectId: string; id: string }): Promise<Conversation | null>;
}

/** Rows of one import after which PostgreSQL's planner statistics are refreshed at once. */
const ANALYZE_AFTER_ROWS = 1000;

const COLUMNS = ['project_id', 'id', 'created_ms', 'query', 'response', 'sources', 'query_category', 'page_url', 'resolution_status'];

interface ConversationRow {
  id: string;
  created_ms: number;
  query: string;
  response: string;
  sources: string;
  query_category: string | null;
  page_url: string | null;
  resolution_status: ResolutionStatus;
}

/** What the rollups count of a row in COLUMNS order. */
function rollupInputOf(values: readonly SqlValue[]): RollupInput {
  return {
    projectId: values[0] as string,
    createdMs: values[2] as number,
    query: values[3] as string,
    queryCategory: values[6] as string | null,
    pageUrl: values[7] as string | null,
    resolutionStatus: values[8] as string,
  };
}

/** Inserts rows (COLUMNS order) and counts them into the rollups, in the caller's transaction. */
async function insertConversations(tx: SqlSession, rows: readonly SqlValue[][]): Promise<void> {
  await insertRows(tx, 'conversations', COLUMNS, rows);
  await addToRollups(tx, rows.map(rollupInputOf));
}

function conversationOf(row: ConversationRow): Conversation {
  return {
    id: row.id,
    timestamp: isoOf(Number(row.created_ms)),
    query: row.query,
    response: row.response,
    sources: JSON.parse(row.sources) as Source[],
    queryCategory: row.query_category,
    pageUrl: row.page_url,
    resolutionStatus: row.resolution_status,
  };
}

/** The conversation methods of a SQL store. */
export function conversationStore(db: SqlDriver, clock: Clock): ConversationStore {
  return {
    async addConversation(input) {
      const { id, at } = newRowId(clock);
      const sources = input.sources.map(({ title, url }) => ({ title, url }));
      const row = [input.projectId, id, at, input.query, input.response, JSON.stringify(sources), input.queryCategory, input.pageUrl, input.resolutionStatus];
      await db.transaction((tx) => insertConversations(tx, [row]));
      const { query, response, queryCategory, pageUrl, resolutionStatus } = input;
      return { id, timestamp: isoOf(at), query, response, sources, queryCategory, pageUrl, resolutionStatus };
    },

    async importConversations(rows) {
      const values = importRowsOf(rows);
      try {
        await db.transaction((tx) => insertConversations(tx, values));
      } catch (error) {
        if (error instanceof StoreConflictError)
          throw new StoreConflictError('a conversation id in this import is already stored; nothing was imported', { cause: error });
        throw error;
      }
      // A table that grew by thousands of rows at once still has PostgreSQL's old statistics
      // (or none) until autovacuum gets to it, up to a minute later; meanwhile the planner
      // estimates a few hundred rows and sorts the whole project for every page instead of
      // walking the keyset index. The rollups grew too: a planner that expects a few of their
      // rows sorts the tens of thousands a year's top questions sum on disk instead of hashing
      // them (twice as slow). ANALYZE samples a fixed number of rows, so it stays cheap.
      if (db.dialect.name === 'postgres' && values.length >= ANALYZE_AFTER_ROWS) await db.run(`ANALYZE conversations, ${ROLLUP_TABLES.join(', ')}`);
      return values.length;
    },

    async listConversations(options) {
      const filters: [string, SqlValue][] = options.resolutionStatus ? [['resolution_status', options.resolutionStatus]] : [];
      const page = await keysetPage<ConversationRow>(db, { ...options, filters, table: 'conversations', columns: COLUMNS.slice(1).join(', ') });
      return { conversations: page.rows.map(conversationOf), nextCursor: page.nextCursor, hasMore: page.hasMore };
    },

    async getConversation({ projectId, id }) {
      const ulid = canonicalUlid(id);
      if (!ulid) return null;
      const rows = await db.all<ConversationRow>(`SELECT ${COLUMNS.slice(1).join(', ')} FROM conversations WHERE project_id = ? AND id = ?`, [projectId, ulid]);
      return rows[0] ? conversationOf(rows[0]) : null;
    },
  };
}
