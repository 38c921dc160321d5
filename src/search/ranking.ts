// Ranks sections for a query: term lookups per field, weighted by field and rarity, all terms first.
import { TEXT_FIELDS, type SectionDocument, type TextField } from './flex-document.js';
import type { QueryTerm } from './query-terms.js';
import type { SectionMask } from './tag-mask.js';

/** How much a match in each field counts: a title beats a heading, a heading beats body text. */
export const FIELD_WEIGHTS: Readonly<Record<TextField, number>> = { title: 10, heading: 5, text: 1 };
/** Share of a term's other field matches added to its best one (title and body beats title alone). */
export const EXTRA_FIELD_FACTOR = 0.2;

/** What ranking needs of an index. */
export interface RankingInput {
  document: SectionDocument;
  size: number;
  /** 1 for the first section of each page: it alone answers a match on the page title only. */
  leads: Uint8Array;
  /** Per-section working arrays, reused query after query (see RankingScratch). */
  scratch: RankingScratch;
}

/**
 * The per-section arrays a ranking works in. Allocating them for every query (a few MB on a
 * large site) made garbage collection cost more than the ranking itself, so an index keeps one
 * set, and each query leaves every entry it touched at zero again. Queries run synchronously,
 * so one set is never shared by two at once.
 */
export class RankingScratch {
  // Per section, over the whole query:
  readonly matchedRarity: Float64Array;
  readonly score: Float64Array;
  readonly ownMatch: Uint8Array;
  readonly isCandidate: Uint8Array;
  // Per section, for the current term (and field); doubles, so sums built from differences
  // stay equal (within compareDesc's tolerance) to the same sums built in another order:
  readonly termTop: Float64Array;
  readonly termSum: Float64Array;
  readonly fieldBest: Float64Array;
  readonly termOwn: Uint8Array;
  // Lists of section ids (each id at most once per list), filled from the start:
  readonly candidates: Int32Array;
  readonly termMatches: Int32Array;
  readonly fieldMatches: Int32Array;

  constructor(size: number) {
    this.matchedRarity = new Float64Array(size);
    this.score = new Float64Array(size);
    this.ownMatch = new Uint8Array(size);
    this.isCandidate = new Uint8Array(size);
    this.termTop = new Float64Array(size);
    this.termSum = new Float64Array(size);
    this.fieldBest = new Float64Array(size);
    this.termOwn = new Uint8Array(size);
    this.candidates = new Int32Array(size);
    this.termMatches = new Int32Array(size);
    this.fieldMatches = new Int32Array(size);
  }
}

/** A section worth returning, with what orders it. */
export interface RankedSection {
  id: number;
  /** Share of the query's weight (rarer terms weigh more) that the section matches, 0..1. */
  coverage: number;
  score: number;
}

/**
 * The `limit` best allowed sections matching at least one term: by coverage (so matching all
 * words beats matching some), then by score (per term: the best field weight plus a little for
 * the other fields that match, times the term's rarity), then introductions first, then index
 * order, among the sections `mask` allows. A section matching only through its page title is left out
 * unless it is the page's first section, so a title match gives one hit, not one per section.
 */
export function rankSections(input: RankingInput, terms: readonly QueryTerm[], { allowed, visible }: SectionMask, limit: number): RankedSection[] {
  const { document, size, leads, scratch } = input;
  const { matchedRarity, score, ownMatch, isCandidate, termTop, termSum, fieldBest, termOwn, candidates, termMatches, fieldMatches } = scratch;
  let candidateCount = 0;
  let totalRarity = 0;

  for (const { words } of terms) {
    let termCount = 0;
    for (const field of TEXT_FIELDS) {
      const own = field === 'title' ? 0 : 1;
      // One pass over each posting: a section's term sum gains what its best word in this
      // field gains, so the field's best word per section needs no second pass to add up.
      let fieldCount = 0;
      for (const { word, weight: match } of words) {
        const weight = FIELD_WEIGHTS[field] * match;
        const ids = document.search({ query: word, pluck: field, limit: size }) as unknown as number[];
        for (const id of ids) {
          if (id >= size || (allowed && allowed[id] !== 1)) continue;
          const before = fieldBest[id]!;
          if (weight <= before) continue;
          if (before === 0) {
            fieldMatches[fieldCount++] = id;
            if (termSum[id] === 0) termMatches[termCount++] = id;
          }
          fieldBest[id] = weight;
          termSum[id]! += weight - before;
          if (weight > termTop[id]!) termTop[id] = weight;
          if (own === 1) termOwn[id] = 1;
        }
      }
      for (let i = 0; i < fieldCount; i++) fieldBest[fieldMatches[i]!] = 0;
    }
    // Rarity counts the sections the term can return: title-only matches count once per page.
    let matching = 0;
    for (let i = 0; i < termCount; i++) {
      const id = termMatches[i]!;
      if (termOwn[id] === 1 || leads[id] === 1) matching++;
    }
    const rarity = matching === 0 ? 0 : Math.log(1 + visible / matching);
    totalRarity += rarity;
    for (let i = 0; i < termCount; i++) {
      const id = termMatches[i]!;
      if (rarity > 0) {
        if (termOwn[id] === 1) ownMatch[id] = 1;
        if (isCandidate[id] === 0) {
          isCandidate[id] = 1;
          candidates[candidateCount++] = id;
        }
        matchedRarity[id]! += rarity;
        score[id]! += (termTop[id]! + EXTRA_FIELD_FACTOR * (termSum[id]! - termTop[id]!)) * rarity;
      }
      termTop[id] = 0;
      termSum[id] = 0;
      termOwn[id] = 0;
    }
  }

  // Keep the best `limit` in order: cheaper than sorting every candidate of a common word.
  const best: RankedSection[] = [];
  for (let i = 0; i < candidateCount; i++) {
    const id = candidates[i]!;
    const own = ownMatch[id];
    const coverage = matchedRarity[id]! / totalRarity;
    const sectionScore = score[id]!;
    matchedRarity[id] = 0;
    score[id] = 0;
    ownMatch[id] = 0;
    isCandidate[id] = 0;
    if (own === 0 && leads[id] === 0) continue;
    // Most candidates rank below the last kept one: they are compared without making an entry.
    if (best.length === limit && compareRanked(id, coverage, sectionScore, best[limit - 1]!, leads) >= 0) continue;
    let at = best.length;
    while (at > 0 && compareRanked(id, coverage, sectionScore, best[at - 1]!, leads) < 0) at--;
    best.splice(at, 0, { id, coverage, score: sectionScore });
    if (best.length > limit) best.pop();
  }
  return best;
}

/** Negative when section `id` (with `coverage` and `score`) ranks before `b`. Floating-point noise counts as a tie. */
function compareRanked(id: number, coverage: number, score: number, b: RankedSection, leads: Uint8Array): number {
  return compareDesc(coverage, b.coverage) || compareDesc(score, b.score) || leads[b.id]! - leads[id]! || id - b.id;
}

function compareDesc(a: number, b: number): number {
  return Math.abs(a - b) < 1e-9 ? 0 : b - a;
}
