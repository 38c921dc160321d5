// What a section's score is made of: field weights, how much covering the query and the page
// title adds, and how a term's field matches and rarity blend into one number (see rankSections).
import { TEXT_FIELDS, type TextField } from './flex-document.js';
import type { RankBlend, TermBounds } from './match-codes.js';
import { MATCH_WEIGHTS, type QueryTerm } from './query-terms.js';

/** How much a match in each field counts: a title beats a heading, a heading beats body text. */
export const FIELD_WEIGHTS: Readonly<Record<TextField, number>> = { title: 10, heading: 5, text: 1 };
/** Share of a term's other field matches added to its best one (title and body beats title alone). */
export const EXTRA_FIELD_FACTOR = 0.2;
/**
 * What covering the whole query adds to a section's score, on the scale where matching every
 * term in the title gives 1 (see rankBlend). As much as a title match: a section with every word
 * usually beats one with some of them in its title, but not always. The page about the topic,
 * whose title holds the rare words of a question, beats a generic page that happens to hold every
 * word ("custom domain" in the title against "set", "custom", "domain", "docs" in a long guide).
 */
export const COVERAGE_WEIGHT = 1;
/** What a page title covering the whole query adds besides: "page views api" finds "Get page views". */
export const TITLE_COVERAGE_WEIGHT = 0.5;

/**
 * A term's weights in a section, times WEIGHT_SCALE, are small integers (checked below): a
 * byte each. On a large site a common query walks tens of thousands of postings of scattered
 * sections, and that walk is bound by cache misses: with a double per section in each of
 * several arrays it took three times as long as with the four bytes of a section side by side.
 */
export const WEIGHT_SCALE = 10;

for (const field of Object.values(FIELD_WEIGHTS)) {
  for (const match of Object.values(MATCH_WEIGHTS)) {
    const scaled = field * match * WEIGHT_SCALE;
    if (Math.abs(scaled - Math.round(scaled)) > 1e-9) throw new Error(`ranking: weight ${field * match} is no multiple of 1/${WEIGHT_SCALE}`);
  }
}
if (Object.values(FIELD_WEIGHTS).reduce((a, b) => a + b, 0) * WEIGHT_SCALE > 0xff) throw new Error("ranking: a term's weights in a section do not fit a byte");

/** Differences below this are floating-point noise: the same sum added up in another order. */
export const TIE_TOLERANCE = 1e-9;

/** The blend of a query whose terms have `rarities`, on an index whose sections have `boosts`. */
export function rankBlend(rarities: readonly number[], boosts: Float64Array | null): RankBlend {
  const total = rarities.reduce((a, b) => a + b, 0);
  // Field scores on the scale of coverage: every term matched in the title alone gives 1.
  const fieldScale = total === 0 ? 0 : 1 / (total * FIELD_WEIGHTS.title);
  return {
    coverageOf: coverageTable(rarities, total),
    score: (coverage, titleCoverage, fieldScore) => COVERAGE_WEIGHT * coverage + TITLE_COVERAGE_WEIGHT * titleCoverage + fieldScore * fieldScale,
    boosts: boosts ? boostRange(boosts) : [1, 1],
  };
}

/** A term's worth in a section (before rarity) from its field weights: the best, plus a little of the others. */
export function termWorth(top: number, sum: number): number {
  return (top + EXTRA_FIELD_FACTOR * (sum - top)) / WEIGHT_SCALE;
}

/** The weight of a match in `field` through a word matching with weight `match`, times WEIGHT_SCALE. */
export function scaledWeight(field: TextField, match: number): number {
  return Math.round(FIELD_WEIGHTS[field] * match * WEIGHT_SCALE);
}

/** The weights a term's match in each field may have, at its worst and its best word. */
export function termBounds({ words }: QueryTerm): TermBounds {
  const matches = words.map((w) => w.weight);
  const [worst, best] = [Math.min(...matches), Math.max(...matches)];
  return { low: TEXT_FIELDS.map((f) => scaledWeight(f, worst)), high: TEXT_FIELDS.map((f) => scaledWeight(f, best)) };
}

const boostRanges = new WeakMap<Float64Array, [number, number]>();

/** The least and the greatest of `boosts`, worked out once per index. */
function boostRange(boosts: Float64Array): [number, number] {
  let range = boostRanges.get(boosts);
  if (!range) {
    // A loop, not Math.min(...boosts): spreading a large site's sections would overflow the stack.
    range = [1, 1];
    for (const boost of boosts) range = [Math.min(range[0], boost), Math.max(range[1], boost)];
    boostRanges.set(boosts, range);
  }
  return range;
}

/** Coverage by set of matched terms (bit t for term t): the share of the terms' total `rarities`. */
function coverageTable(rarities: readonly number[], total: number): Float64Array {
  const table = new Float64Array(1 << rarities.length);
  for (let set = 1; set < table.length; set++) {
    const t = 31 - Math.clz32(set);
    table[set] = table[set & ~(1 << t)]! + (total === 0 ? 0 : rarities[t]! / total);
  }
  return table;
}
