// The sorted list of every indexed term, which turns a query term into the indexed words it starts.

/** Query terms shorter than this match whole words only. */
export const MIN_PREFIX_LENGTH = 3;
/** How many words sharing a prefix are looked at to pick the closest ones. */
const SCAN_LIMIT = 4096;

/** Every distinct encoded term of the index, sorted by code unit. */
export class Vocabulary {
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
