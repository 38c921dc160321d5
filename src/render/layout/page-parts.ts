// The parts around a page's body: breadcrumbs, table of contents, previous/next links.
import type { Element, ElementContent } from 'hast';
import { h } from 'hastscript';
import { accessMark, choiceMark } from './access-marks.js';
import type { PagerLink, TocEntry } from './page-inputs.js';

/** The labels of the divisions above the page, outermost first. */
export function breadcrumbs(labels: readonly string[]): ElementContent[] {
  if (labels.length === 0) return [];
  return [
    h('nav', { className: ['breadcrumbs'], ariaLabel: 'Breadcrumbs' }, [
      h(
        'ol',
        labels.map((label) => h('li', label)),
      ),
    ]),
  ];
}

/** "On this page": the page's second- and third-level headings, beside the page. */
export function tableOfContents(entries: readonly TocEntry[]): ElementContent[] {
  if (entries.length === 0) return [];
  return [h('p', { className: ['toc-title'] }, 'On this page'), tocList(entries)];
}

/** The same list above the page, folded, for screens too narrow for the column beside it. */
export function tocDropdown(entries: readonly TocEntry[]): ElementContent[] {
  if (entries.length === 0) return [];
  return [h('details', { className: ['toc-dropdown'] }, [h('summary', 'On this page'), tocList(entries)])];
}

function tocList(entries: readonly TocEntry[]): Element {
  return h(
    'ul',
    entries.map((entry) => h('li', { className: [`toc-depth-${entry.depth}`] }, [h('a', { href: `#${entry.id}` }, entry.text)])),
  );
}

/** Previous and next links: per `rel`, its candidates, marked with the access of the pages they lead to (see PagerLink). */
export function pager(links: readonly PagerLink[]): ElementContent[] {
  if (links.length === 0) return [];
  return [
    h(
      'nav',
      { className: ['pager'], ariaLabel: 'Previous and next pages' },
      links.map((link) => {
        const [label, className] = link.rel === 'prev' ? ['Previous', 'pager-previous'] : ['Next', 'pager-next'];
        return h('a', { ...accessMark(link.access), ...choiceMark(link.rel), className: [className], href: link.url, rel: link.rel }, [
          h('span', { className: ['pager-label'] }, label),
          h('span', link.label),
        ]);
      }),
    ),
  ];
}
