// The sidebar: the groups and pages of one tab of a tree, as plain data (what it shows) and rendered once into the bundle's sidebar file.
import type { ElementContent } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { h } from 'hastscript';
import type { NavItem, PageAccess } from '../../site/index.js';
import { accessMark } from './access-marks.js';
import type { SidebarFile } from './sidebar-file.js';
import type { SiteIndex } from './site-index.js';

/** One entry of a sidebar: everything its HTML is made from, so equal entries render equal HTML. */
export type SidebarEntry =
  | { kind: 'page'; url: string; label: string; method?: string; tag?: string; access: PageAccess }
  /** An endpoint whose operation is missing from its spec: shown, but it has no page (validate reports it). */
  | { kind: 'missing-endpoint'; method: string; path: string }
  | { kind: 'link'; href: string; label: string }
  | { kind: 'group'; label: string; tag?: string; collapsed: boolean; children: SidebarEntry[] };

/** A page link as the serializer writes it (`<a href="…">`: only page links have no other attribute). */
const PAGE_LINK = /<a href="[^"]*">/g;
/** A collapsed group's opening tag (open groups end in ` open>`). */
const CLOSED_GROUP = /<details data-group="(g\d+)">/g;

/** What a sidebar of `items` shows: hidden pages and groups left out, labels and marks resolved. */
export function sidebarEntries(items: readonly NavItem[], index: SiteIndex): SidebarEntry[] {
  return items.flatMap((item): SidebarEntry[] => {
    if (item.type === 'endpoint' && !index.pages.has(item.page)) return [{ kind: 'missing-endpoint', method: item.method, path: item.path }];
    if (item.type === 'page' || item.type === 'endpoint') {
      const page = index.pages.get(item.type === 'page' ? item.path : item.page);
      if (!page || page.hidden) return [];
      const { tag, sidebarTitle } = page.frontmatter;
      return [
        {
          kind: 'page',
          url: page.url,
          label: sidebarTitle ?? page.title,
          ...(page.endpoint ? { method: page.endpoint.method } : {}),
          ...(tag ? { tag } : {}),
          access: page.access,
        },
      ];
    }
    if (item.type === 'link') return [{ kind: 'link', href: item.href, label: item.label }];
    if (item.hidden) return [];
    return [
      {
        kind: 'group',
        label: item.label,
        ...(item.tag ? { tag: item.tag } : {}),
        collapsed: item.expanded === false,
        children: sidebarEntries(item.children, index),
      },
    ];
  });
}

/**
 * Renders a sidebar once for every page that shows it. The pages are marked later, by offset
 * (see SidebarFile), so a large site neither re-renders nor repeats its navigation per page.
 */
export function renderSidebar(entries: readonly SidebarEntry[]): SidebarFile {
  let groupCount = 0;
  /** Page links in document order: the URL and the ids of the collapsed groups that enclose it. */
  const links: { url: string; closed: string[] }[] = [];
  const methodBadge = (method: string): ElementContent => h('span', { className: ['method', `method-${method.toLowerCase()}`] }, method);
  const tagBadge = (tag: string | undefined): ElementContent[] => (tag ? [h('span', { className: ['nav-tag'] }, tag)] : []);
  const renderEntries = (list: readonly SidebarEntry[], closed: string[]): ElementContent[] =>
    list.map((entry): ElementContent => {
      switch (entry.kind) {
        case 'missing-endpoint':
          return h('li', { className: ['nav-endpoint'] }, [methodBadge(entry.method), h('code', entry.path)]);
        case 'page':
          links.push({ url: entry.url, closed });
          return h('li', accessMark(entry.access), [
            h('a', { href: entry.url }, [...(entry.method ? [methodBadge(entry.method)] : []), entry.label, ...tagBadge(entry.tag)]),
          ]);
        case 'link':
          return h('li', [h('a', { href: entry.href, className: ['nav-link'] }, entry.label)]);
        default: {
          const id = `g${++groupCount}`;
          const children = renderEntries(entry.children, entry.collapsed ? [...closed, id] : closed);
          return h('li', { className: ['nav-group'] }, [
            h('details', { dataGroup: id, open: !entry.collapsed }, [h('summary', [entry.label, ...tagBadge(entry.tag)]), h('ul', children)]),
          ]);
        }
      }
    });
  const html = toHtml(h('ul', { className: ['nav-tree'] }, renderEntries(entries, [])));
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
