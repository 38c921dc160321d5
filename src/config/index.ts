export { CONFIG_FILE, parseDocsConfig, missingConfig, type ConfigResult } from './load-docs-config.js';
export { parseFrontmatter, type FrontmatterResult } from './frontmatter.js';
export { schemaValidator, SCHEMAS_DIR } from './schemas.js';
export type { SourceLocator } from './schema-diagnostics.js';
export * from './types.js';
