// The JSON form of a search index, as the build writes it into the bundle and the runtime reads it.
/** Identifies the file's contents. */
export const INDEX_FORMAT = 'docsite-search-index';
/** Bumped whenever the layout below or the FlexSearch options change. */
export const INDEX_FORMAT_VERSION = 3;

/** A page that has sections in the index. */
export interface SerializedPage {
  title: string;
  /** Page URL without anchor. */
  url: string;
  /** Multiplier of the scores of the page's sections (frontmatter `boost`); absent for 1. */
  boost?: number;
}

/** One section; its position in `sections` is its FlexSearch id. */
export interface SerializedSection {
  /** Position of the section's page in `pages`. */
  page: number;
  /** Anchor of the section's heading; null for the page's introduction. */
  anchor: string | null;
  headingPath: string[];
  text: string;
}

/** A whole search index as plain JSON. Sections of a page are adjacent, in page order. */
export interface SerializedIndex {
  format: typeof INDEX_FORMAT;
  version: number;
  pages: SerializedPage[];
  sections: SerializedSection[];
  /** Every indexed term, sorted: the source of prefix matches. */
  vocabulary: string[];
  /**
   * FlexSearch's own export, `[key, data]` in the order it produced them, `data` parsed from the
   * JSON text FlexSearch wrote: reading a file is then one JSON.parse, not one more per entry.
   */
  flexsearch: [string, unknown[]][];
}

/** Throws unless `value` looks like an index this version of docsite wrote. */
export function assertSerializedIndex(value: unknown): asserts value is SerializedIndex {
  const v = value as Partial<SerializedIndex> | null;
  if (typeof v !== 'object' || v === null || v.format !== INDEX_FORMAT) throw new Error('search index: not a docsite search index');
  if (v.version !== INDEX_FORMAT_VERSION) {
    throw new Error(`search index: format version ${String(v.version)} is not supported (expected ${INDEX_FORMAT_VERSION}); rebuild the site`);
  }
  if (!Array.isArray(v.pages) || !Array.isArray(v.sections) || !Array.isArray(v.vocabulary) || !Array.isArray(v.flexsearch)) {
    throw new Error('search index: missing pages, sections, vocabulary or flexsearch data');
  }
  for (const section of v.sections) {
    if (typeof section?.page !== 'number' || v.pages[section.page] === undefined) throw new Error('search index: a section points to no page');
  }
}
