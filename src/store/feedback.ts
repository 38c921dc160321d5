// Page feedback from the MCP submit_feedback tool and the site's widget, listed like conversations.
import { insertRows } from './batch-insert.js';
import { isoOf, type Clock } from './clock.js';
import { StoreInputError } from './errors.js';
import { canonicalUlid, newRowId } from './ids.js';
import { checkedLimit, keysetPage, millis } from './keyset.js';
import type { SqlDriver, SqlValue } from './sql.js';

/** Who sent the feedback: an AI agent through MCP, or a reader through the page widget. */
export type FeedbackSource = 'agent' | 'widget';
/** Triage state; new feedback is `open`. */
export type FeedbackStatus = 'open' | 'resolved' | 'dismissed';

/** One piece of feedback as the analytics export returns it (REFERENCE.md). */
export interface Feedback {
  /** ULID. */
  id: string;
  /** URL path of the page the feedback is about. */
  path: string;
  comment: string;
  /** ISO 8601 UTC with milliseconds. */
  createdAt: string;
  source: FeedbackSource;
  status: FeedbackStatus;
  /** Whether the page helped: a reader's Yes or No; always false from agents, who report problems. */
  helpful: boolean;
}

/** What a caller records; the store assigns `id` and `createdAt`. */
export interface NewFeedback {
  projectId: string;
  path: string;
  /** Empty when a reader only answered Yes or No. */
  comment: string;
  source: FeedbackSource;
  helpful: boolean;
  /** Default `open`. */
  status?: FeedbackStatus | undefined;
}

/** A page request with the conventions of `ListConversationsOptions`, plus filters. */
export interface ListFeedbackOptions {
  projectId: string;
  dateFrom?: Date | undefined;
  dateTo?: Date | undefined;
  source?: FeedbackSource | undefined;
  status?: FeedbackStatus | undefined;
  /** Only feedback about this page (URL path). */
  path?: string | undefined;
  limit: number;
  cursor?: string | undefined;
}

/** Feedback about one page: readers' Yes and No, and agents' reports. */
export interface PageFeedbackCount {
  path: string;
  helpful: number;
  notHelpful: number;
  agent: number;
}

/** A page of feedback, newest first. */
export interface FeedbackPage {
  feedback: Feedback[];
  nextCursor: string | null;
  hasMore: boolean;
}

/** Where feedback lives. */
export interface FeedbackStore {
  addFeedback(feedback: NewFeedback): Promise<Feedback>;
  /** One page, ordered by (createdAt, id) descending, keyset-paged like conversations. */
  listFeedback(options: ListFeedbackOptions): Promise<FeedbackPage>;
  /**
   * Pages with the most feedback received in [dateFrom, dateTo), most first (ties by path).
   * Counts raw rows of the range: feedback is orders of magnitude rarer than conversations.
   */
  feedbackByPage(options: { projectId: string; dateFrom: Date; dateTo: Date; limit: number }): Promise<PageFeedbackCount[]>;
  /** Moves feedback to another triage state, recording who did and when; false when no such feedback exists in the project. */
  setFeedbackStatus(update: { projectId: string; id: string; status: FeedbackStatus; changedBy: string }): Promise<boolean>;
  /** Who last changed the status of a piece of feedback, and when; undefined when no one has or there is no such feedback. */
  feedbackStatusChange(key: { projectId: string; id: string }): Promise<{ status: FeedbackStatus; changedBy: string; changedAt: string } | undefined>;
  /**
   * Adds the comment a reader wrote after answering: only to widget feedback recorded at or after
   * `since` that has no comment yet, so it can do no more than a new answer could. False otherwise.
   */
  addFeedbackComment(update: { projectId: string; id: string; comment: string; since: Date }): Promise<boolean>;
}

const STATUSES: ReadonlySet<FeedbackStatus> = new Set(['open', 'resolved', 'dismissed']);

const COLUMNS = ['project_id', 'id', 'created_ms', 'path', 'comment', 'source', 'status', 'helpful'];

interface FeedbackRow {
  id: string;
  created_ms: number;
  path: string;
  comment: string;
  source: FeedbackSource;
  status: FeedbackStatus;
  /** 0 or 1: SqlValue has no booleans. */
  helpful: number;
}

function feedbackOf(row: FeedbackRow): Feedback {
  return {
    id: row.id,
    path: row.path,
    comment: row.comment,
    createdAt: isoOf(Number(row.created_ms)),
    source: row.source,
    status: row.status,
    helpful: row.helpful === 1,
  };
}

/** The feedback methods of a SQL store. */
export function feedbackStore(db: SqlDriver, clock: Clock): FeedbackStore {
  return {
    async addFeedback({ projectId, path, comment, source, helpful, status = 'open' }) {
      const { id, at } = newRowId(clock);
      await insertRows(db, 'feedback', COLUMNS, [[projectId, id, at, path, comment, source, status, helpful ? 1 : 0]]);
      return { id, path, comment, createdAt: isoOf(at), source, status, helpful };
    },

    async listFeedback(options) {
      const filters: [string, SqlValue][] = [];
      if (options.source) filters.push(['source', options.source]);
      if (options.status) filters.push(['status', options.status]);
      if (options.path !== undefined) filters.push(['path', options.path]);
      const page = await keysetPage<FeedbackRow>(db, { ...options, filters, table: 'feedback', columns: COLUMNS.slice(1).join(', ') });
      return { feedback: page.rows.map(feedbackOf), nextCursor: page.nextCursor, hasMore: page.hasMore };
    },

    async feedbackByPage({ projectId, dateFrom, dateTo, limit }) {
      const sql = `SELECT path,
          SUM(CASE WHEN source = 'widget' AND helpful = 1 THEN 1 ELSE 0 END) AS yes,
          SUM(CASE WHEN source = 'widget' AND helpful = 0 THEN 1 ELSE 0 END) AS no,
          SUM(CASE WHEN source = 'agent' THEN 1 ELSE 0 END) AS agent
        FROM feedback WHERE project_id = ? AND created_ms >= ? AND created_ms < ?
        GROUP BY path ORDER BY COUNT(*) DESC, path LIMIT ?`;
      const rows = await db.all<{ path: string; yes: number | string; no: number | string; agent: number | string }>(sql, [
        projectId,
        millis(dateFrom, 'dateFrom'),
        millis(dateTo, 'dateTo'),
        checkedLimit(limit),
      ]);
      return rows.map((row) => ({ path: row.path, helpful: Number(row.yes), notHelpful: Number(row.no), agent: Number(row.agent) }));
    },

    async setFeedbackStatus({ projectId, id, status, changedBy }) {
      const ulid = canonicalUlid(id);
      if (!ulid) return false;
      if (!STATUSES.has(status)) throw new StoreInputError(`status must be one of ${[...STATUSES].join(', ')}`);
      const sql = 'UPDATE feedback SET status = ?, status_changed_ms = ?, status_changed_by = ? WHERE project_id = ? AND id = ?';
      return (await db.run(sql, [status, clock(), changedBy, projectId, ulid])) > 0;
    },

    async feedbackStatusChange({ projectId, id }) {
      const ulid = canonicalUlid(id);
      if (!ulid) return undefined;
      const sql = 'SELECT status, status_changed_ms, status_changed_by FROM feedback WHERE project_id = ? AND id = ? AND status_changed_by IS NOT NULL';
      const [row] = await db.all<{ status: FeedbackStatus; status_changed_ms: number; status_changed_by: string }>(sql, [projectId, ulid]);
      return row && { status: row.status, changedBy: row.status_changed_by, changedAt: isoOf(Number(row.status_changed_ms)) };
    },

    async addFeedbackComment({ projectId, id, comment, since }) {
      const ulid = canonicalUlid(id);
      if (!ulid) return false;
      const sql = "UPDATE feedback SET comment = ? WHERE project_id = ? AND id = ? AND source = 'widget' AND comment = '' AND created_ms >= ?";
      return (await db.run(sql, [comment, projectId, ulid, since.getTime()])) > 0;
    },
  };
}
