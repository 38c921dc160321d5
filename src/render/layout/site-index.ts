// Lookups the layout needs for every page, computed once per site instead of once per page.
import type { NavItem, NavigationTree, SiteModel, SitePage } from '../../site/index.js';

/** The navigation facts of one tree: its top-level sections (tabs) and where each page sits. */
export interface TreeIndex {
  tree: NavigationTree;
  /** Top-level items shown as tabs; empty when the tree has no tab-like divisions. */
  tabs: { label: string; href: string | undefined; items: NavItem[] }[];
  /** Page path -> index in `tabs` (pages outside every tab are absent). */
  tabOf: Map<string, number>;
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
  for (const tree of site.navigation.trees) trees.set(tree, indexTree(tree, pages));
  return { site, pages, trees };
}

function indexTree(tree: NavigationTree, pages: ReadonlyMap<string, SitePage>): TreeIndex {
  const tabs: TreeIndex['tabs'] = [];
  const tabOf = new Map<string, number>();
  for (const item of tree.items) {
    if (item.type !== 'division' || !TAB_KINDS.has(item.kind) || item.hidden) continue;
    const paths = pagePaths(item.children);
    paths.forEach((path) => tabOf.has(path) || tabOf.set(path, tabs.length));
    // A tab links to its first page that anyone who can see the tab may read.
    const first = paths.find((path) => pages.get(path)?.access.groups.length === 0 && !pages.get(path)!.hidden) ?? paths.find((path) => pages.has(path));
    tabs.push({ label: item.label, href: first ? pages.get(first)!.url : undefined, items: item.children });
  }
  return { tree, tabs, tabOf };
}

/** Page paths below `items`, in reading order. */
export function pagePaths(items: readonly NavItem[]): string[] {
  return items.flatMap((item) => (item.type === 'page' ? [item.path] : item.type === 'endpoint' ? [item.page] : item.type === 'division' ? pagePaths(item.children) : []));
}
