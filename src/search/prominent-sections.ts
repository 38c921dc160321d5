// Pruning by the prominent sections first: those where a query term is in the page title or a
// heading. On a large site a common word is in the body text of a quarter of all sections but in
// the titles and headings of a few hundred, and those usually hold the best `limit` hits: a title
// match outweighs any number of body matches (see rankSections). So the ranking first reads each
// term's matches as bits (see section-bits.ts), counts from them how many sections each term can
// return (its rarity), and takes match codes (see match-codes.ts) for the prominent sections
// alone. When their best groups hold `limit` returnable sections above anything a section
// matching only in body text could score, no other section can rank, and the per-section passes
// over the whole site (marking, counting, listing) are left out.
import { TEXT_FIELDS } from './flex-document.js';
import type { CodeCounts } from './code-counts.js';
import { BITS_PER_TERM, matchBit } from './match-codes.js';
import type { FieldPostings, PostingLists } from './posting-lists.js';
import type { QueryTerm } from './query-terms.js';
import { addBits, addIds, bitCount } from './section-bits.js';

const TITLE = TEXT_FIELDS.indexOf('title');
const HEADING = TEXT_FIELDS.indexOf('heading');
const TEXT = TEXT_FIELDS.indexOf('text');

/**
 * A query's matches as bits: the set of term t and field f (an index into TEXT_FIELDS) at element
 * `(t * BITS_PER_TERM + f) * length` of `bits`, so the set's number is the bit of that match in a
 * match code.
 */
export interface MatchBits {
  bits: Int32Array;
  /** Elements per set: the index's sections over 32. */
  length: number;
  terms: number;
  /** The code of a section matching, in body text only, every term that has body text matches. */
  textCode: number;
}

/** The matches of every term of `query`, whose words' posting lists are `termPostings[t]`, as bits in `into` (see MatchBits). */
export function matchBits(
  query: readonly QueryTerm[],
  termPostings: readonly (readonly FieldPostings[])[],
  postings: PostingLists,
  length: number,
  into: Int32Array,
): MatchBits {
  const terms = query.length;
  into.fill(0, 0, terms * BITS_PER_TERM * length);
  let textCode = 0;
  for (let t = 0; t < terms; t++) {
    const { words } = query[t]!;
    for (let w = 0; w < words.length; w++) {
      const lists = termPostings[t]![w]!;
      for (let f = 0; f < BITS_PER_TERM; f++) {
        const ids = lists[f]!;
        if (ids.length === 0) continue;
        const at = (t * BITS_PER_TERM + f) * length;
        const dense = postings.bitsOf(words[w]!.word, f);
        if (dense) addBits(into, at, dense);
        else addIds(into, at, ids);
        if (f === TEXT) textCode |= matchBit(t, TEXT);
      }
    }
  }
  return { bits: into, length, terms, textCode };
}

/**
 * Per term, the allowed sections it can return: those it matches outside the page title, and
 * page introductions (`leads`) it matches in the title; as countMatches counts them. `allow`
 * null allows every section.
 */
export function returnableCounts({ bits, length, terms }: MatchBits, leads: Int32Array, allow: Int32Array | null): number[] {
  const counts: number[] = [];
  for (let t = 0; t < terms; t++) {
    const title = (t * BITS_PER_TERM + TITLE) * length;
    const heading = (t * BITS_PER_TERM + HEADING) * length;
    const text = (t * BITS_PER_TERM + TEXT) * length;
    let count = 0;
    for (let i = 0; i < length; i++) {
      const allowed = allow ? allow[i]! : -1;
      const own = (bits[heading + i]! | bits[text + i]!) & allowed;
      count += bitCount(own) + bitCount(bits[title + i]! & leads[i]! & allowed & ~own);
    }
    counts.push(count);
  }
  return counts;
}

/**
 * The prominent sections: writes each one's match code to `codes` (what markMatches gives it),
 * its id to `out` in id order, and counts the allowed ones per code in `counts` (cleared
 * first, as countMatches does); returns how many there are.
 */
export function prominentSections(
  { bits, length, terms }: MatchBits,
  leads: Int32Array,
  allow: Int32Array | null,
  codes: Int32Array,
  counts: CodeCounts,
  out: Int32Array,
): number {
  const sets = terms * BITS_PER_TERM;
  counts.clear();
  const element = new Int32Array(sets);
  let count = 0;
  for (let i = 0; i < length; i++) {
    let prominent = 0;
    for (let t = 0; t < terms; t++) prominent |= bits[(t * BITS_PER_TERM + TITLE) * length + i]! | bits[(t * BITS_PER_TERM + HEADING) * length + i]!;
    if (prominent === 0) continue;
    for (let set = 0; set < sets; set++) element[set] = bits[set * length + i]!;
    const lead = leads[i]!;
    const allowed = allow ? allow[i]! : -1;
    do {
      const lowest = prominent & -prominent;
      prominent ^= lowest;
      const bit = 31 - Math.clz32(lowest);
      let code = 0;
      for (let set = 0; set < sets; set++) code |= ((element[set]! >>> bit) & 1) << set;
      const id = (i << 5) | bit;
      codes[id] = code;
      out[count++] = id;
      counts.add(code, (lead >>> bit) & 1, (allowed >>> bit) & 1);
    } while (prominent !== 0);
  }
  return count;
}
