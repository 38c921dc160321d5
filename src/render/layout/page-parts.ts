// The parts around a page's body: breadcrumbs, table of contents, previous/next links.
import type { ElementContent } from 'hast';
import { h } from 'hastscript';
import type { NavigationTree, SitePage } from '../../site/index.js';
import { accessMark } from './access-marks.js';
import type { SiteIndex } from './site-index.js';

export function breadcrumbs(page: SitePage, tree: NavigationTree | undefined): ElementContent[] {
  const placement = page.placements.find((p) => p.version === tree?.version && p.language === tree?.language);
  if (!placement || placement.breadcrumbs.length === 0) return [];
  return [h('nav', { className: ['breadcrumbs'], ariaLabel: 'Breadcrumbs' }, [h('ol', placement.breadcrumbs.map((label) => h('li', label)))])];
}

/** "On this page": the page's second- and third-level headings. */
export function tableOfContents(page: SitePage): ElementContent[] {
  const headings = page.headings.filter((heading) => heading.depth === 2 || heading.depth === 3);
  if (headings.length === 0) return [];
  return [
    h('p', { className: ['toc-title'] }, 'On this page'),
    h('ul', headings.map((heading) => h('li', { className: [`toc-depth-${heading.depth}`] }, [h('a', { href: `#${heading.id}` }, heading.text)]))),
  ];
}

/** Previous and next pages in the reading order of the page's tree, skipping hidden pages. */
export function pager(page: SitePage, tree: NavigationTree | undefined, index: SiteIndex): ElementContent[] {
  const placement = page.placements.find((p) => p.version === tree?.version && p.language === tree?.language);
  if (!tree || !placement) return [];
  const neighbour = (step: -1 | 1): SitePage | undefined => {
    for (let i = placement.index + step; i >= 0 && i < tree.order.length; i += step) {
      const candidate = index.pages.get(tree.order[i]!);
      if (candidate && !candidate.hidden) return candidate;
    }
    return undefined;
  };
  const links = ([[-1, 'Previous', 'pager-previous'], [1, 'Next', 'pager-next']] as const).flatMap(([step, label, className]) => {
    const target = neighbour(step);
    return target ? [h('a', { ...accessMark(target.access), className: [className], href: target.url, rel: step < 0 ? 'prev' : 'next' }, [h('span', { className: ['pager-label'] }, label), h('span', target.frontmatter.sidebarTitle ?? target.title)])] : [];
  });
  return links.length ? [h('nav', { className: ['pager'], ariaLabel: 'Previous and next pages' }, links)] : [];
}
