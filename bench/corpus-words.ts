// Vocabulary the corpus generator draws prose, titles and identifiers from.

export const NOUNS = [
  'invoice', 'customer', 'payment', 'refund', 'webhook', 'subscription', 'ledger', 'account', 'balance', 'payout',
  'dispute', 'token', 'session', 'workspace', 'project', 'deployment', 'environment', 'secret', 'role', 'permission',
  'team', 'member', 'event', 'export', 'report', 'schedule', 'quota', 'limit', 'region', 'bucket', 'queue', 'worker',
  'pipeline', 'trigger', 'template', 'domain', 'certificate', 'integration', 'connector', 'dataset', 'index', 'query',
  'cursor', 'batch', 'job', 'log', 'metric', 'alert', 'dashboard', 'policy', 'key', 'plan', 'price', 'coupon', 'tax rate',
  'currency', 'transfer', 'mandate', 'checkout', 'cart', 'order', 'shipment', 'product', 'catalog', 'inventory',
] as const;

export const VERBS = [
  'create', 'configure', 'rotate', 'export', 'import', 'retry', 'cancel', 'update', 'archive', 'restore', 'verify',
  'monitor', 'migrate', 'test', 'secure', 'schedule', 'paginate', 'filter', 'reconcile', 'debug', 'deploy', 'scale',
  'invite', 'revoke', 'approve', 'sync', 'replay', 'audit', 'version', 'tag',
] as const;

export const ADJECTIVES = [
  'idempotent', 'scoped', 'signed', 'paginated', 'regional', 'encrypted', 'versioned', 'incremental', 'asynchronous',
  'recurring', 'pending', 'failed', 'restricted', 'sandbox', 'production', 'default', 'custom', 'shared', 'archived',
  'expired', 'partial', 'manual', 'automatic', 'batched', 'cached', 'nested', 'optional', 'required', 'public', 'private',
] as const;

/** Filler words that make sentences read like prose rather than keyword lists. */
export const FILLERS = [
  'the', 'a', 'each', 'every', 'your', 'this', 'that', 'when', 'before', 'after', 'while', 'so', 'and', 'or', 'but',
  'with', 'without', 'from', 'into', 'for', 'only', 'also', 'then', 'usually', 'always', 'never', 'once', 'again',
  'is', 'are', 'can', 'should', 'must', 'may', 'returns', 'sends', 'keeps', 'stores', 'checks', 'reads', 'writes',
  'which', 'it', 'them', 'until', 'unless', 'because', 'per', 'by', 'on', 'in', 'at', 'of', 'to', 'as',
] as const;

export const FIELD_NAMES = [
  'id', 'status', 'amount', 'currency', 'created_at', 'updated_at', 'metadata', 'customer', 'email', 'name',
  'description', 'limit', 'starting_after', 'expand', 'livemode', 'region', 'expires_at', 'scopes', 'url', 'secret',
  'retry_count', 'next_attempt_at', 'owner', 'labels', 'version', 'timezone', 'interval', 'quantity', 'unit_amount',
] as const;

export const FIELD_TYPES = ['string', 'integer', 'boolean', 'number', 'object', 'string[]', 'object[]', 'timestamp'] as const;

export const RESOURCES = [
  'invoices', 'customers', 'payments', 'refunds', 'webhooks', 'subscriptions', 'accounts', 'payouts', 'disputes',
  'tokens', 'sessions', 'workspaces', 'projects', 'deployments', 'secrets', 'roles', 'teams', 'events', 'exports',
  'reports', 'schedules', 'buckets', 'queues', 'pipelines', 'domains', 'certificates', 'datasets', 'jobs', 'alerts', 'plans',
] as const;

export const ICONS = [
  'book-open', 'code', 'rocket', 'gear', 'bolt', 'shield', 'key', 'database', 'chart-line', 'bell', 'users', 'globe',
  'lock', 'terminal', 'cloud', 'credit-card', 'file-lines', 'flask', 'plug', 'wrench',
] as const;

export const TAB_NAMES = ['Guides', 'Concepts', 'Integrations', 'Operations', 'SDKs', 'Platform', 'Security', 'Migration'] as const;

export const CODE_LANGUAGES = ['bash', 'ts', 'python', 'json', 'yaml', 'go'] as const;
export type CodeLanguage = (typeof CODE_LANGUAGES)[number];

export const EXTERNAL_SITES = ['https://example.com/status', 'https://github.com/example/sdk', 'https://www.rfc-editor.org/rfc/rfc9110', 'https://en.wikipedia.org/wiki/ISO_4217'] as const;
