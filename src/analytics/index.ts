// The analytics module: the listing parameters shared by the REST API and the CLI, export and import.
export { INSTANT_FORMS, parseInstant } from './instant.js';
export {
  DEFAULT_PAGE_LIMIT,
  parseConversationQuery,
  parseFeedbackQuery,
  QueryError,
  type FeedbackQuery,
  type PageQuery,
  type ParamLabels,
  type RawParams,
} from './list-query.js';
export { CSV_COLUMNS, exportConversations, formatConversation, type ExportOptions } from './export-conversations.js';
export { exportFeedback, FEEDBACK_CSV_COLUMNS, type FeedbackExportOptions } from './export-feedback.js';
export type { ExportFormat } from './export-pages.js';
export { ImportFileError, importConversationFile, readConversationFile } from './import-conversations.js';
export { csvField, csvRow } from './csv.js';
