// The site model: every page with its place, visibility and access; what every later stage reads.
import type { DocsConfig } from '../config/index.js';
import type { PageModel, Skill } from '../content/index.js';
import type { ResolvedEndpoint } from './api-endpoint.js';
import type { NavigationTree, PagePlacement, ResolvedNavigation } from './navigation-model.js';
import type { OpenApiDocument } from './openapi.js';

/** Who may read a page on a site with authentication on (REFERENCE.md, "Page visibility"). */
export interface PageAccess {
  /** Readable without login (`public: true` on the page or an enclosing group). */
  public: boolean;
  /** When non-empty, only members of one of these groups may read the page. */
  groups: string[];
}

/** A page of the site: its parsed model plus everything the site decides about it. */
export interface SitePage extends PageModel {
  /** Clean URL path: "/" for index, "/guides" for guides/index, else "/<path>". */
  url: string;
  inNavigation: boolean;
  placements: PagePlacement[];
  /** Versions the page belongs to; empty means all versions. */
  versions: string[];
  /** Languages the page is in; empty means all languages. */
  languages: string[];
  /** Not shown in the sidebar (`hidden: true`, or every placement under a hidden group). */
  hidden: boolean;
  /** Excluded from every index (`noindex`, or hidden unless `seo.indexing: "all"` or a `searchable: true` division keeps it). */
  noindex: boolean;
  /** In the search index, llms.txt and sitemap. */
  indexed: boolean;
  /** In site search: indexed, and not `searchable: false` (which keeps llms.txt and the sitemap). */
  searchable: boolean;
  /** Words that find the page in site search without being in it (frontmatter `keywords`). */
  keywords: string[];
  /** Multiplier of the page's search ranking (frontmatter `boost`); 1 when none is set. */
  boost: number;
  access: PageAccess;
  endpoint?: ResolvedEndpoint;
  /** Published files of the docs folder the page uses (see usedFiles): its OpenAPI file, its images and linked files. */
  files?: string[];
}

/** The validated site: the one model that emitters and the runtime consume. */
export interface SiteModel {
  /** Absolute path of the docs folder. */
  root: string;
  config: DocsConfig;
  /** Pages sorted by path. */
  pages: SitePage[];
  navigation: ResolvedNavigation;
  /** Every non-ignored file, relative, sorted (pages, assets, OpenAPI files, skills). */
  files: string[];
  /** Local OpenAPI documents referenced by navigation or pages, or named by docs.json's `api.openapi`, keyed by relative path. */
  openapi: Map<string, OpenApiDocument>;
  /** The author's skill files (generated ones are added by the build). */
  skills: Skill[];
  /** What the docs folder's own .js files need of the pages' Content-Security-Policy (see readCustomScripts). */
  customScripts: { origins: string[]; handlers: string[] };
}

/** The clean URL of a page path. */
export function pageUrl(path: string): string {
  if (path === 'index') return '/';
  return `/${path.replace(/\/index$/, '')}`;
}

/** The `.md` URL of a page URL: "/" -> "/index.md". */
export function markdownPath(url: string): string {
  return url === '/' ? '/index.md' : `${url}.md`;
}

/**
 * A page URL, with or without `#anchor`, percent-encoded for where raw text is not allowed: an
 * HTTP header, the sitemap, a Markdown link in llms.txt or a tool result. Page URLs are kept as
 * their paths read (`/日本語`, `/guides/café`); ASCII ones come back unchanged.
 */
export function encodedUrl(url: string): string {
  // Most URLs have nothing to encode: every search hit's link passes here.
  if (UNRESERVED_URL.test(url)) return url;
  const hash = url.indexOf('#');
  const path = (hash < 0 ? url : url.slice(0, hash)).split('/').map(encodeURIComponent).join('/');
  return hash < 0 ? path : `${path}#${encodeURIComponent(url.slice(hash + 1))}`;
}

/** A path and anchor of characters encodeURIComponent keeps as they are (and slashes between path segments). */
const UNRESERVED_URL = /^[\w\-.!~*'()/]*(?:#[\w\-.!~*'()]*)?$/;

/** The tree of the default version and language: what readers see first. */
export function defaultTree(navigation: Pick<ResolvedNavigation, 'trees' | 'versions' | 'languages'>): NavigationTree | undefined {
  const version = navigation.versions.find((v) => v.default)?.name ?? null;
  const language = navigation.languages.find((l) => l.default)?.name ?? null;
  const score = (t: NavigationTree): number => (t.version === version ? 2 : 0) + (t.language === language ? 1 : 0);
  return [...navigation.trees].sort((a, b) => score(b) - score(a))[0];
}

/**
 * Where `/` leads on a site with no page there: to the first page of the default navigation, as
 * Mintlify serves it (a redirect that does not stick: an index page may be added later). None when
 * a page is at `/` or navigation lists none.
 */
export function homeRedirect(
  navigation: Pick<ResolvedNavigation, 'trees' | 'versions' | 'languages'>,
  paths: ReadonlySet<string>,
): { source: string; destination: string; permanent: boolean } | undefined {
  if (paths.has('index')) return undefined;
  const first = defaultTree(navigation)?.order.find((path) => paths.has(path));
  return first === undefined ? undefined : { source: '/', destination: encodedUrl(pageUrl(first)), permanent: false };
}

/** Decides a page's tags, visibility, indexing and access from its frontmatter and placements. */
export function classifyPage(page: PageModel, navigation: ResolvedNavigation, config: DocsConfig): Omit<SitePage, keyof PageModel | 'endpoint'> {
  const placements = navigation.placements.get(page.path) ?? [];
  const fm = page.frontmatter;
  const inNavigation = placements.length > 0;
  const hidden = fm.hidden === true || (inNavigation && placements.every((p) => p.hidden));
  // Hidden pages are not indexed unless seo.indexing is "all" or a division above sets
  // `searchable: true` (Mintlify's organize/hidden-pages.mdx, "Search, SEO, and AI indexing").
  const hiddenButIndexed = config.seo?.indexing === 'all' || placements.some((p) => p.searchable === true);
  const noindex = fm.noindex === true || (hidden && !hiddenButIndexed);
  const indexed = !noindex && (inNavigation || config.seo?.indexing === 'all');
  return {
    url: pageUrl(page.path),
    inNavigation,
    placements,
    versions: tagsOf(placements.map((p) => (p.inVersion ? p.version : null))),
    languages: inNavigation ? tagsOf(placements.map((p) => (p.inLanguage ? p.language : null))) : languageFromPath(page.path, navigation),
    hidden,
    noindex,
    indexed,
    searchable: indexed && fm.searchable !== false,
    keywords: keywordsOf(fm.keywords),
    // The page's own boost, else its nearest division's (Mintlify's optimize/search.mdx).
    boost: typeof fm.boost === 'number' && fm.boost > 0 ? fm.boost : (placements.find((p) => p.boost !== undefined)?.boost ?? 1),
    access: { public: fm.public === true || placements.some((p) => p.public), groups: fm.groups ?? [] },
  };
}

/** Frontmatter `keywords`: a list, or one string of comma-separated keywords. */
function keywordsOf(keywords: string[] | string | undefined): string[] {
  const list = typeof keywords === 'string' ? keywords.split(',') : (keywords ?? []);
  return list.map((k) => k.trim()).filter((k) => k !== '');
}

/** Distinct tags; a null (listed outside any version/language) means "all", i.e. no tags. */
function tagsOf(values: (string | null)[]): string[] {
  if (values.length === 0 || values.includes(null)) return [];
  return [...new Set(values as string[])].sort();
}

/** A page outside navigation under `es/` belongs to language `es` when the site has it. */
function languageFromPath(path: string, navigation: ResolvedNavigation): string[] {
  const first = path.split('/')[0]!;
  return navigation.languages.some((l) => l.name === first && path.includes('/')) ? [first] : [];
}
