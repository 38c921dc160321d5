// Ranks sections for a query: term lookups per field, weighted by field and rarity, all terms first.
import { TEXT_FIELDS, type TextField } from './flex-document.js';
import type { PostingLists } from './posting-lists.js';
import type { QueryTerm } from './query-terms.js';
import type { SectionMask } from './tag-mask.js';

/** How much a match in each field counts: a title beats a heading, a heading beats body text. */
export const FIELD_WEIGHTS: Readonly<Record<TextField, number>> = { title: 10, heading: 5, text: 1 };
/** Share of a term's other field matches added to its best one (title and body beats title alone). */
export const EXTRA_FIELD_FACTOR = 0.2;

/** What ranking needs of an index. */
export interface RankingInput {
  postings: PostingLists;
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
  // Per section, for the current term; doubles, so sums built from differences stay equal
  // (within compareDesc's tolerance) to the same sums built in another order:
  readonly termTop: Float64Array;
  readonly termSum: Float64Array;
  readonly termOwn: Uint8Array;
  /** The pass (term and field) that last matched each section: a match of a worse word in the same pass adds nothing. */
  readonly seenInPass: Int32Array;
  /** The current pass; it only grows, so `seenInPass` never needs clearing (but on overflow). */
  pass = 0;
  // Lists of section ids (each id at most once per list), filled from the start:
  readonly candidates: Int32Array;
  readonly termMatches: Int32Array;

  constructor(size: number) {
    this.matchedRarity = new Float64Array(size);
    this.score = new Float64Array(size);
    this.ownMatch = new Uint8Array(size);
    this.isCandidate = new Uint8Array(size);
    this.termTop = new Float64Array(size);
    this.termSum = new Float64Array(size);
    this.termOwn = new Uint8Array(size);
    this.seenInPass = new Int32Array(size);
    this.candidates = new Int32Array(size);
    this.termMatches = new Int32Array(size);
  }

  /** A pass number no section was marked with yet. */
  nextPass(): number {
    if (this.pass === 0x7fffffff) {
      this.seenInPass.fill(0);
      this.pass = 0;
    }
    return ++this.pass;
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
  const { postings, leads, scratch } = input;
  const { matchedRarity, score, ownMatch, isCandidate, termTop, termSum, termOwn, seenInPass, candidates, termMatches } = scratch;
  let candidateCount = 0;
  let totalRarity = 0;

  for (const { words } of terms) {
    // Best word first: then a section's first match in a field is its best one there, and every
    // later match in that field is skipped with one comparison. Walking the posting lists is most
    // of a query's time, and a data-dependent branch per posting is what it costs.
    const byWeight = [...words].sort((a, b) => b.weight - a.weight);
    let termCount = 0;
    for (const field of TEXT_FIELDS) {
      const own = field === 'title' ? 0 : 1;
      const pass = scratch.nextPass();
      for (const { word, weight: match } of byWeight) {
        const weight = FIELD_WEIGHTS[field] * match;
        const ids = postings.of(field, word);
        for (let i = 0; i < ids.length; i++) {
          const id = ids[i]!;
          if (seenInPass[id] === pass || (allowed !== null && allowed[id] !== 1)) continue;
          seenInPass[id] = pass;
          const sum = termSum[id]!;
          if (sum === 0) termMatches[termCount++] = id;
          termSum[id] = sum + weight;
          termTop[id] = Math.max(termTop[id]!, weight);
          if (own === 1) termOwn[id] = 1;
        }
      }
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
  // Coverage of the last kept section once `limit` are kept: most candidates fall clearly below it.
  let floor = -Infinity;
  for (let i = 0; i < candidateCount; i++) {
    const id = candidates[i]!;
    const own = ownMatch[id];
    const coverage = matchedRarity[id]! / totalRarity;
    const sectionScore = score[id]!;
    matchedRarity[id] = 0;
    score[id] = 0;
    ownMatch[id] = 0;
    isCandidate[id] = 0;
    if ((own === 0 && leads[id] === 0) || coverage < floor - TIE_TOLERANCE) continue;
    if (best.length === limit && compareRanked(id, coverage, sectionScore, best[limit - 1]!, leads) >= 0) continue;
    let at = best.length;
    while (at > 0 && compareRanked(id, coverage, sectionScore, best[at - 1]!, leads) < 0) at--;
    best.splice(at, 0, { id, coverage, score: sectionScore });
    if (best.length > limit) best.pop();
    if (best.length === limit) floor = best[limit - 1]!.coverage;
  }
  return best;
}

/** Negative when section `id` (with `coverage` and `score`) ranks before `b`. Floating-point noise counts as a tie. */
function compareRanked(id: number, coverage: number, score: number, b: RankedSection, leads: Uint8Array): number {
  return compareDesc(coverage, b.coverage) || compareDesc(score, b.score) || leads[b.id]! - leads[id]! || id - b.id;
}

/** Differences below this are floating-point noise: the same sum added up in another order. */
const TIE_TOLERANCE = 1e-9;

function compareDesc(a: number, b: number): number {
  return Math.abs(a - b) < TIE_TOLERANCE ? 0 : b - a;
}
