// Turns a query into encoded terms, each with the indexed words that count as a match and how much.
import type { Encoder } from 'flexsearch';
import type { Vocabulary } from './vocabulary.js';

/** Longer queries are cut: they cost lookups and rarely help. */
export const MAX_QUERY_LENGTH = 500;
export const MAX_QUERY_TERMS = 10;
/** How many indexed words one query term may stand for. */
export const MAX_WORDS_PER_TERM = 16;

/**
 * Match weights: the word itself, its stem, a longer word starting with it, with its stem, and a
 * word one or two typing mistakes away (only for a term nothing else matches).
 */
export const MATCH_WEIGHTS = { exact: 1, stem: 0.9, prefix: 0.7, stemPrefix: 0.6, typo: 0.5 } as const;

/**
 * English function words and the filler of questions ("how do I …", "is there a way to …",
 * "my own …"): left out of every query, so a full question weighs only its topic. A query of
 * nothing else has no terms and finds nothing: "the" matches every page equally badly.
 */
const STOP_WORDS = new Set(
  (
    'a about all also an and any are as at be been but by can could do does doing for from get had has have how i if in into is it its ' +
    'just let me my of on one or our own possible should so some that the their them then there these this those to up us use using want ' +
    'was way we were what when where which who why will with would you your'
  ).split(' '),
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

/** The distinct encoded terms of `query`, without stop words (none when it has nothing else). */
export function queryTermsOf(query: string, encoder: Encoder, vocabulary: Vocabulary): QueryTerm[] {
  const meaningful = [...new Set(encoder.encode(query.slice(0, MAX_QUERY_LENGTH)))].filter((t) => !STOP_WORDS.has(t));
  return meaningful.slice(0, MAX_QUERY_TERMS).map((term) => ({ term, words: wordsOf(term, vocabulary) }));
}

/**
 * The words `term` matches: itself, words it starts, then its stem and words the stem starts;
 * when none of those is indexed, the indexed words a typo or two away ("redirets": "redirects").
 */
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
  if (found.size === 0) for (const word of vocabulary.near(term, typosAllowed(term.length), MAX_WORDS_PER_TERM)) add(word, MATCH_WEIGHTS.typo);
  return [...found].map(([word, weight]) => ({ word, weight }));
}

/** Shorter terms are taken as typed: one mistake in "api" is another word. */
const MIN_TYPO_LENGTH = 4;
/** Terms this long may hold two mistakes ("custm domian" has one per word). */
const TWO_TYPO_LENGTH = 8;

/** How many mistakes (see Vocabulary.near) a term of `length` characters may hold. */
function typosAllowed(length: number): number {
  return length < MIN_TYPO_LENGTH ? 0 : length < TWO_TYPO_LENGTH ? 1 : 2;
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
