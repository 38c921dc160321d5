// Typo lookups: every indexed word within the allowed mistakes is found, closest first, whatever
// shortcuts the lookup takes (a band of the distance table, a letter filter).
import { describe, expect, it } from 'vitest';
import { Vocabulary } from '../../src/search/vocabulary.js';

/** The optimal string alignment distance, the whole table: the reference the lookup must agree with. */
function distance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

/** A small deterministic generator, so a failure names words that fail again. */
function randomWords(seed: number, count: number, letters: string): string[] {
  let state = seed;
  const next = (n: number): number => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state % n;
  };
  return Array.from({ length: count }, () => Array.from({ length: 3 + next(9) }, () => letters[next(letters.length)]).join(''));
}

describe('Vocabulary.near', () => {
  it('finds exactly the words within one or two mistakes that start with the same letter, closest first', () => {
    // Few letters, so many words are near one another: the case where shortcuts go wrong.
    const words = randomWords(7, 4000, 'abcdeé');
    const vocabulary = Vocabulary.of(words);
    for (const term of randomWords(11, 300, 'abcdeé')) {
      for (const typos of [1, 2]) {
        const expected = [...new Set(words)]
          .filter((w) => w[0] === term[0] && distance(term, w) <= typos)
          .sort((a, b) => distance(term, a) - distance(term, b) || a.length - b.length || (a < b ? -1 : a > b ? 1 : 0));
        expect(vocabulary.near(term, typos, 10_000), `${term}, ${typos}`).toEqual(expected);
      }
    }
  });

  it('counts a swap of two neighbours as one mistake and finds misspelled docs words', () => {
    const vocabulary = Vocabulary.of(['redirects', 'redirect', 'domain', 'domains', 'custom', 'customize', 'accordion']);
    expect(vocabulary.near('redirets', 2, 16)).toEqual(['redirects', 'redirect']);
    expect(vocabulary.near('domian', 1, 16)).toEqual(['domain']);
    expect(vocabulary.near('custm', 1, 16)).toEqual(['custom']);
    expect(vocabulary.near('acordion', 1, 16)).toEqual(['accordion']);
  });
});
