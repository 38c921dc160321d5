// Turns the site's pages into search records: one per section of every indexed page.
import type { PageAccess, SitePage } from '../site/index.js';

/** The part of a site page that search reads. */
export type SearchablePage = Pick<SitePage, 'path' | 'url' | 'title' | 'sections' | 'versions' | 'languages' | 'searchable' | 'access'> &
  Partial<Pick<SitePage, 'keywords' | 'boost'>>;

/** One searchable unit: a section of a page, with everything needed to filter and show it. */
export interface SearchRecord {
  /** Deterministic: `<page path>#<anchor>`, or the page path for the text before the first heading. */
  id: string;
  /** Title of the page the section belongs to. */
  title: string;
  /** The page URL, with `#<anchor>` unless the section is the page's introduction. */
  url: string;
  /** Headings from the outermost to the section's own; empty for the introduction. */
  headingPath: string[];
  text: string;
  /** Versions the page belongs to; empty means all versions. */
  versions: string[];
  /** Languages the page is in; empty means all languages. */
  languages: string[];
  access: PageAccess;
  /** The page's `keywords`: searched like its title, never shown. Absent when none. */
  keywords?: string[];
  /** The page's ranking multiplier; absent for 1. */
  boost?: number;
}

/**
 * The search records of `pages`: pages with `searchable: false` never enter the index. A page
 * without any section still gets one record, so that its title can be found.
 */
export function recordsOf(pages: readonly SearchablePage[]): SearchRecord[] {
  const records: SearchRecord[] = [];
  for (const page of pages) {
    if (!page.searchable) continue;
    const weights = {
      ...(page.keywords?.length ? { keywords: [...page.keywords] } : {}),
      ...(page.boost !== undefined && page.boost !== 1 ? { boost: page.boost } : {}),
    };
    const sections = page.sections.length > 0 ? page.sections : [{ anchor: null, headingPath: [], text: '' }];
    const ids = new Set<string>();
    for (const section of sections) {
      const base = section.anchor === null ? page.path : `${page.path}#${section.anchor}`;
      let id = base;
      for (let n = 2; ids.has(id); n++) id = `${base}~${n}`;
      ids.add(id);
      records.push({
        id,
        title: page.title,
        url: section.anchor === null ? page.url : `${page.url}#${section.anchor}`,
        headingPath: [...section.headingPath],
        text: section.text,
        versions: [...page.versions],
        languages: [...page.languages],
        access: { public: page.access.public, groups: [...page.access.groups] },
        ...weights,
      });
    }
  }
  return records;
}
