// Lays a rendered page body out in the site template: header, sidebar, content, table of contents.
import type { ElementContent } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { h } from 'hastscript';
import type { NavigationTree, SiteModel, SitePage } from '../../site/index.js';
import { markdownPath } from '../llms-txt.js';
import { fillTemplate } from '../template.js';
import { apiEndpoint } from './api-endpoint.js';
import { contextualMenu } from './contextual-menu.js';
import { brand, globalLinks, switchers, tabBar } from './header.js';
import { breadcrumbs, pager, tableOfContents } from './page-parts.js';
import { renderSidebar, type Sidebar } from './sidebar.js';
import { indexSite } from './site-index.js';

/** Renders the pages of one site; shared work (navigation, header) is done once per tree and tab. */
export interface SiteLayout {
  /** The full HTML document of a page, laid out in `tree` (undefined for pages outside navigation). */
  page(page: SitePage, tree: NavigationTree | undefined, bodyHtml: string): string;
  /** The 404 page. */
  notFound(): string;
}

export function createSiteLayout(site: SiteModel): SiteLayout {
  const index = indexSite(site);
  const sidebars = new Map<string, Sidebar>();
  const sidebarOf = (tree: NavigationTree, tab: number | undefined): Sidebar => {
    const key = `${site.navigation.trees.indexOf(tree)}:${tab ?? ''}`;
    let sidebar = sidebars.get(key);
    if (!sidebar) {
      const tabs = index.trees.get(tree)!.tabs;
      const items = tab !== undefined ? tabs[tab]!.items : tabs.length > 0 ? tree.items.filter((item) => !(item.type === 'division' && tabs.some((t) => t.items === item.children))) : tree.items;
      sidebars.set(key, (sidebar = renderSidebar(items, index)));
    }
    return sidebar;
  };

  return {
    page(page, tree, bodyHtml) {
      const trees = tree ? index.trees.get(tree) : undefined;
      const tab = trees?.tabOf.get(page.path);
      const description = page.frontmatter.description;
      const content: ElementContent[] = [
        h('article', { className: ['page'] }, [
          ...breadcrumbs(page, tree),
          h('header', { className: ['page-header'] }, [
            h('h1', page.title),
            ...(description ? [h('p', { className: ['page-description'] }, description)] : []),
            ...contextualMenu(site.config, page.url),
          ]),
          ...apiEndpoint(page),
          h('div', { className: ['prose'] }, [{ type: 'raw', value: bodyHtml } as unknown as ElementContent]),
          ...pager(page, tree, index),
        ]),
      ];
      return document(site, {
        title: page.title === site.config.name ? page.title : `${page.title} - ${site.config.name}`,
        lang: page.languages.length === 1 ? page.languages[0]! : (tree?.language ?? defaultLanguage(site)),
        description,
        noindex: page.noindex,
        markdown: markdownPath(page.url),
        header: [brand(site.config), ...tabBar(trees, tab), ...globalLinks(index), ...switchers(index, page, tree)],
        sidebar: tree ? sidebarOf(tree, tab).forPage(page.url) : '',
        content,
        toc: tableOfContents(page),
      });
    },
    notFound() {
      const home = site.pages.find((p) => p.path === 'index')?.url ?? '/';
      return document(site, {
        title: `Page not found - ${site.config.name}`,
        lang: defaultLanguage(site),
        noindex: true,
        header: [brand(site.config), ...globalLinks(index)],
        sidebar: '',
        content: [h('article', { className: ['page', 'not-found'] }, [h('h1', 'Page not found'), h('p', ['This page does not exist or has moved. ', h('a', { href: home }, 'Go to the home page'), ' or try the search.'])])],
        toc: [],
      });
    },
  };
}

interface DocumentParts {
  title: string;
  lang: string;
  description?: string | undefined;
  noindex: boolean;
  /** The page's Markdown version, advertised for agents. */
  markdown?: string;
  header: ElementContent[];
  sidebar: string;
  content: ElementContent[];
  toc: ElementContent[];
}

function document(site: SiteModel, parts: DocumentParts): string {
  const favicon = typeof site.config.favicon === 'string' ? site.config.favicon : site.config.favicon?.light;
  const colors = site.config.colors;
  const style = colors?.primary ? `:root{--primary:${colors.primary};--primary-light:${colors.light ?? colors.primary};--primary-dark:${colors.dark ?? colors.primary}}` : '';
  const head: ElementContent[] = [
    ...(parts.description ? [h('meta', { name: 'description', content: parts.description })] : []),
    ...(parts.noindex ? [h('meta', { name: 'robots', content: 'noindex' })] : []),
    ...(favicon ? [h('link', { rel: 'icon', href: favicon })] : []),
    ...(parts.markdown ? [h('link', { rel: 'alternate', type: 'text/markdown', href: parts.markdown })] : []),
    ...(style ? [h('style', style)] : []),
  ];
  return fillTemplate('page.html', {
    lang: escapeText(parts.lang),
    title: escapeText(parts.title),
    head: toHtml(head),
    header: toHtml(parts.header),
    sidebar: parts.sidebar,
    content: toHtml(parts.content, { allowDangerousHtml: true }),
    toc: toHtml(parts.toc),
    siteName: escapeText(site.config.name),
  });
}

function defaultLanguage(site: SiteModel): string {
  return site.navigation.languages.find((l) => l.default)?.name ?? site.navigation.languages[0]?.name ?? 'en';
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
