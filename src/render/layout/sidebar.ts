// The sidebar: the groups and pages of one tab of a tree, rendered once into the bundle's sidebar file.
import type { ElementContent } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { h } from 'hastscript';
import type { NavItem } from '../../site/index.js';
import { accessMark } from './access-marks.js';
import type { SidebarFile } from './sidebar-file.js';
import type { SiteIndex } from './site-index.js';

/** A page link as the serializer writes it (`<a href="…">`: only page links have no other attribute). */
const PAGE_LINK = /<a href="[^"]*">/g;
/** A collapsed group's opening tag (open groups end in ` open>`). */
const CLOSED_GROUP = /<details data-group="(g\d+)">/g;

/**
 * Renders `items` once for every page that shows them. The pages are marked later, by offset
 * (see SidebarFile), so a large site neither re-renders nor repeats its navigation per page.
 */
export function renderSidebar(items: readonly NavItem[], index: SiteIndex): SidebarFile {
  let groupCount = 0;
  /** Page links in document order: the URL and the ids of the collapsed groups that enclose it. */
  const links: { url: string; closed: string[] }[] = [];
  const renderItems = (list: readonly NavItem[], closed: string[]): ElementContent[] =>
    list.flatMap((item): ElementContent[] => {
      // An endpoint whose operation is missing from its spec has no page (validate reports it).
      if (item.type === 'endpoint' && !index.pages.has(item.page)) {
        return [h('li', { className: ['nav-endpoint'] }, [h('span', { className: ['method', `method-${item.method.toLowerCase()}`] }, item.method), h('code', item.path)])];
      }
      if (item.type === 'page' || item.type === 'endpoint') {
        const page = index.pages.get(item.type === 'page' ? item.path : item.page);
        if (!page || page.hidden) return [];
        links.push({ url: page.url, closed });
        const tag = page.frontmatter.tag;
        const label = page.frontmatter.sidebarTitle ?? page.title;
        const method = page.endpoint ? [h('span', { className: ['method', `method-${page.endpoint.method.toLowerCase()}`] }, page.endpoint.method)] : [];
        return [h('li', accessMark(page.access), [h('a', { href: page.url }, [...method, label, ...(tag ? [h('span', { className: ['nav-tag'] }, tag)] : [])])])];
      }
      if (item.type === 'link') return [h('li', [h('a', { href: item.href, className: ['nav-link'] }, item.label)])];
      if (item.hidden) return [];
      const collapsed = item.expanded === false;
      const id = `g${++groupCount}`;
      const children = renderItems(item.children, collapsed ? [...closed, id] : closed);
      const title = [item.label, ...(item.tag ? [h('span', { className: ['nav-tag'] }, item.tag)] : [])];
      return [h('li', { className: ['nav-group'] }, [h('details', { dataGroup: id, open: !collapsed }, [h('summary', title), h('ul', children)])])];
    });
  const html = toHtml(h('ul', { className: ['nav-tree'] }, renderItems(items, [])));
  return { html, pages: pageOffsets(html, links) };
}

/** Where to mark each page of `links` in `html`: its collapsed groups' tag ends, then its link's. A page listed twice is marked where it is first. */
function pageOffsets(html: string, links: readonly { url: string; closed: string[] }[]): Record<string, number[]> {
  const groupEnds = new Map<string, number>();
  for (const match of html.matchAll(CLOSED_GROUP)) groupEnds.set(match[1]!, match.index + match[0].length - 1);
  const linkEnds = [...html.matchAll(PAGE_LINK)].map((match) => match.index + match[0].length - 1);
  if (linkEnds.length !== links.length) throw new Error(`Sidebar has ${linkEnds.length} page links for ${links.length} pages.`);
  const pages: Record<string, number[]> = {};
  links.forEach(({ url, closed }, i) => {
    if (!Object.hasOwn(pages, url)) pages[url] = [...closed.map((id) => groupEnds.get(id)!), linkEnds[i]!];
  });
  return pages;
}
