// What the layout of one page reads, gathered as plain data, so its hash can stand for the laid-out page.
import type { PageFeature, ParamFieldModel } from '../../content/index.js';
import { loadedFeatures } from '../feature-assets.js';
import { feedPath } from '../rss-feed.js';
import { defaultTree, type NavigationTree, type NavLink, type PageAccess, type PagePlacement, type ResolvedEndpoint, type SitePage } from '../../site/index.js';
import { counterpartIn } from './counterpart-page.js';
import type { EntryIcon } from './sidebar.js';
import { linkTargets, pagePaths, type LinkTarget, type SiteIndex, type TreeIndex } from './site-index.js';

/** A top-level section of a tree, shown as a tab linking to the first of `targets` the reader may read. */
export interface TabLink {
  label: string;
  targets: LinkTarget[];
  /** The tab's docs.json `icon`, its library settled. */
  icon?: EntryIcon;
}

/**
 * A candidate of a previous or next link, with the access of the page it leads to: the runtime
 * keeps the first candidate of each `rel` the reader may read (see candidatePages).
 */
export interface PagerLink {
  rel: 'prev' | 'next';
  url: string;
  label: string;
  access: PageAccess;
}

/**
 * A version or language switcher: the current one and where each other one may lead (the first
 * of `targets` the reader may read; none: the option is shown without a link).
 */
export interface SwitcherMenu {
  label: 'Version' | 'Language';
  current: string | undefined;
  options: { label: string; targets: LinkTarget[] }[];
}

/** A heading listed in "On this page". */
export interface TocEntry {
  depth: number;
  id: string;
  text: string;
}

/**
 * Everything the layout of one page reads besides its body and the parts all pages share
 * (SiteParts). The layout is a function of these alone: equal inputs, body and site parts
 * lay out equal pages, which is what lets a rebuild skip the pages whose inputs did not change.
 */
export interface PageInputs {
  url: string;
  title: string;
  description: string | undefined;
  /** The document language. */
  lang: string;
  noindex: boolean;
  /** Frontmatter `mode` other than `default`: a class of the page (`mode-wide`). */
  mode: string | undefined;
  /** Badges beside the title: frontmatter `tag`, and `deprecated`. */
  tag: string | undefined;
  deprecated: boolean;
  /** The page's RSS feed, on a page with `<Update>` components; `button` when frontmatter `rss: true` shows it. */
  feed: { url: string; button: boolean } | undefined;
  /** Frontmatter `keywords`, then its `og:*`, `twitter:*` and `article:*` meta tags in the order written. */
  metatags: [name: string, content: string][];
  breadcrumbs: string[];
  endpoint: ResolvedEndpoint | undefined;
  /** The endpoint's parameters, for its playground; empty for pages without an endpoint. */
  params: ParamFieldModel[];
  /** The tree's tabs: the same array in the inputs of every page of the tree, so its text is worked out once (see SiteLayout.key). */
  tabs: readonly TabLink[];
  activeTab: number | undefined;
  /** The tree's global links (the site's outside navigation): the same array in the inputs of every page of the tree. */
  globalLinks: readonly NavLink[];
  switchers: SwitcherMenu[];
  /** Key of the sidebar the page shows (`t<tree>` or `t<tree>-<tab>`); undefined for pages outside navigation. */
  sidebar: string | undefined;
  pager: PagerLink[];
  toc: TocEntry[];
  /** Math and diagrams the body holds, whose assets the page loads (see loadedFeatures, featureHead). */
  features: readonly PageFeature[];
}

const NO_TABS: readonly TabLink[] = [];

/** The inputs of `page` laid out in `tree` (undefined for pages outside navigation). */
export function pageInputs(index: SiteIndex, page: SitePage, tree: NavigationTree | undefined): PageInputs {
  const { site } = index;
  const trees = tree ? index.trees.get(tree) : undefined;
  const tab = trees?.tabOf.get(page.path);
  // A page outside navigation (a hidden page, often a site's landing page) keeps the site's sections in reach: the default tree's tabs, none current.
  const tabTrees = trees ?? defaultTreeIndex(index);
  const placement = tree && page.placements.find((p) => p.version === tree.version && p.language === tree.language);
  return {
    url: page.url,
    title: page.title,
    description: page.frontmatter.description,
    lang: page.languages.length === 1 ? page.languages[0]! : (tree?.language ?? defaultLanguage(index)),
    // Pages search engines should skip: `noindex` ones and, under `seo.indexing: "navigable"`, those outside navigation.
    noindex: !page.indexed,
    mode: page.frontmatter.mode && page.frontmatter.mode !== 'default' ? page.frontmatter.mode : undefined,
    tag: page.frontmatter.tag,
    deprecated: page.frontmatter.deprecated === true,
    feed: page.changelog ? { url: feedPath(page.url), button: page.frontmatter.rss === true } : undefined,
    metatags: [...(page.keywords.length > 0 ? [['keywords', page.keywords.join(', ')] as [string, string]] : []), ...metatagsOf(page.frontmatter)],
    breadcrumbs: placement?.breadcrumbs ?? [],
    endpoint: page.endpoint,
    params: page.endpoint ? page.params : [],
    tabs: tabTrees?.tabLinks ?? NO_TABS,
    activeTab: tab,
    globalLinks: tree?.global ?? site.navigation.global,
    switchers: switcherMenus(index, page, tree, placement),
    sidebar: tree ? sidebarKey(site.navigation.trees.indexOf(tree), tab) : undefined,
    pager: tree && placement && page.frontmatter.hideFooterPagination !== true ? pagerLinks(index, tree, placement.index) : [],
    toc: page.headings.filter((heading) => heading.depth === 2 || heading.depth === 3).map(({ depth, id, text }) => ({ depth, id, text })),
    features: loadedFeatures(page.features ?? [], site.config),
  };
}

/** The default version and language's tree, whose tabs a page outside navigation shows. */
function defaultTreeIndex(index: SiteIndex): TreeIndex | undefined {
  const tree = defaultTree(index.site.navigation);
  return tree ? index.trees.get(tree) : undefined;
}

/** The meta tags a page's frontmatter sets: its `og:*`, `twitter:*` and `article:*` keys. */
function metatagsOf(frontmatter: SitePage['frontmatter']): [string, string][] {
  return Object.entries(frontmatter).flatMap(([key, value]): [string, string][] =>
    /^(og|twitter|article):/.test(key) && ['string', 'number', 'boolean'].includes(typeof value) ? [[key, String(value)]] : [],
  );
}

/** The language of pages in no particular language tree: the default one, else the first, else English. */
export function defaultLanguage(index: SiteIndex): string {
  const { languages } = index.site.navigation;
  return languages.find((l) => l.default)?.name ?? languages[0]?.name ?? 'en';
}

/** The key of the sidebar of tab `tab` of the `treeNumber`th tree (no tab: the items outside every tab). */
export function sidebarKey(treeNumber: number, tab: number | undefined): string {
  return tab === undefined ? `t${treeNumber}` : `t${treeNumber}-${tab}`;
}

/**
 * Previous and next pages around `position` in the reading order of `tree`, skipping hidden pages:
 * per direction, the candidatePages, so each reader is led to the nearest page they may read.
 */
function pagerLinks(index: SiteIndex, tree: NavigationTree, position: number): PagerLink[] {
  const around = index.trees.get(tree)?.pager[position];
  if (!around) return [];
  return (
    [
      ['prev', around.prev],
      ['next', around.next],
    ] as const
  ).flatMap(([rel, targets]) =>
    targets.map((target) => ({ rel, url: target.url, label: target.frontmatter.sidebarTitle ?? target.title, access: target.access })),
  );
}

/**
 * The version and language switchers of a page. Each entry links to the same page in that
 * version or language when it exists there, else to the first page of the tab of the same name
 * there, else to that tree's first page. A page listed outside every version (language), shared
 * by all their trees, has no switcher to change it.
 */
function switcherMenus(index: SiteIndex, page: SitePage, tree: NavigationTree | undefined, placement: PagePlacement | undefined): SwitcherMenu[] {
  const { versions, languages, trees } = index.site.navigation;
  const result: SwitcherMenu[] = [];
  const ownTabs = tree && index.trees.get(tree);
  const ownTab = ownTabs?.tabs[ownTabs.tabOf.get(page.path) ?? -1]?.label;
  /**
   * The same page there when it is in one of the matching trees (a reader of this page may read
   * it), else its counterpart there (`es/quickstart` for `quickstart`), else their first pages,
   * those of the page's tab first. `from` and `to` name the switched version or language.
   */
  const target = (match: (t: NavigationTree) => boolean, from: string | null | undefined, to: string): LinkTarget[] => {
    const candidates = trees.filter(match);
    const same = candidates.find((t) => page.placements.some((p) => p.version === t.version && p.language === t.language));
    if (same) return [{ url: page.url, access: page.access }];
    const counterpart = index.pages.get(counterpartIn(page.path, from, to, candidates) ?? '');
    if (counterpart) return linkTargets([counterpart]);
    const sameTab = candidates.flatMap((t) => index.trees.get(t)?.tabs.find((tab) => tab.label === ownTab)?.items ?? []);
    const paths = [...pagePaths(sameTab), ...candidates.flatMap((t) => t.order)];
    return linkTargets(paths.flatMap((path) => index.pages.get(path) ?? []));
  };
  if (versions.length > 1 && (placement?.inVersion ?? true)) {
    const current = tree?.version ?? versions.find((v) => v.default)?.name;
    result.push({
      label: 'Version',
      current,
      options: versions.map((v) => ({
        label: v.name,
        targets: orElse(
          target((t) => t.version === v.name && (t.language === tree?.language || languages.length <= 1), current, v.name),
          () => target((t) => t.version === v.name, current, v.name),
        ),
      })),
    });
  }
  if (languages.length > 1 && (placement?.inLanguage ?? true)) {
    const current = tree?.language ?? languages.find((l) => l.default)?.name;
    const available = languages.filter((l) => trees.some((t) => t.language === l.name && (t.version === tree?.version || versions.length <= 1)));
    result.push({
      label: 'Language',
      current,
      options: available.map((l) => ({
        label: l.name,
        targets: target((t) => t.language === l.name && (t.version === tree?.version || versions.length <= 1), current, l.name),
      })),
    });
  }
  return result;
}

/** `first`, or when it is empty what `second` gives. */
function orElse<T>(first: T[], second: () => T[]): T[] {
  return first.length > 0 ? first : second();
}
