// The bundle manifest (_docsite/manifest.json): everything `serve` needs to know about the site.
// schemas/manifest.schema.json describes the same shape; a test checks every build against it.
import type { AuthMethod, PlaygroundMode } from '../config/index.js';
import type { ChangelogEntry } from '../content/index.js';
import type { CustomFile, NavigationTree, PageAccess, Variant } from '../site/index.js';
import type { FontOrigins } from '../render/index.js';
import type { ToolDescriptor, ToolRole } from './tools.js';

export const MANIFEST_VERSION = 3;

/** A page as the runtime sees it: where its files are and who may read it. */
export interface ManifestPage {
  path: string;
  url: string;
  title: string;
  description?: string;
  versions: string[];
  languages: string[];
  access: PageAccess;
  inNavigation: boolean;
  hidden: boolean;
  noindex: boolean;
  indexed: boolean;
  /** Bundle-relative files: the HTML page, the Markdown export, and the source part holding the page's source (see source-parts.ts). */
  html: string;
  markdown: string;
  source: string;
  /** For llms.txt: the heading the page is listed under and its summary. */
  section: string;
  summary: string;
  /** Bundle-relative files the page uses (its OpenAPI file, its images and linked files): a file's readers are its pages' (see LoadedBundle.fileAccess). */
  files?: string[];
  endpoint?: ManifestEndpoint;
  /** The entries of the page's RSS feed (`<url>/rss.xml`), on a page with `<Update>` components. */
  changelog?: ChangelogEntry[];
  /** When the page's source file was last modified (ms since 1970), as the filesystem tool's `ls -l` shows it. */
  modified?: number;
}

/** An API page's endpoint, as the runtime's playground proxy checks requests against it. */
export interface ManifestEndpoint {
  method: string;
  url: string;
  authMethod: AuthMethod;
  playground: PlaygroundMode;
  /**
   * The origins the proxy (`POST /_docsite/playground`) may send this page's requests to: those
   * of the servers the site declares for it. Absent when the page's playground does not use the proxy.
   */
  proxyOrigins?: string[];
}

export interface ManifestSkill {
  name: string;
  description: string;
  groups: string[];
  /** Bundle-relative file. */
  file: string;
  generated: boolean;
}

export interface Manifest {
  manifestVersion: typeof MANIFEST_VERSION;
  generator: { name: 'docsite'; version: string };
  site: { name: string; description?: string; projectId: string; url: string };
  versions: Variant[];
  languages: Variant[];
  pages: ManifestPage[];
  /** Paths of the indexed pages in reading order, as llms.txt lists them. */
  readingOrder: string[];
  navigation: NavigationTree[];
  redirects: { source: string; destination: string; permanent: boolean }[];
  tools: Record<ToolRole, ToolDescriptor>;
  skills: ManifestSkill[];
  /** OpenAPI files, bundle-relative, for the MCP filesystem's /openapi/ folder; readable by whoever may read a page that uses them (`ManifestPage.files`). */
  openapi: string[];
  /** When each OpenAPI file was last modified (ms since 1970), by bundle-relative path, for the filesystem tool. */
  openapiModified?: Record<string, number>;
  /** Sidebar key -> bundle-relative file (see SidebarFile): the sidebars that page HTML marks with `<!--docsite:sidebar KEY-->`. */
  sidebars: Record<string, string>;
  /** Bundle-relative paths of the search index parts, which `SearchIndex.load` joins into one index. */
  searchIndex: string[];
  /** Bundle-relative path of the 404 page. */
  notFound: string;
  /**
   * The root documents the docs folder supplies itself (see CUSTOM_FILES), published as they are:
   * `serve` sends them in place of those it makes. Bundles of earlier builds have none listed.
   */
  customFiles?: CustomFile[];
  /**
   * Bundle-relative paths of the files served as they are that the build compressed (see
   * precompressedPath): `serve` sends their brotli or gzip copy to a reader who takes it. Bundles of earlier builds have none listed.
   */
  compressed?: string[];
  /** Origins of the fonts docs.json names, which the pages' Content-Security-Policy allows; none: the site's own only. */
  fontOrigins?: FontOrigins;
  /** Origins the docs folder's own .js files load scripts from, which the pages' Content-Security-Policy allows; none: the site's own only. */
  scriptOrigins?: string[];
  /** CSP hashes (`'sha256-…'`) of the inline event handlers in the markup the docs folder's .js files write, which the pages allow; none: no inline handler runs. */
  scriptHandlers?: string[];
}
