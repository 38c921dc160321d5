// Turns a query into encoded terms, each with the indexed words that count as a match and how much.
import type { Encoder } from 'flexsearch';
import type { Vocabulary } from './vocabulary.js';

/** Longer queries are cut: they cost lookups and rarely help. */
export const MAX_QUERY_LENGTH = 500;
export const MAX_QUERY_TERMS = 10;
/** How many indexed words one query term may stand for. */
export const MAX_WORDS_PER_TERM = 16;

/** Match weights: the word itself, its stem, a longer word starting with it, with its stem. */
export const MATCH_WEIGHTS = { exact: 1, stem: 0.9, prefix: 0.7, stemPrefix: 0.6 } as const;

/** English function words, left out of queries that have other words ("how do I rotate a key"). */
const STOP_WORDS = new Set(
  'a an and are as at be by can do does for from how i in is it me my of on or should that the this to what when where which who why with you your'.split(' '),
);

/**
 * Endings taken off a query word so it also finds its other forms ("retry" finds "retries").
 * A `prefix` rule leaves no word of its own ("rotate" gives "rotat"): it only serves to find
 * the words starting with it. `second` rules apply only after another rule.
 */
const SUFFIX_RULES: { suffix: string; replace: string; prefix?: true; second?: true }[] = [
  { suffix: 'ations', replace: 'at', prefix: true },
  { suffix: 'ation', replace: 'at', prefix: true },
  { suffix: 'ings', replace: '' },
  { suffix: 'ing', replace: '' },
  { suffix: 'ies', replace: 'y' },
  { suffix: 'ied', replace: 'y' },
  { suffix: 'es', replace: '' },
  { suffix: 'ed', replace: '' },
  { suffix: 's', replace: '' },
  { suffix: 'y', replace: '', prefix: true },
  { suffix: 'e', replace: '', prefix: true },
  { suffix: 'at', replace: '', prefix: true, second: true },
];
const MIN_STEM_LENGTH = 3;
/** Stems used as prefixes must be this long: "not" (of "note") should not find "nothing". */
const MIN_STEM_PREFIX_LENGTH = 4;

/** A query word without its ending: a word of its own, or only the start of other words. */
export interface Stem {
  stem: string;
  prefixOnly: boolean;
}

/** An indexed word a query term matches, and how much that match counts (0..1). */
export interface WordMatch {
  word: string;
  weight: number;
}

/** An encoded query term and the indexed words it stands for, best first. */
export interface QueryTerm {
  term: string;
  words: WordMatch[];
}

/** The distinct encoded terms of `query`, without stop words unless it has nothing else. */
export function queryTermsOf(query: string, encoder: Encoder, vocabulary: Vocabulary): QueryTerm[] {
  const all = [...new Set(encoder.encode(query.slice(0, MAX_QUERY_LENGTH)))];
  const meaningful = all.filter((t) => !STOP_WORDS.has(t));
  return (meaningful.length > 0 ? meaningful : all).slice(0, MAX_QUERY_TERMS).map((term) => ({ term, words: wordsOf(term, vocabulary) }));
}

/** The words `term` matches: itself, words it starts, then its stem and words the stem starts. */
function wordsOf(term: string, vocabulary: Vocabulary): WordMatch[] {
  const found = new Map<string, number>();
  const add = (word: string, weight: number): void => {
    if (found.size < MAX_WORDS_PER_TERM && !found.has(word)) found.set(word, weight);
  };
  for (const word of vocabulary.expand(term, MAX_WORDS_PER_TERM)) add(word, word === term ? MATCH_WEIGHTS.exact : MATCH_WEIGHTS.prefix);
  for (const { stem, prefixOnly } of stemsOf(term, vocabulary)) {
    if (!prefixOnly && vocabulary.has(stem)) add(stem, MATCH_WEIGHTS.stem);
    if (stem.length < MIN_STEM_PREFIX_LENGTH) continue;
    for (const word of vocabulary.expand(stem, MAX_WORDS_PER_TERM)) add(word, MATCH_WEIGHTS.stemPrefix);
  }
  return [...found].map(([word, weight]) => ({ word, weight }));
}

/**
 * `term` with English endings taken off, a second one only when the first stem is no indexed
 * word: "retrying" gives "retry", then "retr" (which finds "retries"); "notes" gives "note".
 */
export function stemsOf(term: string, vocabulary: Vocabulary): Stem[] {
  const stems: Stem[] = [];
  let word = term;
  while (stems.length < 2 && /^[a-z]+$/.test(word)) {
    const first = stems.length === 0;
    if (!first && vocabulary.has(word)) break;
    const rule = SUFFIX_RULES.find(
      (r) => (first ? !r.second : true) && word.endsWith(r.suffix) && word.length - r.suffix.length + r.replace.length >= MIN_STEM_LENGTH,
    );
    if (!rule) break;
    word = word.slice(0, word.length - rule.suffix.length) + rule.replace;
    stems.push({ stem: word, prefixOnly: rule.prefix === true });
  }
  return stems;
}
