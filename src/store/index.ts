// The store module: durable runtime state behind one interface, on SQLite (default) or PostgreSQL.
export { openStore } from './open-store.js';
export { DEFAULT_DATA_DIR, storeOptionsFor, type StateLocation } from './state-location.js';
export type { Store, OpenStoreOptions, SqliteStoreOptions, PostgresStoreOptions, CommonStoreOptions } from './store.js';
export type { Clock } from './clock.js';
export { StoreError, StoreUnavailableError, StoreFailureError, StoreInputError, StoreConflictError } from './errors.js';
export { PAGE_LIMIT } from './keyset.js';
export type {
  Conversation,
  ConversationPage,
  ConversationStore,
  ImportedConversation,
  ListConversationsOptions,
  NewConversation,
  ResolutionStatus,
  Source,
} from './conversations.js';
export {
  ANALYTICS_MAX_DAYS,
  type AnalyticsRange,
  type AssistantAnalyticsStore,
  type DayCount,
  type KeyCount,
  type QuestionCount,
  type TopRequest,
} from './assistant-analytics.js';
export { normaliseQuestion, QUESTION_MAX_CHARS } from './conversation-rollups.js';
export { DAY_MS } from './rollup-periods.js';
export {
  COUNTED_TOOLS,
  type CountedTool,
  type SearchAnalyticsStore,
  type SearchCount,
  type ToolDayCount,
  type UsageBatch,
} from './search-analytics.js';
export type { Feedback, FeedbackPage, PageFeedbackCount, FeedbackSource, FeedbackStatus, FeedbackStore, ListFeedbackOptions, NewFeedback } from './feedback.js';
export { API_KEY_PREFIX, LAST_USED_RESOLUTION_MS, type ApiKey, type ApiKeyKind, type ApiKeyStore, type CreatedApiKey } from './api-keys.js';
export type {
  ClientCredential,
  ClientRegistration,
  CreatedClientCredential,
  OAuthClient,
  OAuthClientKind,
  OAuthClientStore,
  RegisteredClient,
  TokenEndpointAuthMethod,
} from './oauth-clients.js';
export type { AuthorizationCode, NewAuthorizationCode, OAuthCodeStore } from './oauth-codes.js';
export type { AccessTokenInfo, IssuedTokens, IssueTokensInput, OAuthTokenStore } from './oauth-tokens.js';
export type { IdentityProviderKind, OAuthSubject } from './subjects.js';
export { canonicalUsername, type User, type UserStore } from './users.js';
export type { CreatedSession, NewSession, Session, SessionStore } from './sessions.js';
export { SETTING_NAMES, type SettingName, type SettingsStore, type StoredSettings } from './settings.js';
export type { AdminAction, AdminActionStore } from './admin-actions.js';
