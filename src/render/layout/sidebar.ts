// The sidebar: the groups and pages of one tab of a tree, rendered once and marked per page.
import type { Element, ElementContent } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { h } from 'hastscript';
import type { NavItem } from '../../site/index.js';
import { accessMark } from './access-marks.js';
import type { SiteIndex } from './site-index.js';

/**
 * A sidebar rendered once for every page that shows it. Per page, `forPage` marks the current
 * link and opens the collapsed groups around it with two string edits, so a large site does
 * not re-render its navigation for each of its pages.
 */
export interface Sidebar {
  forPage(url: string): string;
}

export function renderSidebar(items: readonly NavItem[], index: SiteIndex): Sidebar {
  let groupCount = 0;
  /** Page URL -> ids of the collapsed groups that enclose it. */
  const enclosing = new Map<string, string[]>();
  const renderItems = (list: readonly NavItem[], closed: string[]): ElementContent[] =>
    list.flatMap((item): ElementContent[] => {
      // An endpoint whose operation is missing from its spec has no page (validate reports it).
      if (item.type === 'endpoint' && !index.pages.has(item.page)) {
        return [h('li', { className: ['nav-endpoint'] }, [h('span', { className: ['method', `method-${item.method.toLowerCase()}`] }, item.method), h('code', item.path)])];
      }
      if (item.type === 'page' || item.type === 'endpoint') {
        const page = index.pages.get(item.type === 'page' ? item.path : item.page);
        if (!page || page.hidden) return [];
        enclosing.set(page.url, closed);
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
  const tree: Element = h('ul', { className: ['nav-tree'] }, renderItems(items, []));
  const html = toHtml(tree);
  return {
    forPage(url) {
      const link = openingTag(h('a', { href: url }));
      let marked = html.replace(link, `${link.slice(0, -1)} aria-current="page">`);
      for (const id of enclosing.get(url) ?? []) marked = marked.replace(`<details data-group="${id}">`, `<details data-group="${id}" open>`);
      return marked;
    },
  };
}

/** The opening tag of an element exactly as the sidebar's serializer writes it. */
function openingTag(element: Element): string {
  const html = toHtml(element);
  return html.slice(0, html.indexOf('>') + 1);
}
