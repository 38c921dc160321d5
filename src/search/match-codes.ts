// Which fields each query term matches in each section, as one number per section: enough to
// know every term's rarity, every section's coverage, and bounds of its score, before scoring.
import { TEXT_FIELDS } from './flex-document.js';
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
 * t through any of its words; `postings[t]` holds the posting lists of term t's words. Lists in
 * `listed` every section with a code, and returns how many: what the count of codes and their
 * clearing then read, instead of every section. The first `count` entries of `listed` are
 * sections with a code already; the others are listed after them.
 */
export function markMatches(postings: readonly (readonly FieldPostings[])[], codes: Int32Array, listed: Int32Array, count: number): number {
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

/** The bit of a code that says term `t` matches field `f` (an index into TEXT_FIELDS). */
export function matchBit(t: number, f: number): number {
  return 1 << (BITS_PER_TERM * t + f);
}

/** How many allowed sections have each code: at `2 * code + 1` the page introductions (leads), at `2 * code` the others. */
export type CodeCounts = Int32Array;

/**
 * Counts kept side by side while counting. Most sections of a query share a code (0, or one
 * common word's), and one array slot incremented section after section waits on its own last
 * store every time: four interleaved sets of counts halved the time of the count. (The loop in
 * countMatches is written out for four.)
 */
const COUNT_LANES = 4;

/** Room for the counts of every code of a query with MAX_PRUNED_TERMS terms (see COUNT_LANES). */
export function codeCountsBuffer(): Int32Array {
  return new Int32Array(COUNT_LANES * (2 << (BITS_PER_TERM * MAX_PRUNED_TERMS)));
}

/**
 * Per term, the allowed sections it can return (matches outside the page title, and title
 * matches of page introductions), read from the codes of the first `count` sections of `listed`
 * (every section with a code: see markMatches); and the allowed sections per code, counted in
 * `buffer` (see codeCountsBuffer). For queries of at most MAX_PRUNED_TERMS terms.
 */
export function countMatches(
  codes: Int32Array,
  listed: Int32Array,
  count: number,
  terms: number,
  leads: Uint8Array,
  allow: Uint8Array,
  buffer: Int32Array,
): { matching: number[]; counts: CodeCounts } {
  if (terms > MAX_PRUNED_TERMS) throw new Error(`countMatches: ${terms} terms, at most ${MAX_PRUNED_TERMS}`);
  const matching = new Array<number>(terms).fill(0);
  const size = 2 << (BITS_PER_TERM * terms);
  const lanes = buffer.subarray(0, COUNT_LANES * size);
  lanes.fill(0);
  const end = count - (count % COUNT_LANES);
  let i = 0;
  for (; i < end; i += COUNT_LANES) {
    const a = listed[i]!;
    const b = listed[i + 1]!;
    const c = listed[i + 2]!;
    const d = listed[i + 3]!;
    lanes[(codes[a]! << 1) | leads[a]!]! += allow[a]!;
    lanes[size + ((codes[b]! << 1) | leads[b]!)]! += allow[b]!;
    lanes[2 * size + ((codes[c]! << 1) | leads[c]!)]! += allow[c]!;
    lanes[3 * size + ((codes[d]! << 1) | leads[d]!)]! += allow[d]!;
  }
  for (; i < count; i++) {
    const id = listed[i]!;
    lanes[(codes[id]! << 1) | leads[id]!]! += allow[id]!;
  }
  const counts = lanes.subarray(0, size);
  for (let lane = 1; lane < COUNT_LANES; lane++) for (let at = 0; at < size; at++) counts[at]! += lanes[lane * size + at]!;
  for (let code = 1; 2 * code < counts.length; code++) {
    const lead = counts[2 * code + 1]!;
    const all = lead + counts[2 * code]!;
    if (all === 0) continue;
    for (let t = 0; t < terms; t++) {
      const fields = fieldsOf(code, t);
      matching[t]! += (canReturn(fields, true) ? lead : 0) + (canReturn(fields, false) ? all - lead : 0);
    }
  }
  return { matching, counts };
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

/** The codes kept (1 at a kept code), the bar they were kept by, and whether `limit` returnable sections reach it. */
export interface KeptCodes {
  kept: Uint8Array;
  bar: number;
  filled: boolean;
}

/**
 * The codes whose sections may rank among the best `limit`: every code gives its sections one
 * coverage, one title coverage and bounds of their field score, so bounds of their score (see
 * keptGroups). `tolerance` is the ranking's: closer values are ties.
 */
export function keptCodes(counts: CodeCounts, scoring: CodeScoring, limit: number, tolerance: number): KeptCodes {
  const entries: SectionGroup[] = [];
  for (let code = 1; 2 * code < counts.length; code++) {
    const lead = counts[2 * code + 1]!;
    const other = counts[2 * code]!;
    if (lead + other === 0) continue;
    const group = codeBounds(code, scoring);
    if (group) entries.push({ code, low: group.low, high: group.high, returnable: lead + (group.own ? other : 0) });
  }
  return keptGroups(entries, counts.length >> 1, limit, tolerance);
}

/** Sections that share a code: bounds of their score, and how many may be returned. */
interface SectionGroup {
  code: number;
  low: number;
  high: number;
  returnable: number;
}

/**
 * The groups whose sections may rank among the best `limit`, as 1 at their code in a table of
 * `size`: groups are taken by the low bound of their scores until they hold `limit` sections that
 * may be returned; the last one's low bound is then a score `limit` sections reach (the bar), and
 * a group whose high bound is below it is left out.
 */
function keptGroups(entries: SectionGroup[], size: number, limit: number, tolerance: number): KeptCodes {
  entries.sort((a, b) => b.low - a.low);
  const kept = new Uint8Array(size);
  if (entries.length === 0) return { kept, bar: Number.POSITIVE_INFINITY, filled: false };
  let held = 0;
  let last = entries.length - 1;
  for (let i = 0; i < entries.length; i++) {
    held += entries[i]!.returnable;
    if (held >= limit) {
      last = i;
      break;
    }
  }
  const bar = entries[last]!.low;
  for (const entry of entries) if (entry.high >= bar - tolerance) kept[entry.code] = 1;
  return { kept, bar, filled: held >= limit };
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

/** How many allowed sections have a code that `kept` (see keptCodes) keeps. */
export function sectionsKept(counts: CodeCounts, kept: Uint8Array): number {
  let sections = 0;
  for (let code = 1; code < kept.length; code++) if (kept[code] === 1) sections += counts[2 * code]! + counts[2 * code + 1]!;
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
