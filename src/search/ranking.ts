// Ranks sections for a query: one score blending how much of the query a section covers, how much
// of it its page title covers, and its matches weighted by field and rarity.
import { TEXT_FIELDS } from './flex-document.js';
import { BITS_PER_TERM, codeCountsOfPrunedQueries, matchBit, sectionsWithBit, type RankBlend } from './match-codes.js';
import type { PostingLists } from './posting-lists.js';
import { LOOKUP_RATIO, pruningOf } from './pruning.js';
import { MAX_QUERY_TERMS, type QueryTerm } from './query-terms.js';
import { scaledWeight, termWorth, TIE_TOLERANCE } from './score.js';
import { bitsLength } from './section-bits.js';
import { commonIds, withoutIds } from './sorted-ids.js';
import type { SectionMask } from './tag-mask.js';

/** What ranking needs of an index. */
export interface RankingInput {
  postings: PostingLists;
  /** 1 for the first section of each page: it alone answers a match on the page title only. */
  leads: Uint8Array;
  /** The same as bits (see section-bits.ts). */
  leadBits: Int32Array;
  /** Per section, what multiplies its field score (from its page's `boost`); null when no page sets one. */
  boosts: Float64Array | null;
  /** Per-section working arrays, reused query after query (see RankingScratch). */
  scratch: RankingScratch;
  /** Sections an index has at least when pruning reads the terms' matches as bits and tries its prominent sections first (see PROMINENT_FROM). */
  prominentFrom: number;
}

/**
 * Sections of an index from which pruning reads the terms' matches as bits and tries the
 * prominent sections first (see prominent-sections.ts). On a smaller site the passes over every
 * section cost less than an attempt that fails, and attempts fail on most questions there: on
 * mintlify/docs (3,403 sections) questions took 6% longer with them, and terse queries gained
 * about as much.
 */
export const PROMINENT_FROM = 10_000;

/** The position of the page title in TEXT_FIELDS (and in match codes). */
const TITLE_FIELD = TEXT_FIELDS.indexOf('title');
const TEXT_FIELD = TEXT_FIELDS.indexOf('text');
/** Bytes per section in RankingScratch.term, and what each holds. */
const STRIDE = 4;
const FIELD = 0;
const SUM = 1;
const TOP = 2;
const OWN = 3;

if (MAX_QUERY_TERMS > 16) throw new Error('ranking: more query terms than bits in RankingScratch.matched');

/**
 * The per-section arrays a ranking works in. Allocating them for every query (a few MB on a
 * large site) made garbage collection cost more than the ranking itself, so an index keeps one
 * set, and each query leaves every entry it touched at zero again. Queries run synchronously,
 * so one set is never shared by two at once.
 */
export class RankingScratch {
  /**
   * Per section, for the current term, STRIDE bytes: the field (1-based) that last matched it (a
   * worse word's match in the same field adds nothing), the sum and the top of its field
   * weights (times WEIGHT_SCALE), and 1 when it matches outside the page title.
   */
  readonly term: Uint8Array;
  // Per section, over the whole query: bit t set when term t matched (so coverage is a table
  // lookup), the same for matches in the page title, 1 when a term matched outside the page
  // title, and the sum of the terms' field scores.
  readonly matched: Uint16Array;
  readonly titled: Uint16Array;
  readonly ownMatch: Uint8Array;
  readonly score: Float64Array;
  /** Per section, which fields each term matches (see markMatches); zero between queries. */
  readonly codes: Int32Array;
  /** Per section, 1 when kept on a query of more terms than MAX_PRUNED_TERMS, and the high bound of its score (see keptByBounds). */
  readonly keys: Int32Array;
  readonly upper: Float64Array;
  /** Sections per match code, counted anew by each query, and the codes kept (see CodeCounts). */
  readonly codeCounts = codeCountsOfPrunedQueries();
  /** 1 for every section: the mask of a query that filters nothing. */
  readonly everySection: Uint8Array;
  // Lists of section ids (each id at most once per list), filled from the start:
  readonly candidates: Int32Array;
  readonly termMatches: Int32Array;
  readonly keptSections: Int32Array;
  readonly pending: Int32Array;
  readonly common: Int32Array;
  /** The sections a query gave a code, filled from the start (see markAndListMatches and Pruning.coded). */
  readonly coded: Int32Array;
  /** Elements of a set of sections as bits, and room for a query's matches as bits (see MatchBits). */
  readonly bitsLength: number;
  readonly matchBits: Int32Array;
  /**
   * Queries pruned by their prominent sections alone, by counting the codes of every section, and
   * section by section (more than MAX_PRUNED_TERMS terms): what tests and benchmarks read.
   */
  readonly prunings = { prominent: 0, codes: 0, sections: 0 };

  constructor(size: number) {
    this.term = new Uint8Array(size * STRIDE);
    this.matched = new Uint16Array(size);
    this.titled = new Uint16Array(size);
    this.ownMatch = new Uint8Array(size);
    this.score = new Float64Array(size);
    this.codes = new Int32Array(size);
    this.everySection = new Uint8Array(size).fill(1);
    this.candidates = new Int32Array(size);
    this.termMatches = new Int32Array(size);
    this.keys = new Int32Array(size);
    this.upper = new Float64Array(size);
    this.keptSections = new Int32Array(size);
    this.pending = new Int32Array(size);
    this.common = new Int32Array(size);
    this.coded = new Int32Array(size);
    this.bitsLength = bitsLength(size);
    this.matchBits = new Int32Array(MAX_QUERY_TERMS * BITS_PER_TERM * this.bitsLength);
  }
}

/** A section worth returning, with what orders it. */
export interface RankedSection {
  id: number;
  score: number;
  /** Whether a query word is in the section's text (not only in its page title or headings). */
  inText: boolean;
}

/**
 * The `limit` best allowed sections matching at least one term, among the sections `mask`
 * allows: by score, then introductions first, then index order. The score (see RankBlend) adds
 * the share of the query's weight the section matches (rarer terms weigh more), the share its page
 * title matches, and per term its best field weight plus a little for the other fields that
 * match, times the term's rarity; the page's boost multiplies it. A section matching only through
 * its page title is left out unless it is the page's first section, so a title match gives one
 * hit, not one per section.
 */
export function rankSections(input: RankingInput, terms: readonly QueryTerm[], mask: SectionMask, limit: number): RankedSection[] {
  const { postings, scratch } = input;
  const { term, matched, titled, ownMatch, score, codes, candidates, termMatches, keptSections, pending, common } = scratch;
  let candidateCount = 0;

  // First which fields each term matches where: that gives every term's rarity, and which
  // sections cannot make the best `limit` whatever their exact score (most, on a common query).
  const termPostings = terms.map(({ words }) => words.map(({ word }) => postings.of(word)));
  const allow = mask.allowed ?? scratch.everySection;
  const { rarities, blend, kept, keys, keptCount, coded } = pruningOf(input, terms, termPostings, mask, limit);

  // Plain loops, not forEach: counters a closure updates live in memory, not in registers.
  for (let t = 0; t < terms.length; t++) {
    const rarity = rarities[t]!;
    if (rarity === 0) continue;
    // Best word first: then a section's first match in a field is its best one there, and every
    // later match in that field is skipped with one comparison.
    const byWeight = terms[t]!.words.map(({ weight }, w) => ({ weight, lists: termPostings[t]![w]! })).sort((a, b) => b.weight - a.weight);
    let termCount = 0;
    for (let f = 0; f < TEXT_FIELDS.length; f++) {
      const field = TEXT_FIELDS[f]!;
      const own = field === 'title' ? 0 : 1;
      const pass = f + 1;
      // The kept sections where term t matches field f and no better word's list had them yet.
      let pendingCount = keptCount < 0 ? -1 : sectionsWithBit(keptSections, keptCount, codes, matchBit(t, f), pending);
      for (let w = 0; w < byWeight.length && pendingCount !== 0; w++) {
        const { weight: match, lists } = byWeight[w]!;
        const weight = scaledWeight(field, match);
        let ids = lists[f]!;
        let count = ids.length;
        const lookUp = pendingCount > 0 && pendingCount * LOOKUP_RATIO < count;
        if (lookUp && w === byWeight.length - 1) {
          // One of the term's words has each pending section in this field (that set its bit): this one.
          ids = pending;
          count = pendingCount;
        } else if (lookUp) {
          count = commonIds(pending, pendingCount, ids, common);
          ids = common;
          pendingCount = withoutIds(pending, pendingCount, common, count);
        }
        for (let i = 0; i < count; i++) {
          const id = ids[i]!;
          if (kept[keys[id]!] === 0 || allow[id] === 0) continue;
          const at = id * STRIDE;
          if (term[at + FIELD] === pass) continue;
          term[at + FIELD] = pass;
          const sum = term[at + SUM]!;
          if (sum === 0) termMatches[termCount++] = id;
          term[at + SUM] = sum + weight;
          if (weight > term[at + TOP]!) term[at + TOP] = weight;
          if (own === 1) term[at + OWN] = 1;
        }
      }
    }
    const bit = 1 << t;
    const titleBit = matchBit(t, TITLE_FIELD);
    for (let i = 0; i < termCount; i++) {
      const id = termMatches[i]!;
      const at = id * STRIDE;
      if (matched[id] === 0) candidates[candidateCount++] = id;
      matched[id]! |= bit;
      if ((codes[id]! & titleBit) !== 0) titled[id]! |= bit;
      ownMatch[id]! |= term[at + OWN]!;
      score[id]! += termWorth(term[at + TOP]!, term[at + SUM]!) * rarity;
      term[at + FIELD] = 0;
      term[at + SUM] = 0;
      term[at + TOP] = 0;
      term[at + OWN] = 0;
    }
  }
  const best = bestSections(input, candidates.subarray(0, candidateCount), blend, limit);
  // Every section that can rank has its code (see Pruning.coded).
  let textBits = 0;
  for (let t = 0; t < terms.length; t++) textBits |= matchBit(t, TEXT_FIELD);
  for (const hit of best) hit.inText = (codes[hit.id]! & textBits) !== 0;
  if (coded < 0) codes.fill(0);
  else for (let i = 0; i < coded; i++) codes[scratch.coded[i]!] = 0;
  return best;
}

/**
 * The `limit` best of `candidates` in order, clearing their entries of the scratch arrays;
 * `blend` turns what a section matched into its score.
 */
function bestSections({ leads, boosts, scratch }: RankingInput, candidates: Int32Array, blend: RankBlend, limit: number): RankedSection[] {
  const { matched, titled, ownMatch, score } = scratch;
  const { coverageOf } = blend;
  // Keep the best `limit` in order: cheaper than sorting every candidate of a common word.
  const best: RankedSection[] = [];
  for (let i = 0; i < candidates.length; i++) {
    const id = candidates[i]!;
    const own = ownMatch[id];
    const sectionScore = blend.score(coverageOf[matched[id]!]!, coverageOf[titled[id]!]!, boosts ? score[id]! * boosts[id]! : score[id]!);
    matched[id] = 0;
    titled[id] = 0;
    ownMatch[id] = 0;
    score[id] = 0;
    if (own === 0 && leads[id] === 0) continue;
    if (best.length === limit && compareRanked(id, sectionScore, best[limit - 1]!, leads) >= 0) continue;
    let at = best.length;
    while (at > 0 && compareRanked(id, sectionScore, best[at - 1]!, leads) < 0) at--;
    best.splice(at, 0, { id, score: sectionScore, inText: false });
    if (best.length > limit) best.pop();
  }
  return best;
}

/** Negative when section `id` (with `score`) ranks before `b`. Floating-point noise counts as a tie. */
function compareRanked(id: number, score: number, b: RankedSection, leads: Uint8Array): number {
  return compareDesc(score, b.score) || leads[b.id]! - leads[id]! || id - b.id;
}

function compareDesc(a: number, b: number): number {
  return Math.abs(a - b) < TIE_TOLERANCE ? 0 : b - a;
}
