// Ranks sections for a query: one score blending how much of the query a section covers, how much
// of it its page title covers, and its matches weighted by field and rarity.
import { TEXT_FIELDS, type TextField } from './flex-document.js';
import {
  BITS_PER_TERM,
  codeBounds,
  codeCountsBuffer,
  type CodeScoring,
  countMatches,
  keptCodes,
  markMatches,
  matchBit,
  MAX_PRUNED_TERMS,
  sectionsKept,
  sectionsAmong,
  sectionsOfCodes,
  sectionsWithBit,
  type RankBlend,
  type TermBounds,
} from './match-codes.js';
import type { FieldPostings, PostingLists } from './posting-lists.js';
import { matchBits, prominentSections, returnableCounts } from './prominent-sections.js';
import { bitsLength } from './section-bits.js';
import { MATCH_WEIGHTS, MAX_QUERY_TERMS, type QueryTerm } from './query-terms.js';
import { commonIds, withoutIds } from './sorted-ids.js';
import type { SectionMask } from './tag-mask.js';
import { countTerms, keptByBounds } from './section-bounds.js';

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
}

/**
 * A term's weights in a section, times WEIGHT_SCALE, are small integers (checked below): a
 * byte each. On a large site a common query walks tens of thousands of postings of scattered
 * sections, and that walk is bound by cache misses: with a double per section in each of
 * several arrays it took three times as long as with the four bytes of a section side by side.
 */
const WEIGHT_SCALE = 10;
/** The position of the page title in TEXT_FIELDS (and in match codes). */
const TITLE_FIELD = TEXT_FIELDS.indexOf('title');
const TEXT_FIELD = TEXT_FIELDS.indexOf('text');
/** Bytes per section in RankingScratch.term, and what each holds. */
const STRIDE = 4;
const FIELD = 0;
const SUM = 1;
const TOP = 2;
const OWN = 3;

for (const field of Object.values(FIELD_WEIGHTS)) {
  for (const match of Object.values(MATCH_WEIGHTS)) {
    const scaled = field * match * WEIGHT_SCALE;
    if (Math.abs(scaled - Math.round(scaled)) > 1e-9) throw new Error(`ranking: weight ${field * match} is no multiple of 1/${WEIGHT_SCALE}`);
  }
}
if (Object.values(FIELD_WEIGHTS).reduce((a, b) => a + b, 0) * WEIGHT_SCALE > 0xff) throw new Error("ranking: a term's weights in a section do not fit a byte");
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
  /** Sections per match code, counted anew by each query (see countMatches). */
  readonly codeCounts = codeCountsBuffer();
  /** 1 for every section: the mask of a query that filters nothing. */
  readonly everySection: Uint8Array;
  // Lists of section ids (each id at most once per list), filled from the start:
  readonly candidates: Int32Array;
  readonly termMatches: Int32Array;
  readonly keptSections: Int32Array;
  readonly pending: Int32Array;
  readonly common: Int32Array;
  /** The prominent sections of a query (see prominent-sections.ts), filled from the start. */
  readonly prominent: Int32Array;
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
    this.prominent = new Int32Array(size);
    this.bitsLength = bitsLength(size);
    this.matchBits = new Int32Array(MAX_PRUNED_TERMS * BITS_PER_TERM * this.bitsLength);
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
  const { rarities, blend, kept, keys, keptCount, coded } =
    terms.length > MAX_PRUNED_TERMS ? widePruning(input, terms, termPostings, mask, limit) : narrowPruning(input, terms, termPostings, mask, limit);

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
  else for (let i = 0; i < coded; i++) codes[scratch.prominent[i]!] = 0;
  return best;
}

/** What pruning leaves the walk over the posting lists, and how the query scores. */
interface Pruning {
  rarities: number[];
  blend: RankBlend;
  /** 1 at the key of a section that may rank (see keys). */
  kept: Uint8Array;
  /** Per section, what `kept` is indexed by: its code, or on a wide query 1 when kept (see keptByBounds). */
  keys: Int32Array;
  /** How many kept sections scratch.keptSections lists; -1 when the walk reads every posting list whole instead. */
  keptCount: number;
  /** The sections with a code: the first this many of scratch.prominent, or any section when -1. */
  coded: number;
}

/**
 * Pruning of a query of at most MAX_PRUNED_TERMS terms, by counting the sections of every code:
 * of the prominent sections when they alone decide (see prominent-sections.ts), else of all.
 */
function narrowPruning(input: RankingInput, terms: readonly QueryTerm[], termPostings: FieldPostings[][], mask: SectionMask, limit: number): Pruning {
  const { leads, leadBits, scratch } = input;
  const { codes, keptSections } = scratch;
  const allow = mask.allowed ?? scratch.everySection;
  const words = terms.map((t) => t.words.map((w) => w.word));
  const bits = matchBits(words, termPostings, input.postings, scratch.bitsLength, scratch.matchBits);
  const scoring = scoringOf(input, terms, returnableCounts(bits, leadBits, mask.allowedBits), mask.visible);
  const { rarities, blend } = scoring;
  const longest = longestList(termPostings);
  const prominent = prominentSections(bits, leadBits, mask.allowedBits, codes, scratch.codeCounts, scratch.prominent);
  const counted = keptCodes(scratch.codeCounts.subarray(0, 2 << (BITS_PER_TERM * terms.length)), scoring, limit, TIE_TOLERANCE);
  const bodyOnly = codeBounds(bits.textCode, scoring);
  if (counted.filled && (bodyOnly === null || bodyOnly.high < counted.bar - TIE_TOLERANCE)) {
    scratch.prunings.prominent++;
    const keptCount = sectionsAmong(scratch.prominent, prominent, codes, counted.kept, allow, keptSections);
    return { rarities, blend, kept: counted.kept, keys: codes, keptCount: keptCount * LOOKUP_RATIO >= longest ? -1 : keptCount, coded: prominent };
  }
  // Every section's code: the prominent ones have theirs already, and marking them again sets the same bits.
  scratch.prunings.codes++;
  markMatches(termPostings, codes);
  const { counts } = countMatches(codes, terms.length, leads, allow, scratch.codeCounts);
  const { kept } = keptCodes(counts, scoring, limit, TIE_TOLERANCE);
  // When few sections are kept (a common query keeps a few hundred of the tens of thousands its
  // lists hold), the walk looks them up in the posting lists instead of reading every list whole.
  const keptCount = sectionsKept(counts, kept) * LOOKUP_RATIO >= longest ? -1 : sectionsOfCodes(codes, kept, allow, keptSections);
  return { rarities, blend, kept, keys: codes, keptCount, coded: -1 };
}

/** Pruning of a query of more than MAX_PRUNED_TERMS terms, section by section (see section-bounds.ts). */
function widePruning(input: RankingInput, terms: readonly QueryTerm[], termPostings: FieldPostings[][], mask: SectionMask, limit: number): Pruning {
  const { leads, scratch } = input;
  const allow = mask.allowed ?? scratch.everySection;
  scratch.prunings.sections++;
  markMatches(termPostings, scratch.codes);
  const scoring = scoringOf(input, terms, countTerms(scratch.codes, terms.length, leads, allow), mask.visible);
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

/** The blend of a query whose terms have `rarities`, on an index whose sections have `boosts`. */
function rankBlend(rarities: readonly number[], boosts: Float64Array | null): RankBlend {
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
function termWorth(top: number, sum: number): number {
  return (top + EXTRA_FIELD_FACTOR * (sum - top)) / WEIGHT_SCALE;
}

/** The weight of a match in `field` through a word matching with weight `match`, times WEIGHT_SCALE. */
function scaledWeight(field: TextField, match: number): number {
  return Math.round(FIELD_WEIGHTS[field] * match * WEIGHT_SCALE);
}

/** The weights a term's match in each field may have, at its worst and its best word. */
function termBounds({ words }: QueryTerm): TermBounds {
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

/** Negative when section `id` (with `score`) ranks before `b`. Floating-point noise counts as a tie. */
function compareRanked(id: number, score: number, b: RankedSection, leads: Uint8Array): number {
  return compareDesc(score, b.score) || leads[b.id]! - leads[id]! || id - b.id;
}

/** `kept` of a wide query: its keys are 1 for the kept sections. */
const KEPT_KEY = Uint8Array.of(0, 1);

/** A posting list is searched for the kept sections when it is this many times longer than their list, else read whole. */
const LOOKUP_RATIO = 8;

/** Differences below this are floating-point noise: the same sum added up in another order. */
const TIE_TOLERANCE = 1e-9;

function compareDesc(a: number, b: number): number {
  return Math.abs(a - b) < TIE_TOLERANCE ? 0 : b - a;
}
