// Ranking with a limit: sections that cannot make the best `limit` are skipped before scoring, so
// every limit must give the start of the same order, with and without filters, on pages with and without boosts.
import { describe, expect, it } from 'vitest';
import { recordsOf, SearchIndex, type SearchOptions } from '../../src/search/index.js';
import { page } from './fixtures.js';
import { seededRandom } from '../helpers/random.js';

const WORDS =
  'webhook webhooks retry retries invoice invoices refund key keys rotate rotation token tokens limit limits rate export report deploy domain'.split(' ');

describe('ranking with a limit', () => {
  const next = seededRandom(7);
  const pick = (n: number): string => Array.from({ length: n }, () => WORDS[Math.floor(next() * WORDS.length)]!).join(' ');
  // Some pages boosted up or down: a boost scales scores, so it moves the bounds pruning relies on.
  const boost = (i: number): { boost?: number } => (i % 5 === 0 ? { boost: 3 } : i % 7 === 0 ? { boost: 0.5 } : {});
  const pages = Array.from({ length: 300 }, (_, i) => ({
    ...page(`p${String(i).padStart(3, '0')}`, {
      title: pick(1 + Math.floor(next() * 2)),
      intro: pick(8),
      sections: [
        { heading: pick(2), text: pick(12) },
        { heading: pick(1), text: pick(20) },
      ],
      ...(i % 3 === 0 ? { versions: ['v1'] } : i % 3 === 1 ? { versions: ['v2'] } : {}),
    }),
    ...boost(i),
  }));
  const index = SearchIndex.build(recordsOf(pages));
  const queries = Array.from({ length: 120 }, (_, i) => pick(1 + (i % 9)));

  it('gives the first results of a longer list, for 1 to 9 words, with and without filters and boosts', () => {
    for (const query of queries) {
      for (const filter of [{}, { version: 'v1' }] as Omit<SearchOptions, 'reader' | 'limit'>[]) {
        const search = (limit: number): string[] => index.search(query, { reader: { kind: 'unrestricted' }, ...filter, limit }).map((h) => h.url);
        const all = search(50);
        expect(all.length, query).toBeGreaterThan(0);
        for (const limit of [1, 3, 10]) expect(search(limit), `${query} (limit ${limit})`).toEqual(all.slice(0, limit));
      }
    }
  });
});
