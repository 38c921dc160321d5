export { build, buildKeepingSite, DEFAULT_SITE_URL, type BuildOptions, type BuildReport, type BuiltSite } from './build.js';
export { reindexParts, updatePage, type UpdatedPage } from './update-page.js';
export { BUNDLE_PATHS } from './emit-bundle.js';
export { readerTools, readerVariants, siteTools, type ReaderVariants, type ToolDescriptor, type ToolRole } from './tools.js';
export {
  discoveryDocument,
  discoveryInputOf,
  serverCard,
  serverCards,
  MCP_PATHS,
  type DiscoveryInput,
  type ServerCard,
  type DiscoveryDocument,
  type ServerVariant,
} from './discovery.js';
export { projectIdOf, toolSiteName } from './project-id.js';
export type { Manifest, ManifestEndpoint, ManifestPage, ManifestSkill } from './manifest.js';
export { readBundle, sourcePathOf, type LoadedBundle, type LoadedSkill, type OpenApiFile, type SourceFile } from './read-bundle.js';
export { skillText } from './generated-skill.js';
export { readPageHtml } from './page-html.js';
export { MIN_COMPRESSED_BYTES, PRECOMPRESSED_ENCODINGS, precompressedPath, type PrecompressedEncoding } from './precompress.js';
