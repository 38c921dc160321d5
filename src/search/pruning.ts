// Which sections may rank among a query's best `limit` before any is scored exactly: by counting
// the sections of each match code (of the prominent sections alone when they decide, see
// prominent-sections.ts), or section by section for queries of many terms (see section-bounds.ts).
// The walk over the posting lists then scores only the kept sections.
import {
  codeBounds,
  type CodeScoring,
  countMatches,
  keptCodes,
  markAndListMatches,
  markMatches,
  MAX_PRUNED_TERMS,
  type RankBlend,
  sectionsAmong,
  sectionsKept,
} from './match-codes.js';
import type { FieldPostings } from './posting-lists.js';
import { matchBits, prominentSections, returnableCounts } from './prominent-sections.js';
import type { QueryTerm } from './query-terms.js';
import type { RankingInput } from './ranking.js';
import { rankBlend, termBounds, termWorth, TIE_TOLERANCE } from './score.js';
import { countTerms, keptByBounds } from './section-bounds.js';
import type { SectionMask } from './tag-mask.js';

/** `kept` of a wide query: its keys are 1 for the kept sections. */
const KEPT_KEY = Uint8Array.of(0, 1);

/** A posting list is searched for the kept sections when it is this many times longer than their list, else read whole. */
export const LOOKUP_RATIO = 8;

/** What pruning leaves the walk over the posting lists, and how the query scores. */
export interface Pruning {
  rarities: number[];
  blend: RankBlend;
  /** 1 at the key of a section that may rank (see keys). */
  kept: Uint8Array;
  /** Per section, what `kept` is indexed by: its code, or on a wide query 1 when kept (see keptByBounds). */
  keys: Int32Array;
  /** How many kept sections scratch.keptSections lists; -1 when the walk reads every posting list whole instead. */
  keptCount: number;
  /** The sections with a code: the first this many of scratch.coded, or any section when -1. */
  coded: number;
}

/** What pruning leaves of a query of `terms`, whose words' posting lists are `termPostings`. */
export function pruningOf(input: RankingInput, terms: readonly QueryTerm[], termPostings: FieldPostings[][], mask: SectionMask, limit: number): Pruning {
  return terms.length > MAX_PRUNED_TERMS ? widePruning(input, terms, termPostings, mask, limit) : narrowPruning(input, terms, termPostings, mask, limit);
}

/**
 * Pruning of a query of at most MAX_PRUNED_TERMS terms, by counting the sections of every code:
 * of the prominent sections when they alone decide (see prominent-sections.ts), else of all.
 */
function narrowPruning(input: RankingInput, terms: readonly QueryTerm[], termPostings: FieldPostings[][], mask: SectionMask, limit: number): Pruning {
  const { leads, leadBits, scratch } = input;
  const { codes, keptSections } = scratch;
  const allow = mask.allowed ?? scratch.everySection;
  const longest = longestList(termPostings);
  const counts = scratch.codeCounts;
  const { kept } = counts;
  let scoring: ReturnType<typeof scoringOf> | undefined;
  let prominent = 0;
  if (codes.length >= input.prominentFrom) {
    const bits = matchBits(terms, termPostings, input.postings, scratch.bitsLength, scratch.matchBits);
    scoring = scoringOf(input, terms, returnableCounts(bits, leadBits, mask.allowedBits), mask.visible);
    prominent = prominentSections(bits, leadBits, mask.allowedBits, codes, counts, scratch.coded);
    const counted = keptCodes(counts, scoring, limit, TIE_TOLERANCE);
    const bodyOnly = codeBounds(bits.textCode, scoring);
    if (counted.filled && (bodyOnly === null || bodyOnly.high < counted.bar - TIE_TOLERANCE)) {
      scratch.prunings.prominent++;
      const keptCount = sectionsAmong(scratch.coded, prominent, codes, kept, allow, keptSections);
      const { rarities, blend } = scoring;
      return { rarities, blend, kept, keys: codes, keptCount: keptCount * LOOKUP_RATIO >= longest ? -1 : keptCount, coded: prominent };
    }
  }
  // Every section's code: the prominent ones have theirs already (and are listed), and marking them again sets the same bits.
  scratch.prunings.codes++;
  const coded = markAndListMatches(termPostings, codes, scratch.coded, prominent);
  const matching = countMatches(codes, scratch.coded, coded, terms.length, leads, allow, counts);
  scoring ??= scoringOf(input, terms, matching, mask.visible);
  const { rarities, blend } = scoring;
  keptCodes(counts, scoring, limit, TIE_TOLERANCE);
  // When few sections are kept (a common query keeps a few hundred of the tens of thousands its
  // lists hold), the walk looks them up in the posting lists instead of reading every list whole.
  let keptCount = -1;
  if (sectionsKept(counts) * LOOKUP_RATIO < longest) {
    keptCount = sectionsAmong(scratch.coded, coded, codes, kept, allow, keptSections);
    // The walk merges them with posting lists: in id order.
    keptSections.subarray(0, keptCount).sort();
  }
  return { rarities, blend, kept, keys: codes, keptCount, coded };
}

/** Pruning of a query of more than MAX_PRUNED_TERMS terms, section by section (see section-bounds.ts). */
function widePruning(input: RankingInput, terms: readonly QueryTerm[], termPostings: FieldPostings[][], mask: SectionMask, limit: number): Pruning {
  const { leads, scratch } = input;
  const allow = mask.allowed ?? scratch.everySection;
  scratch.prunings.sections++;
  // On a large site the terms' counts read from their matches as bits cost less than a count over every section.
  const matching =
    scratch.codes.length >= input.prominentFrom
      ? returnableCounts(matchBits(terms, termPostings, input.postings, scratch.bitsLength, scratch.matchBits), input.leadBits, mask.allowedBits)
      : null;
  markMatches(termPostings, scratch.codes);
  const scoring = scoringOf(input, terms, matching ?? countTerms(scratch.codes, terms.length, leads, allow), mask.visible);
  const boundsInput = { ...scoring, leads, allow, keys: scratch.keys, out: scratch.keptSections, upper: scratch.upper };
  const keptCount = keptByBounds(scratch.codes, boundsInput, limit, TIE_TOLERANCE);
  return {
    rarities: scoring.rarities,
    blend: scoring.blend,
    kept: KEPT_KEY,
    keys: scratch.keys,
    keptCount: keptCount * LOOKUP_RATIO >= longestList(termPostings) ? -1 : keptCount,
    coded: -1,
  };
}

/** How a query's terms weigh, from how many of the `visible` sections each can return. */
function scoringOf({ boosts }: RankingInput, terms: readonly QueryTerm[], matching: readonly number[], visible: number): CodeScoring & { rarities: number[] } {
  const rarities = matching.map((m) => (m === 0 ? 0 : Math.log(1 + visible / m)));
  return { rarities, bounds: terms.map(termBounds), worth: termWorth, blend: rankBlend(rarities, boosts) };
}

/** The length of the longest posting list of a query's words. */
function longestList(termPostings: FieldPostings[][]): number {
  let longest = 0;
  for (const lists of termPostings) for (const fields of lists) for (const ids of fields) longest = Math.max(longest, ids.length);
  return longest;
}
