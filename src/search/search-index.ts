// The search index: built from records at build time, exported to JSON, loaded and queried at runtime.
import type { Encoder } from 'flexsearch';
import { createSectionDocument, type SectionDocument } from './flex-document.js';
import { mergeParts } from './merge-parts.js';
import { PostingLists } from './posting-lists.js';
import { MAX_QUERY_LENGTH, type QueryTerm, queryTermsOf } from './query-terms.js';
import { PROMINENT_FROM, type RankedSection, rankSections, RankingScratch } from './ranking.js';
import { SectionLanguages } from './query-language.js';
import { accessTagsOf, type Reader } from './reader.js';
import { RecentResults } from './recent-results.js';
import type { SearchRecord } from './records.js';
import { assertSerializedIndex, INDEX_FORMAT, INDEX_FORMAT_VERSION, type SerializedIndex, type SerializedPage, type SerializedSection } from './serialized.js';
import { matchedRanges, snippetOf, wordMatcher, type WordMatcher } from './snippet.js';
import { bitsOfMask } from './section-bits.js';
import { SectionMasks } from './tag-mask.js';
import { languageTags, scopeTags, tagFilterOf, type TagFilter } from './tags.js';
import { compareCodeUnits, Vocabulary } from './vocabulary.js';

/** Result count when a query gives none, and the most a query may ask for. */
export const SEARCH_LIMIT = { default: 10, max: 50 } as const;

/** How to run a query. */
export interface SearchOptions {
  /** Who is searching: decides which pages may appear at all. */
  reader: Reader;
  /** Only content tagged with this version or with no version (available in all versions). */
  version?: string | undefined;
  /**
   * Only content in this language or with no language (available in all languages). When absent
   * on a site in several languages, the language the query is written in (see SectionLanguages),
   * and any language only when that one has no match.
   */
  language?: string | undefined;
  /** At most this many hits; default 10, at most 50. */
  limit?: number | undefined;
}

/** How an index is kept in memory. */
export interface IndexOptions {
  /** Distinct searches whose hits are remembered (see RecentResults); 0 ranks every search anew. Default 500. */
  recentResults?: number;
}

/** One matching section. */
export interface SearchHit {
  /** Title of the page. */
  title: string;
  /** URL path of the section: the page URL plus `#anchor` (none for the page introduction). */
  url: string;
  /** Headings leading to the section; empty for the page introduction. */
  headingPath: string[];
  /** About 200 characters of the section around the first match, `…` where cut. */
  snippet: string;
}

/** A hit's place as a reader names it: "Page › Heading › Subheading", a heading that repeats the one before it left out. */
export function hitHeading(hit: Readonly<SearchHit>): string {
  return [hit.title, ...hit.headingPath].filter((part, i, all) => i === 0 || part !== all[i - 1]).join(' › ');
}

/** Where the words of a snippet that match the query start and end (UTF-16 offsets), for highlighting. */
export type SnippetMarks = [start: number, end: number][];

/** A full-text index over the sections of a site's indexed pages. */
export class SearchIndex {
  private readonly leads: Uint8Array;
  private readonly leadBits: Int32Array;
  private readonly boosts: Float64Array | null;
  private readonly scratch: RankingScratch;
  private readonly masks: SectionMasks;
  private readonly postings: PostingLists;
  /** The sections' languages, to pick a query's language; null on a site in one language. */
  private readonly languages: SectionLanguages | null;
  private readonly recent: RecentResults<SearchHit>;
  /** Section ids by hit URL, built on the first `sectionText` call. */
  private byUrl: Map<string, number> | undefined;

  private constructor(
    private readonly document: SectionDocument,
    private readonly encoder: Encoder,
    private readonly vocabulary: Vocabulary,
    private readonly pages: readonly SerializedPage[],
    private readonly sections: readonly SerializedSection[],
    options: IndexOptions,
  ) {
    this.leads = new Uint8Array(sections.length);
    for (const [id, s] of sections.entries()) this.leads[id] = id === 0 || sections[id - 1]!.page !== s.page ? 1 : 0;
    this.leadBits = bitsOfMask(this.leads);
    // A boost multiplies the weight of a page's matches by its square root: Mintlify's own docs
    // boost most pages 3x, and a full 3x on matches let a boosted page that mentions the words
    // outrank the unboosted page titled with them. The order among equal matches is the boosts'.
    this.boosts = pages.some((p) => p.boost !== undefined) ? Float64Array.from(sections, (s) => Math.sqrt(pages[s.page]!.boost ?? 1)) : null;
    this.scratch = new RankingScratch(sections.length);
    this.masks = new SectionMasks(document, sections.length);
    this.postings = new PostingLists(document, sections.length);
    this.languages = SectionLanguages.of(document, sections.length);
    this.recent = new RecentResults(options.recentResults);
  }

  /**
   * Indexes `records` (see `recordsOf`). The result does not depend on the order of pages in
   * `records`, only on their content: sections are kept in page URL order, then record order.
   * Throws on two records with the same id.
   */
  static build(records: readonly SearchRecord[], options: IndexOptions = {}): SearchIndex {
    const ordered = inPageOrder(records);
    let terms: Set<string> | null = new Set<string>();
    const { document, encoder } = createSectionDocument((found) => {
      if (terms) for (const term of found) terms.add(term);
    });
    const pages: SerializedPage[] = [];
    const sections: SerializedSection[] = [];
    ordered.forEach(({ record, page: url, anchor }, id) => {
      const lead = pages[pages.length - 1]?.url !== url;
      if (lead) pages.push({ title: record.title, url, ...(record.boost ? { boost: record.boost } : {}) });
      sections.push({ page: pages.length - 1, anchor, headingPath: [...record.headingPath], text: record.text });
      document.add({
        id,
        title: record.title,
        // Keywords weigh as a heading of the page's first section: they find the page, but the
        // title says what it is about ("google analytics" is a keyword of the integrations list,
        // the title of the Google Analytics page).
        heading: lead && record.keywords ? [...record.headingPath, ...record.keywords].join(' ') : record.headingPath.join(' '),
        text: record.text,
        version: scopeTags(record.versions),
        language: scopeTags(record.languages),
        access: accessTagsOf(record.access),
      });
    });
    const vocabulary = Vocabulary.of(terms);
    terms = null;
    return new SearchIndex(document, encoder, vocabulary, pages, sections, options);
  }

  /**
   * Reads an index written by `export()` (after JSON parsing), or several such parts over
   * disjoint pages (see `partitionRecords`), without indexing anything again: the parts answer
   * exactly as one index built from all their records. Throws when a part is not an index of
   * this format version. The index takes `serialized` over: pass data parsed for it alone.
   */
  static async load(serialized: unknown, options: IndexOptions = {}): Promise<SearchIndex> {
    const parts = Array.isArray(serialized) ? serialized : [serialized];
    for (const part of parts) assertSerializedIndex(part);
    const merged = mergeParts(parts as SerializedIndex[]);
    const { document, encoder } = createSectionDocument();
    // FlexSearch's import takes parsed data as well as JSON text (its typings name only text).
    for (const [key, data] of merged.flexsearch) await Promise.resolve(document.import(key, data as unknown as string));
    return new SearchIndex(document, encoder, Vocabulary.fromSorted(merged.vocabulary), merged.pages, merged.sections, options);
  }

  /** Number of sections in the index. */
  get size(): number {
    return this.sections.length;
  }

  /** The index as plain JSON data; the same records always give the same JSON text. */
  export(): SerializedIndex {
    const flexsearch: [string, unknown[]][] = [];
    // Without a worker or an async callback, FlexSearch exports synchronously.
    this.document.export((key, data) => void flexsearch.push([key, JSON.parse(data) as unknown[]]));
    return {
      format: INDEX_FORMAT,
      version: INDEX_FORMAT_VERSION,
      pages: this.pages.map((p) => ({ ...p })),
      sections: this.sections.map((s) => ({ ...s, headingPath: [...s.headingPath] })),
      vocabulary: [...this.vocabulary.terms],
      flexsearch,
    };
  }

  /**
   * The sections matching `query` that `options.reader` may read, most relevant first. Words
   * match case-insensitively and by prefix ("webhook" finds "webhooks"); rare words weigh more
   * than common ones; matching more of the query, having it in the page title, and matching in
   * the title rather than a heading or the body each rank a section higher (see rankSections). Pages the reader may not read never appear. A search repeated while its results
   * are remembered (see IndexOptions) gets the same, frozen, hits.
   */
  search(query: string, options: SearchOptions): readonly Readonly<SearchHit>[] {
    // Only the start of a long query counts (see queryTermsOf): remembering the rest would cost memory for nothing.
    const text = query.slice(0, MAX_QUERY_LENGTH);
    const filter = tagFilterOf(options);
    const limit = limitOf(options.limit);
    return this.recent.get(text, filter, limit, () => this.rank(text, filter, limit));
  }

  private rank(query: string, filter: TagFilter, limit: number): SearchHit[] {
    const terms = this.termsOf(query);
    if (terms.length === 0) return [];
    const input = {
      postings: this.postings,
      leads: this.leads,
      leadBits: this.leadBits,
      prominentFrom: PROMINENT_FROM,
      boosts: this.boosts,
      scratch: this.scratch,
    };
    let ranked: RankedSection[] = [];
    if (filter.language === undefined && this.languages) {
      // Pages in other languages answer an English question with the same words: readers want theirs.
      const language = this.languages.queryLanguage(terms, this.postings);
      ranked = rankSections(input, terms, this.masks.of({ ...filter, language: languageTags(language) }), limit);
    }
    if (ranked.length === 0) ranked = rankSections(input, terms, this.masks.of(filter), limit);
    const matches = this.matcherOf(terms);
    return ranked.map(({ id, inText }) => this.hit(id, matches, inText));
  }

  /**
   * What marks the words of a hit's snippet that match `query`, for a reader's search box to
   * highlight. Hits leave marks out: most searches are an agent's, which shows none.
   */
  highlighter(query: string): (snippet: string) => SnippetMarks {
    const matches = this.matcherOf(this.termsOf(query.slice(0, MAX_QUERY_LENGTH)));
    return (snippet) => matchedRanges(snippet, matches);
  }

  /**
   * The query's terms that some section holds. A word no page has matches nothing and weighs
   * nothing. Left out, a long question with words the site never uses ("… with ssl for my staging
   * environment") stays short enough for the closer pruning by match codes (see MAX_PRUNED_TERMS).
   */
  private termsOf(query: string): QueryTerm[] {
    return queryTermsOf(query, this.encoder, this.vocabulary).filter((t) => t.words.length > 0);
  }

  private matcherOf(terms: readonly QueryTerm[]): WordMatcher {
    return wordMatcher(
      terms.flatMap((t) => t.words.map((w) => w.word)),
      (word) => this.encoder.encode(word),
    );
  }

  /**
   * The whole text of the section at `url` (a hit's `url`: page URL plus `#anchor`, none for the
   * introduction), e.g. to give a language model more than the snippet; undefined when none.
   */
  sectionText(url: string): string | undefined {
    this.byUrl ??= new Map(this.sections.map((s, id) => [s.anchor === null ? this.pages[s.page]!.url : `${this.pages[s.page]!.url}#${s.anchor}`, id]));
    const id = this.byUrl.get(url);
    return id === undefined ? undefined : this.sections[id]!.text;
  }

  /** The hit for section `id`; `matches` tells the words of its text that match the query, `inText` whether any does. */
  private hit(id: number, matches: WordMatcher, inText: boolean): SearchHit {
    const section = this.sections[id]!;
    const page = this.pages[section.page]!;
    return {
      title: page.title,
      url: section.anchor === null ? page.url : `${page.url}#${section.anchor}`,
      headingPath: [...section.headingPath],
      snippet: snippetOf(section.text, inText ? matches : null),
    };
  }
}

/** A valid result count for `limit`. */
function limitOf(limit: number | undefined): number {
  if (limit === undefined || !Number.isFinite(limit)) return SEARCH_LIMIT.default;
  return Math.min(SEARCH_LIMIT.max, Math.max(1, Math.floor(limit)));
}

/** Records grouped by page, pages in URL order, each page's records in the order given. */
function inPageOrder(records: readonly SearchRecord[]): { record: SearchRecord; page: string; anchor: string | null }[] {
  const ids = new Set<string>();
  const entries = records.map((record) => {
    if (ids.has(record.id)) throw new Error(`search index: two records have the id "${record.id}"`);
    ids.add(record.id);
    const hash = record.url.indexOf('#');
    return hash === -1 ? { record, page: record.url, anchor: null } : { record, page: record.url.slice(0, hash), anchor: record.url.slice(hash + 1) };
  });
  // Array.prototype.sort is stable: sections of a page keep their order.
  return entries.sort((a, b) => compareCodeUnits(a.page, b.page));
}
