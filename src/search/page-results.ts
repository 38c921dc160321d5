// A search's hits grouped by page, as a reader's search box lists them: each page once, its sections under it.
import type { SearchHit, SnippetMarks } from './search-index.js';

/** A matching section of a page, with the words of its snippet that match the query. */
export type SectionResult = Omit<SearchHit, 'title'> & { marks: SnippetMarks };

/** A page with matching sections, the best first. */
export interface PageResult {
  title: string;
  /** The page's URL path. */
  url: string;
  sections: SectionResult[];
}

/**
 * `hits` grouped by page: pages in the order of their best section, sections in rank order within
 * each; `marksOf` marks their snippets (see SearchIndex.highlighter).
 */
export function resultsByPage(hits: readonly Readonly<SearchHit>[], marksOf: (snippet: string) => SnippetMarks): PageResult[] {
  const pages = new Map<string, PageResult>();
  for (const { title, ...section } of hits) {
    const url = pageUrlOf(section.url);
    let page = pages.get(url);
    if (!page) pages.set(url, (page = { title, url, sections: [] }));
    page.sections.push({ ...section, marks: marksOf(section.snippet) });
  }
  return [...pages.values()];
}

/** The page part of a hit's URL (before `#anchor`). */
function pageUrlOf(url: string): string {
  const hash = url.indexOf('#');
  return hash === -1 ? url : url.slice(0, hash);
}
