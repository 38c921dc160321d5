// Which fields each query term matches in each section, as one number per section: enough to
// know every term's rarity, every section's coverage, and bounds of its score, before scoring.
import { TEXT_FIELDS } from './flex-document.js';
import { CodeCounts } from './code-counts.js';
import type { FieldPostings } from './posting-lists.js';

/** Bits per term in a match code: one per field, in TEXT_FIELDS order. */
export const BITS_PER_TERM = TEXT_FIELDS.length;
/**
 * Queries with more terms have too many codes to count one by one: they are pruned section by
 * section (see section-bounds.ts).
 */
export const MAX_PRUNED_TERMS = 5;
/** The field bit of a term in the page title, and those outside it. */
export const TITLE_BITS = 1 << TEXT_FIELDS.indexOf('title');
export const OWN_FIELDS = ((1 << BITS_PER_TERM) - 1) & ~TITLE_BITS;

/**
 * Sets bit `BITS_PER_TERM * t + f` of `codes[id]` for every section whose field f matches term
 * t through any of its words; `postings[t]` holds the posting lists of term t's words. One
 * store per posting and no branch: the cheapest walk over every posting.
 */
export function markMatches(postings: readonly (readonly FieldPostings[])[], codes: Int32Array): void {
  for (let t = 0; t < postings.length; t++) {
    for (const lists of postings[t]!) {
      for (let f = 0; f < lists.length; f++) {
        const bit = matchBit(t, f);
        const ids = lists[f]!;
        for (let i = 0; i < ids.length; i++) codes[ids[i]!]! |= bit;
      }
    }
  }
}

/**
 * markMatches, listing in `listed` every section with a code and returning how many: what the
 * count of codes and their clearing then read, instead of every section. The first `count`
 * entries of `listed` are sections with a code already.
 *
 * A query whose postings are few next to the sections lists each newly coded one as it marks
 * it. Otherwise a test per posting would cost more than the branchless marking and one pass
 * over every section after it (on the 10,000-page bench site, questions took a third longer),
 * and that pass lists them all again, in id order.
 */
export function markAndListMatches(postings: readonly (readonly FieldPostings[])[], codes: Int32Array, listed: Int32Array, count: number): number {
  let total = 0;
  for (const lists of postings) for (const fields of lists) for (const ids of fields) total += ids.length;
  if (total * DENSE_POSTINGS >= codes.length) {
    markMatches(postings, codes);
    let listedCount = 0;
    for (let id = 0; id < codes.length; id++) if (codes[id] !== 0) listed[listedCount++] = id;
    return listedCount;
  }
  for (let t = 0; t < postings.length; t++) {
    for (const lists of postings[t]!) {
      for (let f = 0; f < lists.length; f++) {
        const bit = matchBit(t, f);
        const ids = lists[f]!;
        for (let i = 0; i < ids.length; i++) {
          const id = ids[i]!;
          const code = codes[id]!;
          if (code === 0) listed[count++] = id;
          codes[id] = code | bit;
        }
      }
    }
  }
  return count;
}

/** markAndListMatches marks and lists at once when a query's postings are fewer than the sections over this. */
const DENSE_POSTINGS = 2;

/** The bit of a code that says term `t` matches field `f` (an index into TEXT_FIELDS). */
export function matchBit(t: number, f: number): number {
  return 1 << (BITS_PER_TERM * t + f);
}

/** Room for the codes of a query of MAX_PRUNED_TERMS terms (see CodeCounts). */
export function codeCountsOfPrunedQueries(): CodeCounts {
  return new CodeCounts(BITS_PER_TERM * MAX_PRUNED_TERMS);
}

/**
 * Per term, the allowed sections it can return (matches outside the page title, and title
 * matches of page introductions), read from the codes of the first `count` sections of `listed`
 * (every section with a code: see markAndListMatches); the allowed sections per code are counted in
 * `counts`, cleared first. For queries of at most MAX_PRUNED_TERMS terms.
 */
export function countMatches(
  codes: Int32Array,
  listed: Int32Array,
  count: number,
  terms: number,
  leads: Uint8Array,
  allow: Uint8Array,
  counts: CodeCounts,
): number[] {
  if (terms > MAX_PRUNED_TERMS) throw new Error(`countMatches: ${terms} terms, at most ${MAX_PRUNED_TERMS}`);
  counts.clear();
  for (let i = 0; i < count; i++) {
    const id = listed[i]!;
    counts.add(codes[id]!, leads[id]!, allow[id]!);
  }
  const matching = new Array<number>(terms).fill(0);
  for (let i = 0; i < counts.length; i++) {
    const code = counts.codes[i]!;
    const lead = counts.counts[2 * code + 1]!;
    const all = lead + counts.counts[2 * code]!;
    for (let t = 0; t < terms; t++) {
      const fields = fieldsOf(code, t);
      matching[t]! += (canReturn(fields, true) ? lead : 0) + (canReturn(fields, false) ? all - lead : 0);
    }
  }
  return matching;
}

/** What scoring a term's match in a section may give, per field matched. */
export interface TermBounds {
  /** Weight of a match in each field (times the ranking's weight scale), at the term's worst and best word. */
  low: readonly number[];
  high: readonly number[];
}

/** How the ranking turns a term's field weights into its worth (before rarity): see rankSections. */
export type TermWorth = (top: number, sum: number) => number;

/** How the ranking turns what a section matches into its score (see rankSections): what bounds a group's scores. */
export interface RankBlend {
  /** Coverage by set of matched terms (bit t for term t): the share of the terms' total rarity. */
  coverageOf: Float64Array;
  /**
   * The score before boost: increasing in each argument, and linear, so that it is the sum of
   * each term's score alone (coverage and title coverage being sums over terms too).
   */
  score(coverage: number, titleCoverage: number, fieldScore: number): number;
  /** The least and the greatest boost of any section: it multiplies the field score. */
  boosts: readonly [number, number];
}

/** What a query's terms weigh (see rankSections), to bound the scores of a code's sections. */
export interface CodeScoring {
  rarities: readonly number[];
  bounds: readonly TermBounds[];
  worth: TermWorth;
  blend: RankBlend;
}

/** Bounds of the scores of sections with `code`, and whether it holds a match outside the page title; null for a code that matches no weighed term. */
export function codeBounds(code: number, { rarities, bounds, worth, blend }: CodeScoring): { low: number; high: number; own: boolean } | null {
  let matched = 0;
  let titled = 0;
  let own = false;
  let low = 0;
  let high = 0;
  for (let t = 0; t < rarities.length; t++) {
    const fields = fieldsOf(code, t);
    if (fields === 0 || rarities[t] === 0) continue;
    matched |= 1 << t;
    if ((fields & TITLE_BITS) !== 0) titled |= 1 << t;
    own ||= (fields & OWN_FIELDS) !== 0;
    low += rarities[t]! * worthOf(fields, bounds[t]!.low, worth);
    high += rarities[t]! * worthOf(fields, bounds[t]!.high, worth);
  }
  if (matched === 0) return null;
  const [coverage, titleCoverage] = [blend.coverageOf[matched]!, blend.coverageOf[titled]!];
  return { low: blend.score(coverage, titleCoverage, low * blend.boosts[0]), high: blend.score(coverage, titleCoverage, high * blend.boosts[1]), own };
}

/** The bar codes were kept by (see keptCodes), and whether `limit` returnable sections reach it. */
export interface KeptCodes {
  bar: number;
  filled: boolean;
}

/**
 * Marks in `counts.kept` the codes whose sections may rank among the best `limit`: every code
 * gives its sections one coverage, one title coverage and bounds of their field score, so bounds
 * of their score. Codes are taken by the low bound of their scores until they hold `limit`
 * sections that may be returned; the last one's low bound is then a score `limit` sections reach
 * (the bar), and a code whose high bound is below it is left out. `tolerance` is the ranking's:
 * closer values are ties.
 */
export function keptCodes(counts: CodeCounts, scoring: CodeScoring, limit: number, tolerance: number): KeptCodes {
  const groups: SectionGroup[] = [];
  for (let i = 0; i < counts.length; i++) {
    const code = counts.codes[i]!;
    const lead = counts.counts[2 * code + 1]!;
    const other = counts.counts[2 * code]!;
    if (lead + other === 0) continue;
    const group = codeBounds(code, scoring);
    if (group) groups.push({ code, low: group.low, high: group.high, returnable: lead + (group.own ? other : 0) });
  }
  if (groups.length === 0) return { bar: Number.POSITIVE_INFINITY, filled: false };
  groups.sort((a, b) => b.low - a.low);
  let held = 0;
  let last = groups.length - 1;
  for (let i = 0; i < groups.length; i++) {
    held += groups[i]!.returnable;
    if (held >= limit) {
      last = i;
      break;
    }
  }
  const bar = groups[last]!.low;
  for (const group of groups) if (group.high >= bar - tolerance) counts.kept[group.code] = 1;
  return { bar, filled: held >= limit };
}

/** Sections that share a code: bounds of their score, and how many may be returned. */
interface SectionGroup {
  code: number;
  low: number;
  high: number;
  returnable: number;
}

/**
 * Whether a section whose `fields` match a term can be returned for it: a match outside the
 * page title, or a title match of the page's introduction (`lead`).
 */
function canReturn(fields: number, lead: boolean): boolean {
  return (fields & OWN_FIELDS) !== 0 || (fields !== 0 && lead);
}

/** The field bits of term `t` in `code`. */
function fieldsOf(code: number, t: number): number {
  return (code >>> (BITS_PER_TERM * t)) & ((1 << BITS_PER_TERM) - 1);
}

/** A term's worth when it matches the fields in `fields`, each at `weights[f]`. */
export function worthOf(fields: number, weights: readonly number[], worth: TermWorth): number {
  let top = 0;
  let sum = 0;
  for (let f = 0; f < BITS_PER_TERM; f++) {
    if ((fields & (1 << f)) === 0) continue;
    top = Math.max(top, weights[f]!);
    sum += weights[f]!;
  }
  return worth(top, sum);
}

/** How many allowed sections have a code that keptCodes kept. */
export function sectionsKept({ codes, counts, kept, length }: CodeCounts): number {
  let sections = 0;
  for (let i = 0; i < length; i++) {
    const code = codes[i]!;
    if (kept[code] === 1) sections += counts[2 * code]! + counts[2 * code + 1]!;
  }
  return sections;
}

/** Writes to `out` the allowed sections among the first `count` of `ids` whose code `kept` keeps, in order, and returns how many. */
export function sectionsAmong(ids: Int32Array, count: number, codes: Int32Array, kept: Uint8Array, allow: Uint8Array, out: Int32Array): number {
  let found = 0;
  for (let i = 0; i < count; i++) {
    const id = ids[i]!;
    if (kept[codes[id]!] === 1 && allow[id] === 1) out[found++] = id;
  }
  return found;
}

/** Writes to `out` the first `count` of `ids` whose code has `bit` set, in order, and returns how many. */
export function sectionsWithBit(ids: Int32Array, count: number, codes: Int32Array, bit: number, out: Int32Array): number {
  let found = 0;
  for (let i = 0; i < count; i++) if ((codes[ids[i]!]! & bit) !== 0) out[found++] = ids[i]!;
  return found;
}
