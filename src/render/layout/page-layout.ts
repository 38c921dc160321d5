// Lays a rendered page body out in the site template: header, sidebar marker, content, table of contents.
import { createHash, randomUUID } from 'node:crypto';
import type { ElementContent } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { h } from 'hastscript';
import type { PageFeature } from '../../content/index.js';
import { siteIconLibrary } from '../../config/index.js';
import type { NavItem, NavigationTree, SiteModel, SitePage } from '../../site/index.js';
import { DOCSITE_VERSION } from '../../version.js';
import { markdownPath } from '../llms-txt.js';
import { featureHead } from '../feature-assets.js';
import { fillTemplate } from '../template.js';
import { apiEndpoint } from './api-endpoint.js';
import { contextualMenu } from './contextual-menu.js';
import { canonicalUrl, metaTag, pageMetaTags } from './head-tags.js';
import { ASK_AI_BUTTON } from './ask-ai-button.js';
import { globalLinks, searchBox, switchers, tabBar } from './header.js';
import { pageFeedback } from './page-feedback.js';
import { breadcrumbs, pager, tableOfContents, tocDropdown } from './page-parts.js';
import { defaultLanguage, pageInputs, type PageInputs } from './page-inputs.js';
import { renderSidebar, sidebarEntries, type SidebarEntry } from './sidebar.js';
import { sidebarMarker, type SidebarFile } from './sidebar-file.js';
import { indexSite } from './site-index.js';
import { PAGE_TEMPLATE, siteParts, sitePartsKey, type SiteParts } from './site-parts.js';

/**
 * Renders the pages of one site. A page is laid out from its inputs (plain data, see PageInputs),
 * its body and the parts all pages share, so `key` can tell whether a page needs laying out again.
 * Sidebars are not part of pages: each is rendered once (`sidebar`), and a page carries a marker
 * that the runtime replaces with the sidebar marked for that page (see insertSidebar).
 */
export interface SiteLayout {
  /** What the layout of `page` reads, laid out in `tree` (undefined for pages outside navigation). */
  inputs(page: SitePage, tree: NavigationTree | undefined): PageInputs;
  /**
   * A hash of everything the layout of a page reads: its inputs, its body (through `bodyKey`, a
   * hash of what the body is made from) and the shared parts. Equal keys lay out equal pages.
   */
  key(inputs: PageInputs, bodyKey: string): string;
  /** The full HTML document of a page, with a sidebar marker in place of its sidebar. */
  page(inputs: PageInputs, bodyHtml: string): string;
  /**
   * The document of `page` around its body: the HTML before the body and after it. A body held as
   * UTF-8 bytes is written between the two as it is, never decoded and encoded again.
   */
  frame(inputs: PageInputs): PageFrame;
  /** The sidebar named by some page's `inputs.sidebar`. */
  sidebar(key: string): SidebarFile;
  /** A hash of everything that sidebar shows: equal keys render equal sidebars, so a rebuild can skip rendering it. */
  sidebarContentKey(key: string): string;
  /** The 404 page. */
  notFound(): string;
}

/** A page's HTML before its body and after it. */
export type PageFrame = readonly [before: string, after: string];

/** Creates the layout of `site`; shared work (navigation lookups, header parts, sidebars) is done once. */
export function createSiteLayout(site: SiteModel): SiteLayout {
  const index = indexSite(site);
  const parts = siteParts(index);
  const partsKey = sitePartsKey(parts);
  // Stands for the body while the frame is rendered: random, so no title, attribute or style can hold it.
  const bodyMark = `<!--docsite:body ${randomUUID()}-->`;
  /** The JSON text of each tree's tabs: the inputs of its pages share one array (see PageInputs.tabs). */
  const tabTexts = new WeakMap<PageInputs['tabs'], string>();
  const tabsText = (tabs: PageInputs['tabs']): string => {
    let text = tabTexts.get(tabs);
    if (text === undefined) tabTexts.set(tabs, (text = JSON.stringify(tabs)));
    return text;
  };
  /** The tab bar's HTML by tabs and current tab: the pages of one tab of a tree share it. */
  const tabBars = new Map<string, string>();
  const tabBarHtml = (tabs: PageInputs['tabs'], activeTab: number | undefined): string => {
    const key = `${activeTab ?? ''}\0${tabsText(tabs)}`;
    let html = tabBars.get(key);
    if (html === undefined) tabBars.set(key, (html = toHtml(tabBar(tabs, activeTab))));
    return html;
  };
  /** The global links' HTML of each tree: its pages share the array (see PageInputs.globalLinks). */
  const globalHtml = new WeakMap<PageInputs['globalLinks'], string>();
  const globalLinksHtml = (links: PageInputs['globalLinks']): string => {
    let html = globalHtml.get(links);
    if (html === undefined) globalHtml.set(links, (html = toHtml(globalLinks(links))));
    return html;
  };
  /** Sidebar key -> what it shows, for every key some page's inputs named; rendered on first use. */
  const sidebarSources = new Map<string, { tree: NavigationTree; tab: number | undefined; entries?: SidebarEntry[]; file?: SidebarFile }>();
  /** What sidebar `key` shows, worked out on first use. */
  const entriesOf = (key: string): SidebarEntry[] => {
    const source = sidebarSources.get(key);
    if (!source) throw new Error(`No page shows sidebar "${key}".`);
    return (source.entries ??= sidebarEntries(sidebarItems(source.tree, source.tab), index, siteIconLibrary(site.config)));
  };

  return {
    inputs(page, tree) {
      const inputs = pageInputs(index, page, tree);
      if (tree && inputs.sidebar !== undefined && !sidebarSources.has(inputs.sidebar)) sidebarSources.set(inputs.sidebar, { tree, tab: inputs.activeTab });
      return inputs;
    },
    key(inputs, bodyKey) {
      const { tabs, ...rest } = inputs;
      return createHash('sha256')
        .update(partsKey)
        .update('\0')
        .update(bodyKey)
        .update('\0')
        .update(tabsText(tabs))
        .update('\0')
        .update(JSON.stringify(rest))
        .digest('hex');
    },
    page(inputs, bodyHtml) {
      const [before, after] = frame(inputs);
      return `${before}${bodyHtml}${after}`;
    },
    frame,
    sidebar(key) {
      const entries = entriesOf(key);
      const source = sidebarSources.get(key)!;
      return (source.file ??= renderSidebar(entries));
    },
    sidebarContentKey(key) {
      return createHash('sha256')
        .update(DOCSITE_VERSION)
        .update('\0')
        .update(JSON.stringify(entriesOf(key)))
        .digest('hex');
    },
    notFound() {
      const home = site.pages.find((p) => p.path === 'index')?.url ?? '/';
      return document(parts, {
        title: `Page not found - ${parts.name}`,
        lang: defaultLanguage(index),
        noindex: true,
        header: `${parts.brand}${toHtml(searchBox(undefined))}${ASK_AI_BUTTON}${parts.globalLinks}${parts.navbar}${parts.themeToggle}`,
        sidebar: '',
        content: [
          h('article', { className: ['page', 'not-found'] }, [
            h('h1', 'Page not found'),
            h('p', ['This page does not exist or has moved. ', h('a', { href: home }, 'Go to the home page'), ' or search the docs.']),
            // Opens the search dialog with the words of the missing page's path (templates/docsite.js).
            h('button', { type: 'button', className: ['not-found-search', 'js-only'], dataSearchOpen: '', dataSearchPrefill: 'path' }, 'Search for this page'),
          ]),
        ],
        toc: [],
      });
    },
  };

  /** The document of a page around its body (see SiteLayout.frame). */
  function frame(inputs: PageInputs): PageFrame {
    const content: ElementContent[] = [
      h('article', { className: inputs.mode ? ['page', `mode-${inputs.mode}`] : ['page'] }, [
        ...breadcrumbs(inputs.breadcrumbs),
        h('header', { className: ['page-header'] }, [
          h('h1', [
            inputs.title,
            ...(inputs.tag ? [h('span', { className: ['page-tag'] }, inputs.tag)] : []),
            ...(inputs.deprecated ? [h('span', { className: ['page-tag', 'page-deprecated'] }, 'Deprecated')] : []),
          ]),
          ...(inputs.feed?.button ? [h('a', { className: ['page-feed'], href: inputs.feed.url, type: 'application/rss+xml' }, 'RSS')] : []),
          ...(inputs.description ? [h('p', { className: ['page-description'] }, inputs.description)] : []),
          ...contextualMenu(parts.contextual, inputs.url),
        ]),
        ...tocDropdown(inputs.toc),
        ...apiEndpoint(inputs.endpoint, inputs.params, inputs.url),
        h('div', { className: ['prose'] }, [{ type: 'raw', value: bodyMark } as unknown as ElementContent]),
        pageFeedback(inputs.url),
        ...pager(inputs.pager),
      ]),
    ];
    const html = document(parts, {
      title: inputs.title === parts.name ? inputs.title : `${inputs.title} - ${parts.name}`,
      lang: inputs.lang,
      description: inputs.description,
      noindex: inputs.noindex,
      metatags: inputs.metatags,
      markdown: markdownPath(inputs.url),
      ...(inputs.feed ? { feed: inputs.feed.url } : {}),
      canonical: canonicalUrl(parts.canonicalBase, inputs.url),
      header: `${parts.brand}${toHtml(searchBox(versionOf(inputs)))}${ASK_AI_BUTTON}${tabBarHtml(inputs.tabs, inputs.activeTab)}${globalLinksHtml(inputs.globalLinks)}${toHtml(switchers(inputs.switchers))}${parts.navbar}${parts.themeToggle}`,
      sidebar: inputs.sidebar === undefined ? '' : sidebarMarker(inputs.sidebar),
      content,
      toc: tableOfContents(inputs.toc),
      features: inputs.features,
    });
    const at = html.indexOf(bodyMark);
    return [html.slice(0, at), html.slice(at + bodyMark.length)];
  }

  /** The items a sidebar shows: one tab of the tree, or (no tab) what the tree has outside its tabs. */
  function sidebarItems(tree: NavigationTree, tab: number | undefined): readonly NavItem[] {
    const tabs = index.trees.get(tree)!.tabs;
    if (tab !== undefined) return tabs[tab]!.items;
    return tabs.length > 0 ? tree.items.filter((item) => !(item.type === 'division' && tabs.some((t) => t.items === item.children))) : tree.items;
  }
}

/** The version the page is read in: its version switcher's current one; none on a site of one version or a page in every version. */
function versionOf(inputs: PageInputs): string | undefined {
  return inputs.switchers.find((menu) => menu.label === 'Version')?.current;
}

interface DocumentParts {
  title: string;
  lang: string;
  description?: string | undefined;
  noindex: boolean;
  /** The page's own meta tags: `keywords`, `og:*`, `twitter:*` and `article:*`. */
  metatags?: readonly [string, string][];
  /** The page's Markdown version, advertised for agents. */
  markdown?: string;
  /** The page's RSS feed, announced to feed readers. */
  feed?: string;
  /** The page's canonical URL (see HeadTags.canonicalBase). */
  canonical?: string | undefined;
  /** The header's content, as HTML. */
  header: string;
  /** The sidebar marker, or nothing. */
  sidebar: string;
  content: ElementContent[];
  toc: ElementContent[];
  /** Math and diagrams the page holds, whose assets its head loads. */
  features?: readonly PageFeature[];
}

function document(site: SiteParts, parts: DocumentParts): string {
  const head: ElementContent[] = [
    ...(parts.description ? [h('meta', { name: 'description', content: parts.description })] : []),
    ...(parts.noindex ? [h('meta', { name: 'robots', content: 'noindex' })] : []),
    ...(parts.canonical ? [h('link', { rel: 'canonical', href: parts.canonical })] : []),
    ...pageMetaTags(
      site.meta,
      (parts.metatags ?? []).map(([key, content]) => metaTag(key, content)),
    ).map(({ attribute, key, content }) => h('meta', { [attribute]: key, content })),
    ...(site.favicon ? [h('link', { rel: 'icon', href: site.favicon })] : []),
    ...(parts.markdown ? [h('link', { rel: 'alternate', type: 'text/markdown', href: parts.markdown })] : []),
    ...(parts.feed ? [h('link', { rel: 'alternate', type: 'application/rss+xml', title: parts.title, href: parts.feed })] : []),
    ...featureHead(parts.features ?? []),
  ];
  return fillTemplate(PAGE_TEMPLATE, {
    lang: escapeText(parts.lang),
    rootAttributes: site.rootAttributes,
    title: escapeText(parts.title),
    head: `${toHtml(head)}${site.head}`,
    styles: site.styles,
    scripts: site.scripts,
    banner: site.banner,
    header: parts.header,
    sidebar: parts.sidebar,
    content: toHtml(parts.content, { allowDangerousHtml: true }),
    toc: toHtml(parts.toc),
    footer: site.footer,
    siteName: escapeText(site.name),
  });
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
