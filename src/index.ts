// docsite's library API: everything a command does is also a call here.
export {
  validate,
  loadSite,
  type ValidateOptions,
  type ValidationReport,
  type LoadOptions,
  type LoadResult,
  type SiteModel,
  type SitePage,
} from './site/index.js';
export { parseMdx, parsePage, discoverFiles, type PageModel, type ParsedPage } from './content/index.js';
export { build, readBundle, DEFAULT_SITE_URL, type BuildOptions, type BuildReport, type LoadedBundle, type Manifest } from './bundle/index.js';
export { serve, dev } from './server.js';
export type { ServeOptions, RunningServer, DevOptions, DevServer } from './runtime/index.js';
export { catalogue, type Diagnostic, type DiagnosticCode } from './diagnostics/index.js';
export { UsageError } from './errors.js';
export type { DocsConfig, Frontmatter } from './config/index.js';
