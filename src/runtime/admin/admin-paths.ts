// Paths of the owner's dashboard, under docsite's reserved prefix so no docs page can clash with them.

/** Every page, form target and asset of the dashboard. */
export const ADMIN_PATHS = {
  home: '/_docsite/admin',
  login: '/_docsite/admin/login',
  keys: '/_docsite/admin/keys',
  mcp: '/_docsite/admin/mcp',
  analytics: '/_docsite/admin/analytics',
  analyticsExport: '/_docsite/admin/analytics/export',
  conversation: '/_docsite/admin/analytics/conversations',
  feedback: '/_docsite/admin/feedback',
  feedbackExport: '/_docsite/admin/feedback/export',
  searches: '/_docsite/admin/searches',
  assets: '/_docsite/admin/assets',
} as const;
