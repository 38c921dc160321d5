// The sections each indexed word occurs in, per field, as typed arrays the ranking can walk fast.
import { TEXT_FIELDS, type SectionDocument } from './flex-document.js';

/** Ids kept in typed arrays at most by default (4 bytes each, 32 MB); beyond it the least recently used lists go. */
export const CACHED_POSTINGS = 8_000_000;

const EMPTY = new Int32Array(0);

/** A word's sections in each text field, in TEXT_FIELDS order. */
export type FieldPostings = readonly Int32Array[];

/**
 * A word's sections per field, read from FlexSearch once and then kept as `Int32Array`s in id
 * order.
 *
 * FlexSearch answers a one-word lookup with arrays of several element kinds (its slots merged),
 * so a loop over them cannot stay optimized: walking them cost about ten times what walking a
 * typed array of the same ids costs, and a common query walks tens of thousands of ids. In id
 * order, the walk reads the ranking's per-section state front to back.
 */
export class PostingLists {
  private readonly lists = new Map<string, FieldPostings>();
  private cached = 0;

  constructor(
    private readonly document: SectionDocument,
    private readonly size: number,
    private readonly capacity: number = CACHED_POSTINGS,
  ) {}

  /** The sections whose fields contain `word` (an encoded term), per field in TEXT_FIELDS order. */
  of(word: string): FieldPostings {
    let lists = this.lists.get(word);
    if (lists) {
      this.lists.delete(word);
    } else {
      lists = TEXT_FIELDS.map((field) => {
        const ids = this.document.search({ query: word, pluck: field, limit: this.size }) as unknown as number[];
        return ids.length === 0 ? EMPTY : Int32Array.from(ids).sort();
      });
      this.cached += idsIn(lists);
      for (const [oldest, old] of this.lists) {
        if (this.cached <= this.capacity) break;
        this.lists.delete(oldest);
        this.cached -= idsIn(old);
      }
    }
    this.lists.set(word, lists);
    return lists;
  }
}

function idsIn(lists: FieldPostings): number {
  return lists.reduce((n, list) => n + list.length, 0);
}
