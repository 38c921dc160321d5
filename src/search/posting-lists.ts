// The sections each indexed word occurs in, per field, as typed arrays the ranking can walk fast.
import type { SectionDocument, TextField } from './flex-document.js';

/** Ids kept in typed arrays at most by default (4 bytes each, 32 MB); beyond it the least recently used lists go. */
export const CACHED_POSTINGS = 8_000_000;

const EMPTY = new Int32Array(0);

/**
 * A word's sections in a field, read from FlexSearch once and then kept as an `Int32Array`.
 *
 * FlexSearch answers a one-word lookup with arrays of several element kinds (its slots merged),
 * so a loop over them cannot stay optimized: walking them cost about ten times what walking a
 * typed array of the same ids costs, and a common query walks tens of thousands of ids.
 */
export class PostingLists {
  private readonly lists = new Map<string, Int32Array>();
  private cached = 0;

  constructor(
    private readonly document: SectionDocument,
    private readonly size: number,
    private readonly capacity: number = CACHED_POSTINGS,
  ) {}

  /** The sections whose `field` contains `word` (an encoded term), in no particular order. */
  of(field: TextField, word: string): Int32Array {
    const key = `${field}\u0000${word}`;
    let list = this.lists.get(key);
    if (list) {
      this.lists.delete(key);
    } else {
      const ids = this.document.search({ query: word, pluck: field, limit: this.size }) as unknown as number[];
      list = ids.length === 0 ? EMPTY : Int32Array.from(ids).sort();
      this.cached += list.length;
      for (const [oldest, old] of this.lists) {
        if (this.cached <= this.capacity) break;
        this.lists.delete(oldest);
        this.cached -= old.length;
      }
    }
    this.lists.set(key, list);
    return list;
  }
}
