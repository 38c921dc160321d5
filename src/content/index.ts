export { ConfinedFolder, RefusedPathError, type RefusalReason } from './confined-folder.js';
export { discoverFiles, ALWAYS_IGNORED, IGNORE_FILE, type SiteFiles, type SkippedLink } from './discover.js';
export { parseMdx, mdxProcessor } from './mdx-processor.js';
export {
  parsePage,
  analysePage,
  analyseTree,
  completePage,
  pagePathOf,
  type ParsedPage,
  type ParseOptions,
  type FrontmatterDefaults,
  type PendingPage,
} from './parse-page.js';
export { readPages, readPageSource } from './read-page.js';
export { PARSE_JOB, parsePages } from './parse-pool.js';
export { runPool, defaultJobs, type PoolJob } from './worker-pool.js';
export { serveBatches } from './serve-batches.js';
export { extractHeadingIds, withoutDroppedCharacters } from './heading-ids.js';
export { NO_USE, type SnippetUse } from './snippets.js';
export { mayUseSnippets, snippetsDigest } from './snippets-digest.js';
export { asHttpMethod, hasBalancedParams, parseEndpointReference } from './api-declaration.js';
export * from './page-model.js';
export { cooked, identifier, jsNode, jsNodes, type JsNode } from './js-nodes.js';
export { readSkills, type Skill } from './skills.js';
export { isMermaidFence, type PageFeature } from './page-features.js';
export { katex, KATEX_OPTIONS, type MathNode } from './tex.js';
export { KNOWN_COMPONENTS, isUnknownComponent, isHtmlElementName } from './components.js';
export { isJsxElement, stringAttribute, urlAttributes, type JsxElement } from './mdx-nodes.js';
export { fillVariables, mayUseVariables, type ContentVariables } from './variables.js';
