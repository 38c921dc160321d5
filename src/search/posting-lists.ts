// The sections each indexed word occurs in, per field, as typed arrays the ranking can walk fast.
import { TEXT_FIELDS, type SectionDocument } from './flex-document.js';
import { bitsLength, bitsOfIds } from './section-bits.js';

/** Ids kept in typed arrays at most by default (4 bytes each, 32 MB); beyond it the least recently used lists go. */
export const CACHED_POSTINGS = 8_000_000;

const EMPTY = new Int32Array(0);

/** A word's sections in each text field, in TEXT_FIELDS order. */
export type FieldPostings = readonly Int32Array[];

interface Entry {
  lists: FieldPostings;
  /** Per field, the list as bits (see bitsOf): undefined until asked for, null when the list is short. */
  bits: (Int32Array | null | undefined)[];
  /** Ids and bit elements held, for the budget. */
  held: number;
}

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
  private readonly entries = new Map<string, Entry>();
  private cached = 0;
  /** Lists with more ids than this are also kept as bits: then the bits take less room and time. */
  private readonly denseFrom: number;

  constructor(
    private readonly document: SectionDocument,
    private readonly size: number,
    private readonly capacity: number = CACHED_POSTINGS,
  ) {
    this.denseFrom = bitsLength(size);
  }

  /** The sections whose fields contain `word` (an encoded term), per field in TEXT_FIELDS order. */
  of(word: string): FieldPostings {
    let entry = this.entries.get(word);
    if (entry) {
      this.entries.delete(word);
    } else {
      const lists = TEXT_FIELDS.map((field) => {
        const ids = this.document.search({ query: word, pluck: field, limit: this.size }) as unknown as number[];
        return ids.length === 0 ? EMPTY : Int32Array.from(ids).sort();
      });
      entry = { lists, bits: [], held: lists.reduce((n, list) => n + list.length, 0) };
      this.hold(entry.held);
    }
    this.entries.set(word, entry);
    return entry.lists;
  }

  /**
   * The sections of `word` in field `f` (an index into TEXT_FIELDS) as bits (see section-bits.ts),
   * when its list holds more ids than the bits have elements; null for a shorter list, and for a
   * word whose lists `of` no longer holds (read the list instead).
   */
  bitsOf(word: string, f: number): Int32Array | null {
    const entry = this.entries.get(word);
    if (!entry) return null;
    let bits = entry.bits[f];
    if (bits === undefined) {
      const ids = entry.lists[f]!;
      bits = ids.length > this.denseFrom ? bitsOfIds(ids, this.size) : null;
      entry.bits[f] = bits;
      if (bits) {
        entry.held += bits.length;
        this.hold(bits.length);
      }
    }
    return bits;
  }

  /** Counts `added` more held, and drops the least recently used entries beyond the budget. */
  private hold(added: number): void {
    this.cached += added;
    for (const [oldest, old] of this.entries) {
      if (this.cached <= this.capacity) break;
      this.entries.delete(oldest);
      this.cached -= old.held;
    }
  }
}
