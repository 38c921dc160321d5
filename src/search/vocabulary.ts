// The sorted list of every indexed term, which turns a query term into the indexed words it starts.

/** Query terms shorter than this match whole words only. */
export const MIN_PREFIX_LENGTH = 3;
/** How many words sharing a prefix are looked at to pick the closest ones. */
const SCAN_LIMIT = 4096;

/** Every distinct encoded term of the index, sorted by code unit. */
export class Vocabulary {
  /** Per term, the character buckets it holds (see letterMask), made on the first typo lookup. */
  private masks: Int32Array | undefined;

  private constructor(readonly terms: readonly string[]) {}

  /** A vocabulary of `terms` (any order, duplicates allowed). */
  static of(terms: Iterable<string>): Vocabulary {
    return new Vocabulary([...new Set(terms)].sort(compareCodeUnits));
  }

  /** A vocabulary read back from `terms`, which must already be sorted and distinct. */
  static fromSorted(terms: readonly string[]): Vocabulary {
    for (let i = 1; i < terms.length; i++) {
      if (compareCodeUnits(terms[i - 1]!, terms[i]!) >= 0) throw new Error('search index: vocabulary is not sorted');
    }
    return new Vocabulary(terms);
  }

  /** Whether `term` is an indexed word. */
  has(term: string): boolean {
    return this.terms[lowerBound(this.terms, term)] === term;
  }

  /**
   * The indexed words an encoded query term stands for: the term itself when indexed, then the
   * shortest words it is a prefix of (so "webhook" finds "webhooks"), at most `max` in all.
   */
  expand(term: string, max: number): string[] {
    const start = lowerBound(this.terms, term);
    if (term.length < MIN_PREFIX_LENGTH) return this.terms[start] === term ? [term] : [];
    const found: string[] = [];
    for (let i = start; i < this.terms.length && found.length < SCAN_LIMIT; i++) {
      const word = this.terms[i]!;
      if (!word.startsWith(term)) break;
      found.push(word);
    }
    return found.sort((a, b) => a.length - b.length || compareCodeUnits(a, b)).slice(0, max);
  }

  /**
   * The indexed words at most `typos` mistakes from `term` (a letter left out, added, changed,
   * or two swapped), closest first, at most `max`. Only words with the same first letter are
   * looked at: people rarely mistype it, and that keeps the scan to a slice of the vocabulary.
   */
  near(term: string, typos: number, max: number): string[] {
    if (typos === 0 || term.length === 0) return [];
    const first = term[0]!;
    const found: { word: string; distance: number }[] = [];
    this.masks ??= Int32Array.from(this.terms, letterMask);
    const mask = letterMask(term);
    for (let i = lowerBound(this.terms, first); i < this.terms.length && this.terms[i]![0] === first; i++) {
      const word = this.terms[i]!;
      if (Math.abs(word.length - term.length) > typos) continue;
      // Each character of one word that the other lacks takes a mistake of its own: most words
      // of the slice fail this before the distance is measured.
      const wordMask = this.masks[i]!;
      if (bitCount(mask & ~wordMask) > typos || bitCount(wordMask & ~mask) > typos) continue;
      const distance = typoDistance(term, word, typos);
      if (distance <= typos) found.push({ word, distance });
    }
    return found
      .sort((a, b) => a.distance - b.distance || a.word.length - b.word.length || compareCodeUnits(a.word, b.word))
      .slice(0, max)
      .map((f) => f.word);
  }
}

/**
 * Rows of the distance table, reused call after call: a typo lookup measures thousands of
 * words, and three arrays per word were most of its cost. Grown to the longest word seen.
 */
let rows = [new Int32Array(32), new Int32Array(32), new Int32Array(32)];

/**
 * The optimal string alignment distance between `a` and `b` (edits, a swap of two neighbours
 * counting as one), or `bound + 1` as soon as it must exceed `bound`. Only the cells within
 * `bound` of the diagonal are worked out: any other is more than `bound` already.
 */
function typoDistance(a: string, b: string, bound: number): number {
  const over = bound + 1;
  if (Math.abs(a.length - b.length) > bound) return over;
  if (rows[0]!.length <= b.length + 1) rows = rows.map(() => new Int32Array(2 * (b.length + 2)));
  // Rows i - 2, i - 1 and i, rotated as i grows. Each row is written from one cell left of its
  // band to one cell right of it (as `over`), which is all the next two rows read.
  let [before, previous, current] = rows as [Int32Array, Int32Array, Int32Array];
  for (let j = 0; j <= Math.min(b.length, bound + 1); j++) previous[j] = Math.min(j, over);
  for (let i = 1; i <= a.length; i++) {
    const low = Math.max(1, i - bound);
    const high = Math.min(b.length, i + bound);
    current[low - 1] = low === 1 ? Math.min(i, over) : over;
    let rowBest = current[low - 1]!;
    for (let j = low; j <= high; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2]! + 1);
      current[j] = Math.min(d, over);
      rowBest = Math.min(rowBest, current[j]!);
    }
    if (high < b.length) current[high + 1] = over;
    if (rowBest > bound) return over;
    [before, previous, current] = [previous, current, before];
  }
  return Math.min(previous[b.length]!, over);
}

/** One bit per character of `word`, by its code modulo 32 (characters that share a bit pass for one another). */
function letterMask(word: string): number {
  let mask = 0;
  for (let i = 0; i < word.length; i++) mask |= 1 << (word.charCodeAt(i) & 31);
  return mask;
}

function bitCount(bits: number): number {
  let n = bits - ((bits >>> 1) & 0x55555555);
  n = (n & 0x33333333) + ((n >>> 2) & 0x33333333);
  return (((n + (n >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** Locale-independent string order, so the same terms always sort the same way. */
export function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function lowerBound(sorted: readonly string[], value: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (sorted[mid]! < value) low = mid + 1;
    else high = mid;
  }
  return low;
}
