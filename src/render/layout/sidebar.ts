// The sidebar: the groups and pages of one tab of a tree, as plain data (what it shows) and rendered once into the bundle's sidebar file.
import type { ElementContent } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { h } from 'hastscript';
import type { NavItem, PageAccess } from '../../site/index.js';
import type { IconLibrary, IconRequest } from '../../icons/index.js';
import { icon } from '../components/icon.js';
import { safeUrl } from '../jsx-props.js';
import { accessMark } from './access-marks.js';
import type { SidebarFile } from './sidebar-file.js';
import type { SiteIndex } from './site-index.js';

/** One entry of a sidebar: everything its HTML is made from, so equal entries render equal HTML. */
export type SidebarEntry =
  | { kind: 'page'; url: string; label: string; method?: string; tag?: string; deprecated?: true; icon?: EntryIcon; access: PageAccess }
  /** An endpoint whose operation is missing from its spec: shown, but it has no page (validate reports it). */
  | { kind: 'missing-endpoint'; method: string; path: string }
  /** A link out: a navigation link, or a page whose frontmatter `url` sends its entry elsewhere. */
  | { kind: 'link'; href: string; label: string; icon?: EntryIcon }
  | { kind: 'group'; label: string; tag?: string; icon?: EntryIcon; collapsed: boolean; children: SidebarEntry[] };

/**
 * A sidebar entry's icon (a page's frontmatter `icon` and `iconType`, a group's or link's docs.json
 * `icon`) with the library it is drawn from settled, so that entries equal as data draw equal icons.
 */
export type EntryIcon = IconRequest & { library: IconLibrary };

/** A page link as the serializer writes it (`<a href="…">`: only page links have no other attribute). */
const PAGE_LINK = /<a href="[^"]*">/g;
/** A collapsed group's opening tag (open groups end in ` open>`). */
const CLOSED_GROUP = /<details data-group="(g\d+)">/g;

/** What a sidebar of `items` shows: hidden pages and groups left out, labels, marks and icons resolved (icon names from `library` unless they say otherwise). */
export function sidebarEntries(items: readonly NavItem[], index: SiteIndex, library: IconLibrary): SidebarEntry[] {
  const withIcon = (request: IconRequest | undefined): { icon?: EntryIcon } =>
    request ? { icon: { name: request.name, ...(request.style ? { style: request.style } : {}), library: request.library ?? library } } : {};
  return items.flatMap((item): SidebarEntry[] => {
    if (item.type === 'endpoint' && !index.pages.has(item.page)) return [{ kind: 'missing-endpoint', method: item.method, path: item.path }];
    if (item.type === 'page' || item.type === 'endpoint') {
      const page = index.pages.get(item.type === 'page' ? item.path : item.page);
      if (!page || page.hidden) return [];
      const { tag, sidebarTitle, deprecated, hideApiMarker, url, icon, iconType } = page.frontmatter;
      const label = sidebarTitle ?? page.title;
      const entryIcon = withIcon(icon ? { name: icon, style: iconType } : undefined);
      // validate refuses a script URL (link/script-url); such an entry stays a plain page link.
      const href = url ? safeUrl(url) : undefined;
      if (href) return [{ kind: 'link', href, label, ...entryIcon }];
      return [
        {
          kind: 'page',
          url: page.url,
          label,
          ...(page.endpoint && hideApiMarker !== true ? { method: page.endpoint.method } : {}),
          ...(tag ? { tag } : {}),
          ...(deprecated === true ? { deprecated: true as const } : {}),
          ...entryIcon,
          access: page.access,
        },
      ];
    }
    if (item.type === 'link') return [{ kind: 'link', href: item.href, label: item.label, ...withIcon(item.icon) }];
    if (item.hidden) return [];
    return [
      {
        kind: 'group',
        label: item.label,
        ...(item.tag ? { tag: item.tag } : {}),
        ...withIcon(item.icon),
        collapsed: item.expanded === false,
        children: sidebarEntries(item.children, index, library),
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
  const deprecatedBadge = (deprecated: boolean | undefined): ElementContent[] =>
    deprecated ? [h('span', { className: ['nav-tag', 'nav-deprecated'] }, 'Deprecated')] : [];
  const entryIcon = (given: EntryIcon | undefined): ElementContent[] => {
    const drawn = given && icon(given, given.library);
    return drawn ? [drawn] : [];
  };
  const renderEntries = (list: readonly SidebarEntry[], closed: string[]): ElementContent[] =>
    list.map((entry): ElementContent => {
      switch (entry.kind) {
        case 'missing-endpoint':
          return h('li', { className: ['nav-endpoint'] }, [methodBadge(entry.method), h('code', entry.path)]);
        case 'page':
          links.push({ url: entry.url, closed });
          return h('li', accessMark(entry.access), [
            h('a', { href: entry.url }, [
              ...entryIcon(entry.icon),
              ...(entry.method ? [methodBadge(entry.method)] : []),
              entry.label,
              ...tagBadge(entry.tag),
              ...deprecatedBadge(entry.deprecated),
            ]),
          ]);
        case 'link':
          return h('li', [h('a', { href: entry.href, className: ['nav-link'] }, [...entryIcon(entry.icon), entry.label])]);
        default: {
          const id = `g${++groupCount}`;
          const children = renderEntries(entry.children, entry.collapsed ? [...closed, id] : closed);
          return h('li', { className: ['nav-group'] }, [
            h('details', { dataGroup: id, open: !entry.collapsed }, [
              h('summary', [...entryIcon(entry.icon), entry.label, ...tagBadge(entry.tag)]),
              h('ul', children),
            ]),
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
