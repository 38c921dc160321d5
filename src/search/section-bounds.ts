// Pruning for queries of more than MAX_PRUNED_TERMS terms, whose match codes are too many to count
// one by one. A section's code still tells which fields match each term, so bounds of its score
// are read from it, a chunk of CHUNK_TERMS terms at a time through tables made for the query: the
// score of the `limit`-th best low bound is a bar that many sections reach, and only sections whose
// high bound reaches it are kept. Bounds differ only by which of a term's words matched (the walk
// finds that), so few sections are kept even when every term is common.
import { BITS_PER_TERM, type CodeScoring, MAX_PRUNED_TERMS, OWN_FIELDS, TITLE_BITS, worthOf } from './match-codes.js';
import { MAX_QUERY_TERMS } from './query-terms.js';

/** Terms whose field bits one table lookup reads (a 9-bit chunk of a code). */
const CHUNK_TERMS = 3;
const CHUNK_BITS = CHUNK_TERMS * BITS_PER_TERM;
const CHUNK_MASK = (1 << CHUNK_BITS) - 1;
const CHUNKS = Math.ceil(MAX_QUERY_TERMS / CHUNK_TERMS);

/** Per chunk of a code, one bit per term matching any field, and outside the title. */
const ANY_FIELD = chunkTable((fields) => fields !== 0);
const OWN_FIELD = chunkTable((fields) => (fields & OWN_FIELDS) !== 0);

if (BITS_PER_TERM * MAX_QUERY_TERMS > 31) throw new Error('section-bounds: the codes of a query do not fit 31 bits');

/** Per term, the allowed sections it can return (as countMatches gives it): matches outside the page title, and title matches of page introductions. */
export function countTerms(codes: Int32Array, terms: number, leads: Uint8Array, allow: Uint8Array): number[] {
  if (terms <= MAX_PRUNED_TERMS) throw new Error(`countTerms: ${terms} terms; count their codes instead`);
  const matching = new Array<number>(terms).fill(0);
  // Allowed sections by the set of terms they can return.
  const returning = new Int32Array(1 << terms);
  for (let id = 0; id < codes.length; id++) {
    const code = codes[id]!;
    if (code === 0 || allow[id] === 0) continue;
    returning[termBits(code, OWN_FIELD) | (leads[id] === 1 ? termBits(code, ANY_FIELD) : 0)]!++;
  }
  for (let set = 1; set < returning.length; set++) {
    const sections = returning[set]!;
    if (sections === 0) continue;
    for (let t = 0; t < terms; t++) if ((set & (1 << t)) !== 0) matching[t]! += sections;
  }
  return matching;
}

/** What keptByBounds needs of the ranking: how it scores, per term, and the per-section arrays it writes. */
export interface BoundsInput extends CodeScoring {
  leads: Uint8Array;
  allow: Uint8Array;
  /** Set to 1 for a kept section, 0 for any other. */
  keys: Int32Array;
  /** Gets the kept sections, in id order; `upper` is working room of one number per section. */
  out: Int32Array;
  upper: Float64Array;
}

/**
 * Marks in `keys` and lists in `out` the allowed sections (with a nonzero code) that may rank
 * among the best `limit`, and returns how many; `tolerance` is the ranking's.
 */
export function keptByBounds(codes: Int32Array, input: BoundsInput, limit: number, tolerance: number): number {
  const { leads, allow, keys, out, upper } = input;
  const chunks = Math.ceil(input.rarities.length / CHUNK_TERMS);
  const [bottoms, tops] = chunkScores(input, chunks);
  // The `limit` best low bounds of returnable sections, as a min-heap: its top is the bar.
  const heap = new Float64Array(limit);
  let heapSize = 0;
  let bar = -Infinity;
  let count = 0;
  for (let id = 0; id < codes.length; id++) {
    const code = codes[id]!;
    keys[id] = 0;
    if (code === 0 || allow[id] === 0) continue;
    let top = 0;
    let bottom = 0;
    let own = 0;
    for (let c = 0; c < chunks; c++) {
      const at = (c << CHUNK_BITS) | ((code >>> (c * CHUNK_BITS)) & CHUNK_MASK);
      top += tops[at]!;
      bottom += bottoms[at]!;
      own |= OWN_FIELD[at & CHUNK_MASK]!;
    }
    if (top < bar - tolerance) continue;
    upper[id] = top;
    out[count++] = id;
    // A section matching only through its page title is returned only as its page's introduction.
    if (own === 0 && leads[id] === 0) continue;
    if (heapSize < limit) {
      heapPush(heap, heapSize++, bottom);
      if (heapSize === limit) bar = heap[0]!;
    } else if (bottom > heap[0]!) {
      heapReplaceTop(heap, limit, bottom);
      bar = heap[0]!;
    }
  }
  let kept = 0;
  for (let i = 0; i < count; i++) {
    const id = out[i]!;
    if (upper[id]! < bar - tolerance) continue;
    keys[id] = 1;
    out[kept++] = id;
  }
  return kept;
}

/**
 * Per chunk c and its field bits b, at `c << CHUNK_BITS | b`: what the chunk's terms matching
 * those fields add to a section's score at the least (worst words, least boost) and at the most
 * (best words, greatest boost). The score is a weighted sum of per-term parts (see RankBlend),
 * so a section's bounds are the sums of its chunks'.
 */
function chunkScores({ rarities, bounds, worth, blend }: BoundsInput, chunks: number): [Float64Array, Float64Array] {
  const bottoms = new Float64Array(chunks << CHUNK_BITS);
  const tops = new Float64Array(chunks << CHUNK_BITS);
  const fieldMask = (1 << BITS_PER_TERM) - 1;
  const [least, most] = blend.boosts;
  for (let t = 0; t < rarities.length; t++) {
    const c = Math.floor(t / CHUNK_TERMS);
    const shift = (t % CHUNK_TERMS) * BITS_PER_TERM;
    const coverage = blend.coverageOf[1 << t]!;
    // The term's part per set of fields it matches, then added into every chunk value holding that set.
    const part = (fields: number, weights: readonly number[], boost: number): number =>
      fields === 0 ? 0 : blend.score(coverage, (fields & TITLE_BITS) !== 0 ? coverage : 0, rarities[t]! * worthOf(fields, weights, worth) * boost);
    const lows = Array.from({ length: fieldMask + 1 }, (_, fields) => part(fields, bounds[t]!.low, least));
    const highs = Array.from({ length: fieldMask + 1 }, (_, fields) => part(fields, bounds[t]!.high, most));
    for (let bits = 0; bits <= CHUNK_MASK; bits++) {
      const fields = (bits >>> shift) & fieldMask;
      bottoms[(c << CHUNK_BITS) | bits]! += lows[fields]!;
      tops[(c << CHUNK_BITS) | bits]! += highs[fields]!;
    }
  }
  return [bottoms, tops];
}

function heapPush(heap: Float64Array, size: number, value: number): void {
  let at = size;
  while (at > 0) {
    const parent = (at - 1) >> 1;
    if (heap[parent]! <= value) break;
    heap[at] = heap[parent]!;
    at = parent;
  }
  heap[at] = value;
}

function heapReplaceTop(heap: Float64Array, size: number, value: number): void {
  let at = 0;
  for (;;) {
    const left = 2 * at + 1;
    if (left >= size) break;
    const child = left + 1 < size && heap[left + 1]! < heap[left]! ? left + 1 : left;
    if (heap[child]! >= value) break;
    heap[at] = heap[child]!;
    at = child;
  }
  heap[at] = value;
}

/** One bit per term of `code`, as `table` tells it from each term's field bits. */
function termBits(code: number, table: Uint8Array): number {
  let bits = 0;
  for (let chunk = 0; chunk < CHUNKS; chunk++) bits |= table[(code >>> (chunk * CHUNK_BITS)) & CHUNK_MASK]! << (chunk * CHUNK_TERMS);
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
