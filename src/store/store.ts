// The Store: every piece of durable runtime state, behind one interface with one implementation per engine.
import type { AdminActionStore } from './admin-actions.js';
import type { ApiKeyStore } from './api-keys.js';
import type { AssistantAnalyticsStore } from './assistant-analytics.js';
import type { Clock } from './clock.js';
import type { ConversationStore } from './conversations.js';
import type { FeedbackStore } from './feedback.js';
import type { OAuthClientStore } from './oauth-clients.js';
import type { OAuthCodeStore } from './oauth-codes.js';
import type { OAuthTokenStore } from './oauth-tokens.js';
import type { SearchAnalyticsStore } from './search-analytics.js';
import type { SessionStore } from './sessions.js';
import type { SettingsStore } from './settings.js';
import type { UserStore } from './users.js';

/**
 * Durable state of `docsite serve`: conversations and feedback (per project), API keys, OAuth
 * clients, codes and tokens, local users, browser sessions, owner settings, the dashboard's audit log. Every method may throw a `StoreError`: unavailable
 * (503), failure (500), invalid input (400), conflict (409). Safe to share between concurrent
 * requests and between processes using the same database.
 */
export interface Store
  extends ConversationStore,
    AssistantAnalyticsStore,
    SearchAnalyticsStore,
    FeedbackStore,
    ApiKeyStore,
    OAuthClientStore,
    OAuthCodeStore,
    OAuthTokenStore,
    UserStore,
    SessionStore,
    SettingsStore,
    AdminActionStore {
  /** Which engine holds the data. */
  readonly engine: 'sqlite' | 'postgres';
  /** Resolves when the database answers a trivial query (for `/readyz`); throws `StoreUnavailableError` otherwise. */
  ping(): Promise<void>;
  /** Closes the database connection(s), after any running transaction. Idempotent. */
  close(): Promise<void>;
}

/** Settings both engines share. */
export interface CommonStoreOptions {
  /** Source of "now" for timestamps and expiry; the system clock by default. */
  clock?: Clock | undefined;
}

/** SQLite: the default; the database is `<dataDir>/docsite.db` (the folder is created). */
export interface SqliteStoreOptions extends CommonStoreOptions {
  dataDir: string;
}

/** PostgreSQL, for several `docsite serve` processes sharing state. */
export interface PostgresStoreOptions extends CommonStoreOptions {
  /** `postgres://user:password@host:port/database`. */
  databaseUrl: string;
  /** Schema holding docsite's tables (created if missing); the server's `search_path` default when omitted. */
  schema?: string | undefined;
  /** Most connections the pool opens; default 10. */
  poolSize?: number | undefined;
}

/** Where `openStore` finds the database. */
export type OpenStoreOptions = SqliteStoreOptions | PostgresStoreOptions;
