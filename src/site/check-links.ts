// Checks internal links, anchors and images of every page against the site's pages and files.
import { posix } from 'node:path';
import { CONFIG_FILE, scriptUrlScheme, type DocsConfig, type SourceLocator } from '../config/index.js';
import { withoutDroppedCharacters, type PageLink, type RefusedPathError } from '../content/index.js';
import { diagnostic, pageDiagnostic, type Diagnostic } from '../diagnostics/index.js';
import { runtimePathAt } from './runtime-paths.js';
import { pageUrl, type SitePage } from './site-model.js';

/** What a link may point at besides pages. */
export interface LinkTargets {
  pages: ReadonlyMap<string, SitePage>;
  /** Non-ignored files: assets, OpenAPI files. */
  files: ReadonlySet<string>;
  /** Where docs.json's redirects send a (decoded) URL path, if one matches: the Location, with any query and anchor. */
  redirect(path: string): string | undefined;
  isIgnoredPage(path: string): boolean;
  /** Why the docs folder refuses to read `path`, if it does (see ConfinedFolder). */
  refusalOf(path: string): RefusedPathError | undefined;
}

const EXTERNAL = /^([a-z][a-z0-9+.-]*:|\/\/)/i;

/** Whether a URL is relative without `./` or `../` (`guides/setup`), which Mintlify leaves to the browser. */
export function isBareRelative(url: string): boolean {
  return !EXTERNAL.test(url) && !/^(\/|\.\.?\/|#|\?)/.test(url) && url !== '';
}

/**
 * A link target split into page path and anchor; null for external links and script URLs
 * (reported as link/script-url, however spelt). Mintlify resolves `./` and `../` from the page's
 * file and leaves other relative paths to the browser, which resolves them from the page's URL
 * (@mintlify/common, remarkResolveRelativeLinks): on guides/index.mdx, served at /guides,
 * `./setup` is guides/setup and `setup` is /setup.
 */
export function resolveLink(url: string, fromPath: string): { path: string | null; anchor: string | null } | null {
  if (EXTERNAL.test(url) || scriptUrlScheme(url) !== undefined) return null;
  const hash = url.indexOf('#');
  const rawPath = (hash === -1 ? url : url.slice(0, hash)).replace(/\?.*$/, '');
  const anchor = hash === -1 ? null : safeDecode(url.slice(hash + 1));
  if (rawPath === '') return { path: null, anchor };
  const decoded = safeDecode(rawPath);
  const base = isBareRelative(rawPath) ? pageUrl(fromPath).slice(1) : fromPath;
  const joined = decoded.startsWith('/') ? decoded : posix.join(posix.dirname(base), decoded);
  return { path: posix.normalize(joined).replace(/^\/+/, '').replace(/\/+$/, ''), anchor };
}

/**
 * A checker of pages' broken links and anchors against `targets`. What a link to an absolute path
 * finds does not depend on the page it is on, and a large site's pages link to the same pages
 * over and over (77,000 links to 27,000 targets in a generated 10,000-page site): each such
 * link is checked once.
 */
export function linkChecker(targets: LinkTargets): (page: SitePage) => Diagnostic[] {
  const absolute = new Map<string, Problem>();
  const problemOf = (link: PageLink, page: SitePage): Problem => {
    const key = link.url.startsWith('/') ? `${link.kind}:${link.url}` : undefined;
    if (key !== undefined && absolute.has(key)) return absolute.get(key);
    const resolved = resolveLink(link.url, page.path);
    const hint: Hint = isBareRelative(link.url)
      ? (path) => rootHint(link.url, path, page, targets) || basePathHint(path, targets)
      : (path) => basePathHint(path, targets);
    const problem = !resolved ? undefined : link.kind === 'image' ? checkImage(resolved.path, targets, hint) : checkLink(resolved, page, targets, hint);
    if (key !== undefined) absolute.set(key, problem);
    return problem;
  };
  return (page) => {
    const diagnostics: Diagnostic[] = [];
    for (const link of page.links) {
      const problem = problemOf(link, page);
      if (problem) diagnostics.push(pageDiagnostic(problem.code, page.file, link, problem.message.replace('%s', link.url)));
    }
    return diagnostics;
  };
}

type Problem = { code: 'link/broken' | 'link/broken-anchor' | 'file/refused'; message: string } | undefined;

/** What a broken link's message adds, given the path it leads to: why it may have been written so. */
type Hint = (path: string) => string;

function checkLink({ path, anchor }: { path: string | null; anchor: string | null }, page: SitePage, targets: LinkTargets, hint: Hint): Problem {
  let target: SitePage | undefined = page;
  if (path !== null) {
    const found = findTarget(path, targets, hint);
    if (found.problem) return found.problem;
    if (!found.page) return undefined;
    target = found.page;
  }
  // Mintlify's checker (and its client) take the link's anchor as a heading's id is made: without
  // the characters ids lose, so `#step-1%3A-install` finds `step-1-install` (@mintlify/link-rot).
  if (anchor && target.parsed && !target.anchors.includes(anchor) && !target.anchors.includes(withoutDroppedCharacters(anchor))) {
    return { code: 'link/broken-anchor', message: `Link "%s": page "${target.path}" has no heading with anchor #${anchor}.` };
  }
  return undefined;
}

/** Redirects followed from one link at most: more is a loop (or as good as one). */
const MAX_REDIRECTS = 10;

/**
 * What a link's path leads to: a page, else a file, a runtime route or a place off the site
 * (nothing to check further), else where docs.json's redirects send it, followed as the
 * runtime (and Mintlify) follows them, through chains and `:slug*` wildcards.
 */
function findTarget(path: string, targets: LinkTargets, hint: Hint): { page?: SitePage; problem?: Problem } {
  let current = path;
  for (let hops = 0; hops <= MAX_REDIRECTS; hops++) {
    const bare = current.replace(/\.mdx?$/, '') || 'index';
    const page = targets.pages.get(bare) ?? targets.pages.get(`${bare}/index`);
    if (page) return { page };
    if (targets.files.has(current) || runtimePathAt(current) !== undefined) return {};
    const location = targets.redirect(`/${current}`);
    if (location === undefined) {
      if (hops > 0) return { problem: { code: 'link/broken', message: `Link "%s" is redirected to "/${current}", which is not a page.` } };
      if (targets.isIgnoredPage(bare)) return { problem: { code: 'link/broken', message: 'Link "%s" points to an ignored page.' } };
      return { problem: { code: 'link/broken', message: `Link "%s" points to a page that does not exist.${hint(current)}` } };
    }
    const next = resolveLink(location, 'index');
    // Off the site, or to the site's root: nothing here to check.
    if (!next || next.path === null) return {};
    current = next.path;
  }
  return { problem: { code: 'link/broken', message: 'Link "%s" is redirected in a loop and leads to no page.' } };
}

function checkImage(path: string | null, targets: LinkTargets, hint: Hint): Problem {
  if (path === null || targets.files.has(path)) return undefined;
  const refused = targets.refusalOf(path);
  if (refused) return { code: 'file/refused', message: `Image "%s" ${refused.because}; it is not read.` };
  return { code: 'link/broken', message: `Image "%s" does not exist (or is ignored).${hint(path)}` };
}

/**
 * Why a broken path may have been written so: without its first folder it names a page or file,
 * as `/docs/images/a.png` does on a site Mintlify serves under the base path `/docs` (set in its
 * dashboard, not in docs.json). docsite serves the site at the root, where the link leads nowhere.
 */
function basePathHint(path: string, targets: LinkTargets): string {
  const slash = path.indexOf('/');
  if (slash <= 0) return '';
  const rest = path.slice(slash + 1);
  const bare = rest.replace(/\.mdx?$/, '');
  const found = targets.files.has(rest) || targets.pages.has(bare) || targets.pages.has(`${bare}/index`);
  return found ? ` Without "/${path.slice(0, slash)}" it leads to /${rest}: is it written for a site served under that base path?` : '';
}

/**
 * Why a broken `guides/setup` may have been written so: from the site's root it names a page or
 * file, but a browser resolves it from the page's URL.
 */
function rootHint(url: string, path: string, page: SitePage, targets: LinkTargets): string {
  const fromRoot = resolveLink(`/${url}`, page.path)?.path;
  if (!fromRoot) return '';
  const bare = fromRoot.replace(/\.mdx?$/, '');
  if (!targets.pages.has(bare) && !targets.pages.has(`${bare}/index`) && !targets.files.has(fromRoot)) return '';
  return ` A path without \`/\`, \`./\` or \`../\` is resolved from the page's URL, ${pageUrl(page.path)}, as a browser does: it leads to /${path}. Did you mean /${bare}?`;
}

/** `text` percent-decoded, or as it is when it is not valid percent-encoding. */
export function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The logo and favicon docs.json names: which setting, its URL, where it is written, and the docs-folder path it names (none for a URL elsewhere). */
function siteImages(config: DocsConfig): { key: 'logo' | 'favicon'; url: string; at: (string | number)[]; path: string | undefined }[] {
  return (['logo', 'favicon'] as const).flatMap((key) => {
    const value = config[key];
    const images: [url: string, at: (string | number)[]][] =
      typeof value === 'string' ? [[value, [key]]] : (['light', 'dark'] as const).flatMap((theme) => (value?.[theme] ? [[value[theme], [key, theme]]] : []));
    return images.map(([url, at]) => ({ key, url, at, path: resolveLink(url, 'index')?.path ?? undefined }));
  });
}

/** The files of the docs folder every page shows: the logo and the favicon. */
export function siteImageFiles(config: DocsConfig): string[] {
  return siteImages(config).flatMap(({ path }) => (path ? [path] : []));
}

/** Reports a logo or favicon of docs.json that is not a file of the docs folder (or one it refuses): every page would show it broken. */
export function checkSiteImages(config: DocsConfig, targets: Pick<LinkTargets, 'files' | 'refusalOf'>, locator: SourceLocator): Diagnostic[] {
  return siteImages(config).flatMap(({ key, url, at, path }): Diagnostic[] => {
    if (!path || targets.files.has(path)) return [];
    const refused = targets.refusalOf(path);
    const place = locator.locate(at, 'value');
    if (refused) return [diagnostic('file/refused', CONFIG_FILE, place, `The ${key} "${url}" ${refused.because}; it is not read.`)];
    return [diagnostic('link/broken', CONFIG_FILE, place, `The ${key} "${url}" does not exist (or is ignored).`)];
  });
}
