// The schema, as an ordered list of versioned migrations written once for both engines.
import { backfillMonths, backfillQuestionWeeks, backfillRollups } from './conversation-rollups.js';
import type { Dialect, SqlSession } from './sql.js';

/** One schema change. Applied migrations are never edited: change the schema by appending one. */
export interface Migration {
  /** 1, 2, 3… in order; recorded in `schema_migrations` when applied. */
  readonly version: number;
  readonly name: string;
  /** DDL statements for the dialect, run in one transaction. */
  statements(dialect: Dialect): string[];
  /** Fills what the statements created from rows already stored, in the same transaction. */
  backfill?(tx: SqlSession, dialect: Dialect): Promise<void>;
}

/**
 * Times are epoch milliseconds (BIGINT) in every table: compared and indexed as integers the
 * same way by both engines. JSON values (sources, redirect URIs, groups) are TEXT.
 */
export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'initial schema',
    statements: ({ binaryText: ulid }) => [
      `CREATE TABLE conversations (
        project_id TEXT NOT NULL,
        id ${ulid} NOT NULL,
        created_ms BIGINT NOT NULL,
        query TEXT NOT NULL,
        response TEXT NOT NULL,
        sources TEXT NOT NULL,
        query_category TEXT,
        page_url TEXT,
        resolution_status TEXT NOT NULL CHECK (resolution_status IN ('answered', 'unanswered')),
        PRIMARY KEY (project_id, id)
      )`,
      // The keyset index: equality on project_id, then exactly the ORDER BY of a page.
      `CREATE INDEX conversations_page ON conversations (project_id, created_ms DESC, id DESC)`,
      `CREATE TABLE feedback (
        project_id TEXT NOT NULL,
        id ${ulid} NOT NULL,
        created_ms BIGINT NOT NULL,
        path TEXT NOT NULL,
        comment TEXT NOT NULL,
        source TEXT NOT NULL CHECK (source IN ('agent', 'widget')),
        status TEXT NOT NULL CHECK (status IN ('open', 'resolved', 'dismissed')),
        PRIMARY KEY (project_id, id)
      )`,
      `CREATE INDEX feedback_page ON feedback (project_id, created_ms DESC, id DESC)`,
      `CREATE TABLE api_keys (
        id TEXT PRIMARY KEY,
        kind TEXT NOT NULL CHECK (kind IN ('admin', 'assistant')),
        label TEXT,
        key_digest TEXT NOT NULL UNIQUE,
        created_ms BIGINT NOT NULL,
        last_used_ms BIGINT
      )`,
      `CREATE TABLE oauth_clients (
        client_id TEXT PRIMARY KEY,
        kind TEXT NOT NULL CHECK (kind IN ('registered', 'credential')),
        name TEXT,
        secret_digest TEXT,
        redirect_uris TEXT NOT NULL,
        grant_types TEXT NOT NULL,
        token_endpoint_auth_method TEXT NOT NULL,
        created_ms BIGINT NOT NULL
      )`,
      `CREATE TABLE oauth_codes (
        code_digest TEXT PRIMARY KEY,
        client_id TEXT NOT NULL REFERENCES oauth_clients (client_id) ON DELETE CASCADE,
        grant_id TEXT NOT NULL,
        redirect_uri TEXT NOT NULL,
        code_challenge TEXT NOT NULL,
        code_challenge_method TEXT NOT NULL,
        subject TEXT NOT NULL,
        subject_user TEXT,
        scope TEXT NOT NULL,
        resource TEXT NOT NULL,
        created_ms BIGINT NOT NULL,
        expires_ms BIGINT NOT NULL,
        used_ms BIGINT
      )`,
      `CREATE INDEX oauth_codes_client ON oauth_codes (client_id)`,
      `CREATE INDEX oauth_codes_expires ON oauth_codes (expires_ms)`,
      `CREATE TABLE oauth_tokens (
        token_digest TEXT PRIMARY KEY,
        kind TEXT NOT NULL CHECK (kind IN ('access', 'refresh')),
        client_id TEXT NOT NULL REFERENCES oauth_clients (client_id) ON DELETE CASCADE,
        grant_id TEXT NOT NULL,
        subject TEXT NOT NULL,
        subject_user TEXT,
        audience TEXT NOT NULL,
        scope TEXT NOT NULL,
        created_ms BIGINT NOT NULL,
        expires_ms BIGINT NOT NULL,
        revoked_ms BIGINT,
        revoked_reason TEXT
      )`,
      `CREATE INDEX oauth_tokens_client ON oauth_tokens (client_id)`,
      `CREATE INDEX oauth_tokens_grant ON oauth_tokens (grant_id)`,
      `CREATE INDEX oauth_tokens_user ON oauth_tokens (subject_user)`,
      `CREATE INDEX oauth_tokens_expires ON oauth_tokens (expires_ms)`,
      `CREATE TABLE users (
        username TEXT PRIMARY KEY,
        password_hash TEXT NOT NULL,
        group_names TEXT NOT NULL,
        created_ms BIGINT NOT NULL
      )`,
    ],
  },
  {
    version: 2,
    name: 'server-side sessions; codes remember whether the redirect URI was given',
    statements: () => [
      // The id is a 256-bit random secret held by the browser: stored only as its SHA-256 digest.
      `CREATE TABLE sessions (
        id_digest TEXT PRIMARY KEY,
        user_id TEXT NOT NULL,
        name TEXT NOT NULL,
        group_names TEXT NOT NULL,
        provider TEXT NOT NULL CHECK (provider IN ('local', 'oidc')),
        created_ms BIGINT NOT NULL,
        expires_ms BIGINT NOT NULL
      )`,
      `CREATE INDEX sessions_user ON sessions (user_id)`,
      `CREATE INDEX sessions_expires ON sessions (expires_ms)`,
      // Codes issued before this migration are held to the stricter rule: the exchange names the redirect URI.
      `ALTER TABLE oauth_codes ADD COLUMN redirect_uri_given INTEGER NOT NULL DEFAULT 1`,
    ],
  },
  {
    version: 3,
    name: 'feedback says whether the page helped',
    statements: () => [
      // Feedback recorded before this migration came from the MCP feedback tool, which reports pages that did not help.
      `ALTER TABLE feedback ADD COLUMN helpful INTEGER NOT NULL DEFAULT 0 CHECK (helpful IN (0, 1))`,
    ],
  },
  {
    version: 4,
    name: 'owner settings and owner accounts for the dashboard',
    statements: () => [
      // One row per setting an owner changed; a setting without a row keeps the runtime config's initial value.
      `CREATE TABLE settings (
        name TEXT PRIMARY KEY,
        value TEXT NOT NULL,
        updated_ms BIGINT NOT NULL,
        updated_by TEXT NOT NULL
      )`,
      `ALTER TABLE users ADD COLUMN owner INTEGER NOT NULL DEFAULT 0 CHECK (owner IN (0, 1))`,
    ],
  },
  {
    version: 5,
    name: 'daily rollups of conversations for the analytics dashboard',
    statements: () => [
      // Counters per UTC day number (created_ms / 86400000); NULL category or page is ''. Kept in
      // the transaction of every insert and import (conversation-rollups.ts), so a dashboard total
      // reads at most a few rows per day instead of every conversation.
      `CREATE TABLE conversation_days (
        project_id TEXT NOT NULL,
        day INTEGER NOT NULL,
        query_category TEXT NOT NULL,
        resolution_status TEXT NOT NULL,
        conversations BIGINT NOT NULL,
        PRIMARY KEY (project_id, day, query_category, resolution_status)
      )`,
      `CREATE TABLE conversation_page_days (
        project_id TEXT NOT NULL,
        day INTEGER NOT NULL,
        page_url TEXT NOT NULL,
        conversations BIGINT NOT NULL,
        PRIMARY KEY (project_id, day, page_url)
      )`,
      // question is the normalised query text (conversation-rollups.ts normaliseQuestion).
      `CREATE TABLE question_days (
        project_id TEXT NOT NULL,
        day INTEGER NOT NULL,
        question TEXT NOT NULL,
        resolution_status TEXT NOT NULL,
        conversations BIGINT NOT NULL,
        PRIMARY KEY (project_id, day, question, resolution_status)
      )`,
      // Unanswered conversations, newest first, without walking the answered ones.
      `CREATE INDEX conversations_by_status ON conversations (project_id, resolution_status, created_ms DESC, id DESC)`,
      // Feedback of one page, newest first.
      `CREATE INDEX feedback_by_path ON feedback (project_id, path, created_ms DESC, id DESC)`,
    ],
    backfill: backfillRollups,
  },
  {
    version: 6,
    name: 'the audit log of dashboard actions',
    statements: () => [
      `CREATE TABLE admin_actions (
        id TEXT PRIMARY KEY,
        at_ms BIGINT NOT NULL,
        actor TEXT NOT NULL,
        action TEXT NOT NULL,
        detail TEXT NOT NULL
      )`,
      `CREATE INDEX admin_actions_by_time ON admin_actions (at_ms DESC, id DESC)`,
    ],
  },
  {
    version: 7,
    name: 'feedback status changes record who and when; status and source listings have their own keyset indexes',
    statements: () => [
      // NULL until an owner first changes the status of the row.
      `ALTER TABLE feedback ADD COLUMN status_changed_ms BIGINT`,
      `ALTER TABLE feedback ADD COLUMN status_changed_by TEXT`,
      // The triage views: open feedback, or one source's, newest first, without walking the rest.
      `CREATE INDEX feedback_by_status ON feedback (project_id, status, created_ms DESC, id DESC)`,
      `CREATE INDEX feedback_by_source ON feedback (project_id, source, created_ms DESC, id DESC)`,
    ],
  },
  {
    version: 8,
    name: 'search and MCP tool counts per day, and the searches made',
    statements: () => [
      // Calls per counted tool (search-analytics.ts CountedTool) per UTC day number; added in batches by every instance.
      `CREATE TABLE tool_call_days (
        project_id TEXT NOT NULL,
        day INTEGER NOT NULL,
        tool TEXT NOT NULL,
        calls BIGINT NOT NULL,
        no_results BIGINT NOT NULL,
        PRIMARY KEY (project_id, day, tool)
      )`,
      // query is the normalised search text (normaliseQuestion), kept only where the site allows it.
      `CREATE TABLE search_query_days (
        project_id TEXT NOT NULL,
        day INTEGER NOT NULL,
        query TEXT NOT NULL,
        searches BIGINT NOT NULL,
        no_results BIGINT NOT NULL,
        PRIMARY KEY (project_id, day, query)
      )`,
    ],
  },
  {
    version: 9,
    name: 'questions per ISO week, so top questions over a range read whole weeks',
    statements: () => [
      // week is rollup-periods.ts weekOf(day); kept in the same transaction as question_days.
      `CREATE TABLE question_weeks (
        project_id TEXT NOT NULL,
        week INTEGER NOT NULL,
        question TEXT NOT NULL,
        resolution_status TEXT NOT NULL,
        conversations BIGINT NOT NULL,
        PRIMARY KEY (project_id, week, question, resolution_status)
      )`,
    ],
    backfill: backfillQuestionWeeks,
  },
  {
    version: 10,
    name: 'questions and pages per calendar month, so year-long analytics read whole months',
    statements: () => [
      // month is rollup-periods.ts monthOf(day), months since January 1970; kept in the same
      // transaction as the daily rollups. A question's answered and unanswered conversations share
      // one row, so the top questions and the gaps both read one row per question and month.
      `CREATE TABLE question_months (
        project_id TEXT NOT NULL,
        month INTEGER NOT NULL,
        question TEXT NOT NULL,
        conversations BIGINT NOT NULL,
        unanswered BIGINT NOT NULL,
        PRIMARY KEY (project_id, month, question)
      )`,
      `CREATE TABLE conversation_page_months (
        project_id TEXT NOT NULL,
        month INTEGER NOT NULL,
        page_url TEXT NOT NULL,
        conversations BIGINT NOT NULL,
        PRIMARY KEY (project_id, month, page_url)
      )`,
    ],
    backfill: backfillMonths,
  },
];
