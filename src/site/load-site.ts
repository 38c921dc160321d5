// Loads a docs folder into the site model: config, files, pages, navigation and every check.
import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { CONFIG_FILE, configScriptUrls, parseDocsConfig, scriptUrlScheme, siteIconLibrary, type SourceLocator } from '../config/index.js';
import {
  ConfinedFolder,
  discoverFiles,
  parsePage,
  parsePages,
  readSkills,
  RefusedPathError,
  type FrontmatterDefaults,
  type ParsedPage,
  fillVariables,
  type ContentVariables,
} from '../content/index.js';
import { compareDiagnostics, diagnostic, mergePlacements, START, type Diagnostic } from '../diagnostics/index.js';
import { UsageError } from '../errors.js';
import type { IconLibrary } from '../icons/index.js';
import { configuredServers, resolveEndpoint } from './api-endpoint.js';
import { checkNavigationIcons, checkPageIcons } from './check-icons.js';
import { checkSiteImages, linkChecker, safeDecode, siteImageFiles } from './check-links.js';
import {
  checkOperations,
  loadSpecs,
  openApiPath,
  usableSpec,
  type LoadedSpecs,
  type OpenApiDocument,
  type OperationReference,
  type SpecReference,
} from './openapi.js';
import { addPageOperations } from './openapi-frontmatter.js';
import type { ExampleSettings } from './openapi-examples.js';
import { openApiPageSource, operationAuth, type OperationAuth, type OperationSettings } from './openapi-page.js';
import { operationIn } from './openapi-schema.js';
import { redirectMatcher } from './redirect-rules.js';
import { BUNDLE_FOLDER, checkPublishedFiles, pageIncludes, skippedLinkDiagnostic } from './published-files.js';
import { isPagePath, navigationOpenApiFiles, openApiFileOf, openApiFilesOf, resolveNavigation } from './resolve-navigation.js';
import { describeClash, runtimeClashOf } from './runtime-paths.js';
import { readCustomScripts } from './custom-scripts.js';
import { classifyPage, homeRedirect, pageUrl, type SiteModel, type SitePage } from './site-model.js';
import { documentedFiles, usedFiles } from './used-files.js';

export interface LoadOptions {
  /** Parser threads; a small site (under 100 pages) is parsed in the calling thread. Default: one per core. */
  jobs?: number;
  /** Called as pages are parsed, for progress output. */
  onProgress?(done: number, total: number): void;
  /** Extra ignore patterns (gitignore syntax), e.g. an output folder inside the docs folder. */
  ignore?: string[];
  /** Parses the page files; the build passes one that also renders (as `settings` say) and caches. Default: parsePages. */
  parse?(root: string, files: readonly string[], onProgress: (done: number) => void, settings: PageSettings): Promise<ParsedPage[]>;
  /**
   * Parses a generated page (an OpenAPI operation's), or a page file with its operation added (with the
   * operation's frontmatter as `defaults`); the build passes one that also renders. Default: parsePage.
   */
  parseSource?(file: string, source: string, defaults?: FrontmatterDefaults): ParsedPage;
}

/** What docs.json says about every page: the variables filled into them, and the library their icons are drawn from. */
export interface PageSettings {
  variables?: ContentVariables | undefined;
  iconLibrary: IconLibrary;
}

export interface LoadResult {
  /** The model; undefined when docs.json is unusable. */
  site: SiteModel | undefined;
  /** Every problem found, sorted by file and line. */
  diagnostics: Diagnostic[];
  /**
   * Makes the site page of a page file parsed again, with the problems found in it, as this load
   * made each page: for `docsite dev`, which updates one edited page without loading the site
   * again. Only for a page whose placement cannot change (same path and frontmatter, no
   * operation): the navigation, endpoints and OpenAPI files are this load's. Undefined with no site.
   */
  sitePageOf?(parsed: ParsedPage): { page: SitePage; diagnostics: Diagnostic[] };
}

/**
 * Reads and checks a docs folder. Content problems are returned as diagnostics;
 * a missing folder or docs.json throws a UsageError.
 */
export async function loadSite(dir: string, options: LoadOptions = {}): Promise<LoadResult> {
  const root = resolve(dir);
  await assertDocsFolder(root);
  const folder = new ConfinedFolder(root);
  const configText = await readConfig(folder);
  if (typeof configText !== 'string') return { site: undefined, diagnostics: [configText] };
  // The parts docs.json names with `$ref` are read like every file: never from outside the docs folder.
  const { config, locator, diagnostics } = parseDocsConfig(configText, (path) => folder.read(path));

  const files = await discoverFiles(root, options.ignore);
  diagnostics.push(...files.skippedLinks.map(skippedLinkDiagnostic));
  diagnostics.push(...files.refused.map((error) => diagnostic('file/refused', error.path, START, error.message)));
  const progress = (done: number): void => options.onProgress?.(done, files.pages.length);
  let parsed = onePerPath(
    await (options.parse
      ? options.parse(root, files.pages, progress, { variables: config?.variables, iconLibrary: config ? siteIconLibrary(config) : 'fontawesome' })
      : parsePages(root, files.pages, options.jobs, progress, config?.variables)),
    diagnostics,
  );
  diagnostics.push(...checkPagePaths(parsed));
  if (!config) {
    for (const result of parsed) diagnostics.push(...result.diagnostics);
    return { site: undefined, diagnostics: mergePlacements(diagnostics).sort(compareDiagnostics) };
  }

  const pagePaths = new Set(parsed.map((p) => p.page.path));
  // A path that leaves the docs folder (`../x`, from a link) or is not one (`./x`) names no page, ignored or not.
  const isIgnoredPage = (path: string): boolean =>
    isPagePath(path) && ['.mdx', '.md'].some((ext) => files.isIgnored(`${path}${ext}`) && existsSync(join(root, `${path}${ext}`)));
  const defaultOpenApi = openApiFileOf(config.api?.openapi);
  const fileSet = new Set(files.files);
  // API sections list the operations of their specs, and endpoint pages are named after their
  // operations' tags and summaries: navigation is resolved with the specs it names read.
  const specs: LoadedSpecs = new Map();
  await loadSpecs(folder, [...openApiFilesOf(config.api?.openapi), ...navigationOpenApiFiles(config.navigation)], fileSet, specs);
  const documentOf = (openapi: string): OpenApiDocument | undefined => usableSpec(specs, openapi);
  const nav = resolveNavigation({
    navigation: config.navigation,
    documentOf,
    pages: pagePaths,
    isIgnoredPage,
    locator,
    ...(config.api?.openapi ? { defaultOpenApi: config.api.openapi } : {}),
  });
  diagnostics.push(...nav.diagnostics);

  const references = [
    ...nav.navigation.endpoints.map(
      (e): OperationReference => ({
        openapi: e.openapi,
        method: e.method,
        path: e.path,
        ...(e.webhook ? { webhook: e.webhook } : {}),
        file: CONFIG_FILE,
        at: e.at,
      }),
    ),
    ...nav.navigation.sections.map((section): SpecReference => ({ ...section, file: CONFIG_FILE })),
  ];
  const openapi = await checkOperations(folder, references, fileSet, specs);
  diagnostics.push(...openapi.diagnostics);
  // Named by docs.json but used by no page: still the site's OpenAPI file, with the access of an
  // unused one. No page shows it, so a broken or refused one is only left out.
  if (defaultOpenApi !== undefined) {
    const file = openApiPath(defaultOpenApi);
    const document = usableSpec(specs, file);
    if (document && !openapi.documents.has(file)) openapi.documents.set(file, document);
  }
  const { variables } = config;
  const parseSource =
    options.parseSource ??
    ((file, source, defaults) =>
      parsePage(file, fillVariables(source, variables), { folder, ...(defaults ? { defaults } : {}), ...(variables ? { variables } : {}) }));
  const siteAuth = config.api?.mdx?.auth?.method;
  const settings: OperationSettings = {
    siteServer: configuredServers(config)[0],
    siteAuth: siteAuth ? { method: siteAuth, ...(config.api?.mdx?.auth?.name ? { name: config.api.mdx.auth.name } : {}) } : undefined,
    examples: config.api?.examples as ExampleSettings | undefined,
  };
  const withOperations = await addPageOperations({
    folder,
    files: files.files,
    pages: parsed,
    named: [...openApiFilesOf(config.api?.openapi), ...references.map((r) => r.openapi)],
    documents: openapi.documents,
    settings,
    parse: parseSource,
  });
  parsed = withOperations.pages;
  diagnostics.push(...withOperations.diagnostics);
  for (const result of parsed) diagnostics.push(...result.diagnostics);
  const specAuth = new Map(withOperations.auth);
  const generated = endpointPages(nav.navigation.endpoints, openapi.documents, pagePaths, settings, parseSource, specAuth);
  for (const result of generated) diagnostics.push(...result.diagnostics);
  const documented = documentedFiles(nav.navigation.endpoints, generated, withOperations.specs, openapi.documents);
  const fileTargets = { pages: new Set([...parsed, ...generated].map(({ page }) => page.path)), files: fileSet, siteFiles: new Set(siteImageFiles(config)) };

  const sitePage = ({ page }: ParsedPage, found: Diagnostic[]): SitePage => {
    const endpoint = resolveEndpoint(page, config, found, specAuth.get(page.path));
    const files = usedFiles(page, documented.get(page.path), fileTargets);
    return { ...page, ...classifyPage(page, nav.navigation, config), ...(endpoint ? { endpoint } : {}), ...(files.length > 0 ? { files } : {}) };
  };
  const pages = [...parsed, ...generated].map((result) => sitePage(result, diagnostics)).sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const pageMap = new Map(pages.map((page) => [page.path, page]));
  diagnostics.push(...checkPublishedFiles(files.files, new Map(pages.map((page) => [page.path, page.file]))));
  const home = homeRedirect(nav.navigation, new Set(pageMap.keys()));
  const redirect = redirectMatcher([...(config.redirects ?? []).map((r) => ({ ...r, permanent: r.permanent ?? true })), ...(home ? [home] : [])]);
  const refusalOf = (path: string): RefusedPathError | undefined => folder.refusalOf(path);
  const checkLinks = linkChecker({ pages: pageMap, files: fileSet, redirect: (path) => redirect(path)?.location, isIgnoredPage, refusalOf });
  const iconLibrary = siteIconLibrary(config);
  const checkPage = (page: SitePage): Diagnostic[] => [...checkLinks(page), ...checkPageIcons(page, iconLibrary)];
  for (const page of pages) diagnostics.push(...checkPage(page));
  diagnostics.push(...checkNavigationIcons(config, locator));
  diagnostics.push(...checkRedirects(config.redirects ?? [], pageMap, (path) => redirect(path)?.location, locator));
  diagnostics.push(...checkSiteImages(config, { files: fileSet, refusalOf }, locator));
  diagnostics.push(...configScriptUrls(config, locator, CONFIG_FILE));

  const skills = readSkills(folder, files.files);
  diagnostics.push(...skills.diagnostics);

  const scripts = readCustomScripts(folder, pageIncludes(files.files, 'js'));
  diagnostics.push(...scripts.diagnostics);

  const site: SiteModel = {
    root,
    config,
    pages,
    navigation: nav.navigation,
    files: files.files,
    openapi: openapi.documents,
    skills: skills.skills,
    customScripts: { origins: scripts.origins, handlers: scripts.handlers },
  };
  const sitePageOf = (parsed: ParsedPage): { page: SitePage; diagnostics: Diagnostic[] } => {
    const found = [...parsed.diagnostics];
    const page = sitePage(parsed, found);
    // Its own links to its anchors are checked against the page as it is now.
    pageMap.set(page.path, page);
    found.push(...checkPage(page));
    return { page, diagnostics: found.sort(compareDiagnostics) };
  };
  return { site, diagnostics: mergePlacements(diagnostics).sort(compareDiagnostics), sitePageOf };
}

/**
 * Keeps one file per page path: `guide.md` and `guide.mdx` would be one page, one search record
 * and one output file. The first file (in discovery order) stays; each other one is reported.
 * Files of different paths at one URL (`guide.mdx`, `guide/index.mdx`) are reported but kept:
 * navigation may list both paths, and dropping one would report it missing as well.
 */
function onePerPath(parsed: ParsedPage[], diagnostics: Diagnostic[]): ParsedPage[] {
  const byPath = new Map<string, string>();
  const byUrl = new Map<string, string>();
  const report = (file: string, kept: string, what: string): void => {
    diagnostics.push(diagnostic('page/duplicate-path', file, START, `${file} and ${kept} are both ${what}.`));
  };
  return parsed.filter(({ page }) => {
    const samePath = byPath.get(page.path);
    if (samePath !== undefined) {
      report(page.file, samePath, `the page "${page.path}"; only ${samePath} is used`);
      return false;
    }
    byPath.set(page.path, page.file);
    const url = pageUrl(page.path);
    const sameUrl = byUrl.get(url);
    if (sameUrl === undefined) byUrl.set(url, page.file);
    else report(page.file, sameUrl, `the page at ${url}`);
    return true;
  });
}

/**
 * Reports page paths no URL can reach: a `#` starts the anchor, so a link to `/c#` leads to `/c`;
 * and the runtime answers some paths itself, in any case (`MCP.mdx` would be /MCP, the MCP server),
 * whether navigation lists the page or not.
 */
function checkPagePaths(parsed: readonly ParsedPage[]): Diagnostic[] {
  return parsed.flatMap(({ page }): Diagnostic[] => {
    if (page.path.includes('#')) {
      const message = `The page path "${page.path}" holds "#", which starts an anchor in a URL: links to the page would lead to /${page.path.slice(0, page.path.indexOf('#'))}.`;
      return [diagnostic('page/invalid-path', page.file, START, message)];
    }
    const clash = runtimeClashOf(page.path);
    // A file under _docsite/ is reported as such by checkPublishedFiles.
    if (!clash || page.file.startsWith(BUNDLE_FOLDER)) return [];
    return [diagnostic('file/reserved-path', page.file, START, `${page.file} would be the page ${pageUrl(page.path)}, but ${describeClash(clash)}.`)];
  });
}

/** The text of docs.json, or the diagnostic that refuses it (a link leading out of the docs folder, a FIFO). */
async function readConfig(folder: ConfinedFolder): Promise<string | Diagnostic> {
  try {
    return (await folder.readAsync(CONFIG_FILE)).toString('utf8');
  } catch (error) {
    if (error instanceof RefusedPathError) return diagnostic('file/refused', CONFIG_FILE, START, error.message);
    throw error;
  }
}

async function assertDocsFolder(root: string): Promise<void> {
  const info = await stat(root).catch(() => undefined);
  if (!info?.isDirectory()) throw new UsageError(`${root} is not a folder.`, 'Pass the folder that holds docs.json.');
  if (!existsSync(join(root, CONFIG_FILE))) {
    throw new UsageError(`No ${CONFIG_FILE} in ${root}.`, 'Run the command in your docs folder, or pass that folder as an argument.');
  }
}

/**
 * The pages of the OpenAPI operations listed in navigation, written from their specs (a real page
 * at the same path wins); the authentication each one's spec gives it goes into `auth`.
 */
function endpointPages(
  endpoints: SiteModel['navigation']['endpoints'],
  documents: ReadonlyMap<string, OpenApiDocument>,
  existing: ReadonlySet<string>,
  settings: OperationSettings,
  parse: (file: string, source: string) => ParsedPage,
  auth: Map<string, OperationAuth>,
): ParsedPage[] {
  const written = new Map<string, ParsedPage>();
  for (const endpoint of endpoints) {
    const document = documents.get(openApiPath(endpoint.openapi));
    const found = document && operationIn(document, endpoint);
    if (existing.has(endpoint.page) || written.has(endpoint.page) || !found) continue;
    written.set(endpoint.page, parse(`${endpoint.page}.mdx`, openApiPageSource(found.document, found.method, endpoint.path, settings)));
    const authentication = operationAuth(found.document, found.method, endpoint.path);
    if (authentication) auth.set(endpoint.page, authentication);
  }
  return [...written.values()];
}

/** How many redirects in a row a destination may go through to reach a page (browsers give up at 20). */
const REDIRECT_HOPS = 10;

function checkRedirects(
  redirects: NonNullable<SiteModel['config']['redirects']>,
  pages: ReadonlyMap<string, SitePage>,
  redirectOf: (path: string) => string | undefined,
  locator: SourceLocator,
): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const isPage = (location: string): boolean => {
    const path = location.split(/[?#]/)[0]!.replace(/^\/+/, '').replace(/\/+$/, '') || 'index';
    return pages.has(path) || pages.has(`${path}/index`);
  };
  /** Whether `destination` is a page, or a path that other redirects lead on to one (`/latest/x` → `/v2/x`). */
  const leadsToPage = (destination: string): boolean => {
    let location = destination;
    for (let hop = 0; hop <= REDIRECT_HOPS; hop++) {
      if (isPage(location)) return true;
      const next = redirectOf(safeDecode(location.split(/[?#]/)[0]!));
      if (!next?.startsWith('/')) return false;
      location = next;
    }
    return false;
  };
  redirects.forEach((redirect, i) => {
    const destination = redirect.destination;
    // A URL with a scheme leaves the site (a script URL is reported as link/script-url, however spelt);
    // `//host/x` does not (the runtime serves it as the path /host/x); a destination with `:name`
    // parameters names pages only once a request fills them in.
    if (/^[a-z][a-z0-9+.-]*:/i.test(destination) || scriptUrlScheme(destination) || /:\w/.test(destination)) return;
    if (leadsToPage(destination.startsWith('/') ? destination : `/${destination}`)) return;
    diagnostics.push(
      diagnostic(
        'redirect/missing-destination',
        CONFIG_FILE,
        locator.locate(['redirects', i, 'destination'], 'value'),
        `Redirect from "${redirect.source}" goes to "${destination}", which is not a page.`,
      ),
    );
  });
  return diagnostics;
}
