// The peers of the relevance benchmark: MiniSearch and Orama (Fumadocs' default engine), each with
// its default settings and the title boosted, over the same pages docsite indexed.
import { create, insertMultiple, search as oramaSearch } from '@orama/orama';
import MiniSearch from 'minisearch';

/** One page as docsite extracted it (from the built bundle's search index): what every engine indexes. */
export interface PageDocument {
  /** The page URL, without anchor: what a result is judged by. */
  url: string;
  title: string;
  /** Every heading of the page, in order. */
  headings: string;
  /** The text of all its sections. */
  text: string;
}

/** A search engine under test: page URLs in rank order, at most `limit`. */
/**
 * A search: it answers `query` when called (what the bench times), and the answer, read later,
 * gives the first `limit` pages' URLs in order.
 */
export type PageSearch = (query: string, limit: number) => () => string[];

/** The title's weight against the other fields: the boost both peers document for titles. */
export const TITLE_BOOST = 2;

export function miniSearchOver(pages: readonly PageDocument[]): PageSearch {
  const index = new MiniSearch<PageDocument>({ idField: 'url', fields: ['title', 'headings', 'text'] });
  index.addAll(pages);
  return (query, limit) => {
    const results = index.search(query, { boost: { title: TITLE_BOOST } });
    return () => results.slice(0, limit).map((result) => String(result.id));
  };
}

export async function oramaOver(pages: readonly PageDocument[]): Promise<PageSearch> {
  const db = create({ schema: { title: 'string', headings: 'string', text: 'string' } as const });
  await insertMultiple(
    db,
    pages.map(({ url, title, headings, text }) => ({ id: url, title, headings, text })),
  );
  return (query, limit) => {
    const results = oramaSearch(db, { term: query, properties: ['title', 'headings', 'text'], boost: { title: TITLE_BOOST }, limit });
    if (results instanceof Promise) throw new Error('Orama answered asynchronously: the bench times synchronous searches');
    return () => results.hits.map((hit) => hit.id);
  };
}
