// A search's hits grouped by page, as a reader's search box lists them: each page once, its sections under it.
import type { SearchHit } from './search-index.js';

/** A matching section of a page. */
export type SectionResult = Omit<SearchHit, 'title'>;

/** A page with matching sections, the best first. */
export interface PageResult {
  title: string;
  /** The page's URL path. */
  url: string;
  sections: SectionResult[];
}

/** `hits` grouped by page: pages in the order of their best section, sections in rank order within each. */
export function resultsByPage(hits: readonly Readonly<SearchHit>[]): PageResult[] {
  const pages = new Map<string, PageResult>();
  for (const { title, ...section } of hits) {
    const url = pageUrlOf(section.url);
    let page = pages.get(url);
    if (!page) pages.set(url, (page = { title, url, sections: [] }));
    page.sections.push(section);
  }
  return [...pages.values()];
}

/** The page part of a hit's URL (before `#anchor`). */
function pageUrlOf(url: string): string {
  const hash = url.indexOf('#');
  return hash === -1 ? url : url.slice(0, hash);
}
