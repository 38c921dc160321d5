// Lookups the layout needs for every page, computed once per site instead of once per page.
import { siteIconLibrary } from '../../config/index.js';
import type { IconLibrary } from '../../icons/index.js';
import type { NavItem, NavigationTree, PageAccess, SiteModel, SitePage } from '../../site/index.js';
import { accessMark } from './access-marks.js';
import type { TabLink } from './page-inputs.js';

/** A page a link (a tab, a pager or switcher entry) may lead to, with who may read it. */
export interface LinkTarget {
  url: string;
  access: PageAccess;
}

/** The navigation facts of one tree: its top-level sections (tabs) and where each page sits. */
export interface TreeIndex {
  tree: NavigationTree;
  /** Top-level items shown as tabs; empty when the tree has no tab-like divisions. */
  tabs: (TabLink & { items: NavItem[] })[];
  /** The tab bar every page of the tree shows: one array that all their inputs share (see PageInputs.tabs). */
  tabLinks: readonly TabLink[];
  /** Page path -> index in `tabs` (pages outside every tab are absent). */
  tabOf: Map<string, number>;
  /** Per position in `tree.order`: the candidatePages of the pages shown after it, and of those before it (nearest first). */
  pager: { next: readonly SitePage[]; prev: readonly SitePage[] }[];
}

/** Site-wide lookups: pages by path and an index per navigation tree. */
export interface SiteIndex {
  site: SiteModel;
  pages: Map<string, SitePage>;
  trees: Map<NavigationTree, TreeIndex>;
}

/** Divisions at the top of a tree that readers switch between, rather than groups in one sidebar. */
const TAB_KINDS = new Set(['tabs', 'anchors', 'dropdowns', 'products', 'menu']);

export function indexSite(site: SiteModel): SiteIndex {
  const pages = new Map(site.pages.map((page) => [page.path, page]));
  const trees = new Map<NavigationTree, TreeIndex>();
  const library = siteIconLibrary(site.config);
  for (const tree of site.navigation.trees) trees.set(tree, indexTree(tree, pages, library));
  return { site, pages, trees };
}

function indexTree(tree: NavigationTree, pages: ReadonlyMap<string, SitePage>, library: IconLibrary): TreeIndex {
  const tabs: TreeIndex['tabs'] = [];
  const tabOf = new Map<string, number>();
  for (const item of tree.items) {
    if (item.type !== 'division' || !TAB_KINDS.has(item.kind) || item.hidden) continue;
    const paths = pagePaths(item.children);
    for (const path of paths) if (!tabOf.has(path)) tabOf.set(path, tabs.length);
    const icon = item.icon && { ...item.icon, library: item.icon.library ?? library };
    tabs.push({ label: item.label, targets: tabTargets(paths, pages), ...(icon ? { icon } : {}), items: item.children });
  }
  return { tree, tabs, tabLinks: tabs.map(({ items: _, ...link }) => link), tabOf, pager: pagerCandidates(tree, pages) };
}

/**
 * For every position of `tree.order`, the candidatePages of the pages that follow it and of those
 * that precede it, hidden pages skipped. One sweep per direction: the candidates from a page on
 * are that page, then (unless it is public) the candidates from the next page on without the one
 * of its own access mark; so the whole tree costs pages × marks, not pages².
 */
function pagerCandidates(tree: NavigationTree, pages: ReadonlyMap<string, SitePage>): TreeIndex['pager'] {
  const shown = tree.order.map((path) => pages.get(path)).map((page) => (page && !page.hidden ? page : undefined));
  const sweep = (positions: number[]): (readonly SitePage[])[] => {
    const after: (readonly SitePage[])[] = [];
    let from: readonly SitePage[] = [];
    for (const position of positions) {
      after[position] = from;
      const page = shown[position];
      if (!page) continue;
      const mark = accessMark(page.access).dataAccess;
      from = mark === undefined ? [page] : [page, ...from.filter((other) => accessMark(other.access).dataAccess !== mark)];
    }
    return after;
  };
  const forward = [...tree.order.keys()];
  const next = sweep(forward.toReversed());
  const prev = sweep(forward);
  return forward.map((position) => ({ next: next[position]!, prev: prev[position]! }));
}

/** Where a tab may link: its first page each reader may read (see candidatePages). Hidden pages count only in a tab of nothing else. */
function tabTargets(paths: readonly string[], pages: ReadonlyMap<string, SitePage>): LinkTarget[] {
  const listed = paths.map((path) => pages.get(path)).filter((page) => page !== undefined);
  const shown = listed.filter((page) => !page.hidden);
  return linkTargets(shown.length > 0 ? shown : listed);
}

/** Where a link may lead: the candidate pages of `pages` (see candidatePages). */
export function linkTargets(pages: Iterable<SitePage>): LinkTarget[] {
  return candidatePages(pages).map((page) => ({ url: page.url, access: page.access }));
}

/**
 * The pages a link to "the first of `pages` the reader may read" may lead to. The static HTML cannot
 * know the reader, so it lists candidates and the runtime keeps the first one the reader may
 * follow: the first page of each access mark, in order (a reader's first readable page is the
 * first of its mark), up to the first public one, which everyone may read. `pages` is read only
 * that far.
 */
export function candidatePages(pages: Iterable<SitePage>): SitePage[] {
  const candidates: SitePage[] = [];
  const marks = new Set<string | undefined>();
  for (const page of pages) {
    const mark = accessMark(page.access).dataAccess;
    if (marks.has(mark)) continue;
    marks.add(mark);
    candidates.push(page);
    if (mark === undefined) break;
  }
  return candidates;
}

/** Page paths below `items`, in reading order. */
export function pagePaths(items: readonly NavItem[]): string[] {
  return items.flatMap((item) =>
    item.type === 'page' ? [item.path] : item.type === 'endpoint' ? [item.page] : item.type === 'division' ? pagePaths(item.children) : [],
  );
}
