export { CONFIG_FILE, parseDocsConfig, missingConfig, type ConfigResult } from './load-docs-config.js';
export { parseFrontmatter, type FrontmatterResult } from './frontmatter.js';
export { schemaValidator, SCHEMAS_DIR } from './schemas.js';
export type { SourceLocator } from './schema-diagnostics.js';
export * from './types.js';
export {
  DEFAULT_RUNTIME_CONFIG,
  RUNTIME_CONFIG_FILE,
  RuntimeConfigError,
  loadRuntimeConfig,
  parseRuntimeConfig,
  readFixedSettings,
  readRuntimeConfig,
  type RuntimeConfigResult,
} from './load-runtime-config.js';
export { BLOCKED_REDIRECT_SCHEMES, parseRedirectEntry, webOriginsOf } from './redirect-entries.js';
export type { SecretRef, SecretSource } from './secret-ref.js';
export type * from './runtime-config-types.js';
export { configScriptUrls, scriptUrlScheme, type UrlUse } from './script-urls.js';
