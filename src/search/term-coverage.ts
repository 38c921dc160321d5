// Pruning for queries of more than MAX_PRUNED_TERMS terms, whose match codes are too many to count
// one by one: each section gets a key of one bit per term it matches (and whether it matches one
// outside the page title), few enough to count, and that gives every key's coverage exactly.
// A key gives its sections' coverage exactly, but not which fields matched: their scores are
// bounded as if each term matched in its worst field at the least and in every field at the most,
// and their title coverage as anything from none to all they match. Looser bounds than a code's,
// so fewer sections are left out.
import {
  BITS_PER_TERM,
  keptGroups,
  MAX_PRUNED_TERMS,
  OWN_FIELDS,
  type CodeCounts,
  type RankBlend,
  type SectionGroup,
  type TermBounds,
  type TermWorth,
  worthOf,
} from './match-codes.js';
import { MAX_QUERY_TERMS } from './query-terms.js';

/** Terms whose field bits one table lookup turns into one bit per term (a 9-bit chunk of a code). */
const CHUNK_TERMS = 3;
const CHUNK_BITS = CHUNK_TERMS * BITS_PER_TERM;
const CHUNKS = Math.ceil(MAX_QUERY_TERMS / CHUNK_TERMS);

/** Per chunk of a code, one bit per term matching any field, and one per term matching a field outside the title. */
const ANY_FIELD = chunkTable((fields) => fields !== 0);
const OWN_FIELD = chunkTable((fields) => (fields & OWN_FIELDS) !== 0);

if (BITS_PER_TERM * MAX_QUERY_TERMS > 31) throw new Error('term-coverage: the codes of a query do not fit 31 bits');

/**
 * Per term, the allowed sections it can return (as countMatches gives it), and the allowed
 * sections per key, at `2 * key + 1` the page introductions (leads), at `2 * key` the others.
 * A section's key, also written to `keys[id]`, is `matched << 1 | own`: bit t of `matched` when it
 * matches term t in any field, `own` when it matches some term outside the page title.
 */
export function countCoverage(
  codes: Int32Array,
  terms: number,
  leads: Uint8Array,
  allow: Uint8Array,
  keys: Int32Array,
  buffer: Int32Array,
): { matching: number[]; counts: CodeCounts } {
  if (terms <= MAX_PRUNED_TERMS) throw new Error(`countCoverage: ${terms} terms; count their codes instead`);
  if (buffer.length < (2 << (terms + 1)) + (1 << terms)) throw new Error(`countCoverage: no room to count ${terms} terms`);
  const counts = buffer.subarray(0, 2 << (terms + 1));
  // Allowed sections by the terms they can return (see countMatches).
  const returning = buffer.subarray(counts.length, counts.length + (1 << terms));
  counts.fill(0);
  returning.fill(0);
  for (let id = 0; id < codes.length; id++) {
    const code = codes[id]!;
    const any = termBits(code, ANY_FIELD);
    const own = termBits(code, OWN_FIELD);
    const lead = leads[id]!;
    const key = (any << 1) | (own === 0 ? 0 : 1);
    keys[id] = key;
    counts[(key << 1) | lead]! += allow[id]!;
    returning[own | (lead === 1 ? any : 0)]! += allow[id]!;
  }
  const matching = new Array<number>(terms).fill(0);
  for (let set = 1; set < returning.length; set++) {
    const sections = returning[set]!;
    if (sections === 0) continue;
    for (let t = 0; t < terms; t++) if ((set & (1 << t)) !== 0) matching[t]! += sections;
  }
  return { matching, counts };
}

/**
 * The keys (see countCoverage) whose sections may rank among the best `limit`, by bounds of their
 * scores (see keptGroups); `bounds`, `worth` and `blend` are the ranking's, `tolerance` its ties.
 */
export function keptByCoverage(
  counts: CodeCounts,
  rarities: readonly number[],
  bounds: readonly TermBounds[],
  worth: TermWorth,
  blend: RankBlend,
  limit: number,
  tolerance: number,
): Uint8Array {
  const everyField = (1 << BITS_PER_TERM) - 1;
  // Per term, its worth at the least (one field, the worst word) and at the most (every field, the best word).
  const least = bounds.map((b, t) => rarities[t]! * Math.min(...b.low.map((_, f) => worthOf(1 << f, b.low, worth))));
  const most = bounds.map((b, t) => rarities[t]! * worthOf(everyField, b.high, worth));
  const entries: SectionGroup[] = [];
  for (let key = 1; 2 * key < counts.length; key++) {
    const lead = counts[2 * key + 1]!;
    const other = counts[2 * key]!;
    const matched = key >>> 1;
    if (lead + other === 0 || matched === 0) continue;
    let low = 0;
    let high = 0;
    for (let t = 0; t < rarities.length; t++) {
      if ((matched & (1 << t)) === 0) continue;
      low += least[t]!;
      high += most[t]!;
    }
    const coverage = blend.coverageOf[matched]!;
    // A section matching only through page titles is returned only as its page's introduction.
    entries.push({
      code: key,
      low: blend.score(coverage, 0, low * blend.boosts[0]),
      high: blend.score(coverage, coverage, high * blend.boosts[1]),
      returnable: lead + ((key & 1) === 1 ? other : 0),
    });
  }
  return keptGroups(entries, counts.length >> 1, limit, tolerance);
}

/** One bit per term of `code`, as `table` (ANY_FIELD or OWN_FIELD) tells it from each term's field bits. */
function termBits(code: number, table: Uint8Array): number {
  let bits = 0;
  for (let chunk = 0; chunk < CHUNKS; chunk++) bits |= table[(code >>> (chunk * CHUNK_BITS)) & ((1 << CHUNK_BITS) - 1)]! << (chunk * CHUNK_TERMS);
  return bits;
}

/** For every chunk of CHUNK_TERMS terms' field bits, the bit set of the terms whose fields pass `test`. */
function chunkTable(test: (fields: number) => boolean): Uint8Array {
  const table = new Uint8Array(1 << CHUNK_BITS);
  for (let chunk = 0; chunk < table.length; chunk++) {
    for (let t = 0; t < CHUNK_TERMS; t++) if (test((chunk >>> (t * BITS_PER_TERM)) & ((1 << BITS_PER_TERM) - 1))) table[chunk]! |= 1 << t;
  }
  return table;
}
