// Pruning by prominent sections (src/search/prominent-sections.ts): when the sections where a query
// term is in the page title or a heading decide the best hits alone, the ranking skips the passes
// over every section. It must rank exactly as the passes over every section do.
import { describe, expect, it } from 'vitest';
import type { Encoder } from 'flexsearch';
import { recordsOf, SearchIndex } from '../../src/search/index.js';
import { countMatches, markAndListMatches, MAX_PRUNED_TERMS } from '../../src/search/match-codes.js';
import { matchBits, returnableCounts } from '../../src/search/prominent-sections.js';
import { queryTermsOf } from '../../src/search/query-terms.js';
import { countTerms } from '../../src/search/section-bounds.js';
import { PROMINENT_FROM, type RankingInput, rankSections, type RankingScratch } from '../../src/search/ranking.js';
import type { SectionMasks } from '../../src/search/tag-mask.js';
import type { Vocabulary } from '../../src/search/vocabulary.js';
import { seededRandom } from '../helpers/random.js';
import { page } from './fixtures.js';

/** What rankSections needs, read off a built index (its private parts: this test is about them). */
interface IndexParts {
  postings: RankingInput['postings'];
  leads: Uint8Array;
  leadBits: Int32Array;
  boosts: Float64Array | null;
  scratch: RankingScratch;
  masks: SectionMasks;
  encoder: Encoder;
  vocabulary: Vocabulary;
  size: number;
}

/** Ranks on `index` as its search does, but trying prominent sections first whatever its size (see PROMINENT_FROM). */
function ranker(index: SearchIndex): (query: string, version: string[] | undefined, limit: number) => number[] {
  const parts = index as unknown as IndexParts;
  const input: RankingInput = {
    postings: parts.postings,
    leads: parts.leads,
    leadBits: parts.leadBits,
    boosts: parts.boosts,
    scratch: parts.scratch,
    prominentFrom: 0,
  };
  return (query, version, limit) => {
    const terms = queryTermsOf(query, parts.encoder, parts.vocabulary).filter((t) => t.words.length > 0);
    return rankSections(input, terms, parts.masks.of(version ? { version } : {}), limit).map((r) => r.id);
  };
}

// Words every page holds in its body text, and a few in titles and headings: a large docs site.
const COMMON = 'webhook retry invoice refund key rotate token limit rate export report deploy domain event'.split(' ');
const RARE = 'sandbox quota ledger payout dispute'.split(' ');

describe('pruning by prominent sections', () => {
  const next = seededRandom(28);
  const pick = (words: string[], n: number): string => Array.from({ length: n }, () => words[Math.floor(next() * words.length)]!).join(' ');
  const pages = Array.from({ length: 400 }, (_, i) => ({
    ...page(`p${String(i).padStart(3, '0')}`, {
      title: `${pick(COMMON, 1)} ${i % 9 === 0 ? pick(RARE, 1) : 'guide'}`,
      intro: pick(COMMON, 10),
      sections: [
        { heading: i % 4 === 0 ? pick(COMMON, 1) : 'Details', text: `${pick(COMMON, 14)} ${i % 13 === 0 ? pick(RARE, 1) : ''}` },
        { heading: 'More', text: pick(COMMON, 20) },
      ],
      ...(i % 3 === 0 ? { versions: ['v1'] } : {}),
    }),
    ...(i % 11 === 0 ? { boost: 2 } : {}),
  }));
  const index = SearchIndex.build(recordsOf(pages));
  const parts = index as unknown as IndexParts;
  const rank = ranker(index);
  const queries = Array.from({ length: 150 }, (_, i) => `${pick(COMMON, 1 + (i % 4))}${i % 3 === 0 ? ` ${pick(RARE, 1)}` : ''}`);

  it('ranks the best hits as a ranking of every section does, with and without filters and boosts', () => {
    const before = { ...parts.scratch.prunings };
    for (const query of queries) {
      for (const version of [undefined, ['v1']]) {
        // Asking for every section leaves no room for pruning by prominent sections: the passes over every section rank.
        const all = rank(query, version, parts.size);
        for (const limit of [1, 3, 10, 50])
          expect(rank(query, version, limit), `${query} (limit ${limit}, ${version ?? 'no filter'})`).toEqual(all.slice(0, limit));
      }
    }
    // Both ways were taken: most limited queries by prominent sections, every unlimited one by all sections.
    const prominent = parts.scratch.prunings.prominent - before.prominent;
    const codes = parts.scratch.prunings.codes - before.codes;
    expect(prominent).toBeGreaterThan(queries.length * 2);
    expect(codes).toBeGreaterThanOrEqual(queries.length * 2);
  });

  it('counts the sections each term can return as the count over every section does, for queries of up to 10 terms', () => {
    const { codes, coded, codeCounts, everySection, matchBits: room, bitsLength: length } = parts.scratch;
    const wide = Array.from({ length: 20 }, (_, i) =>
      [...COMMON]
        .sort(() => next() - 0.5)
        .slice(0, 6 + (i % 5))
        .join(' '),
    );
    for (const query of [...queries, ...wide]) {
      for (const version of [undefined, ['v1']]) {
        const terms = queryTermsOf(query, parts.encoder, parts.vocabulary).filter((t) => t.words.length > 0);
        const mask = parts.masks.of(version ? { version } : {});
        const termPostings = terms.map((t) => t.words.map((w) => parts.postings.of(w.word)));
        const fromBits = returnableCounts(matchBits(terms, termPostings, parts.postings, length, room), parts.leadBits, mask.allowedBits);
        const count = markAndListMatches(termPostings, codes, coded, 0);
        const allow = mask.allowed ?? everySection;
        const matching =
          terms.length > MAX_PRUNED_TERMS
            ? countTerms(codes, terms.length, parts.leads, allow)
            : countMatches(codes, coded, count, terms.length, parts.leads, allow, codeCounts);
        codes.fill(0);
        expect(fromBits, `${query} (${version ?? 'no filter'})`).toEqual(matching);
      }
    }
  });

  it('falls back to every section when body text alone could rank', () => {
    // "event" is in a title, but a section holding "event" and "log" in its text outranks it.
    const small = SearchIndex.build(
      recordsOf([
        page('a', { title: 'Event', intro: 'intro' }),
        page('b', { title: 'Beta', intro: 'the event log' }),
        page('c', { title: 'Gamma', intro: 'an event' }),
      ]),
    );
    const { scratch } = small as unknown as IndexParts;
    const before = { ...scratch.prunings };
    expect(ranker(small)('event log', undefined, 1)).toEqual([1]);
    expect({ prominent: scratch.prunings.prominent - before.prominent, codes: scratch.prunings.codes - before.codes }).toEqual({ prominent: 0, codes: 1 });
  });

  it('ranks a site of fewer sections than PROMINENT_FROM by every section', () => {
    const before = { ...parts.scratch.prunings };
    expect(index.search('webhook', { reader: { kind: 'unrestricted' }, limit: 3 })).toHaveLength(3);
    expect(parts.size).toBeLessThan(PROMINENT_FROM);
    expect(parts.scratch.prunings.prominent - before.prominent).toBe(0);
  });
});
