// Reads FlexSearch's tag index into the set of sections a query may return.
import type { SectionDocument, TagField } from './flex-document.js';
import { LruCache } from './lru.js';
import { bitsOfMask } from './section-bits.js';
import { filterKey, type TagFilter } from './tags.js';

/** Distinct filters whose masks an index keeps; a site has few (readers' group sets × versions × languages). */
const CACHED_MASKS = 256;

interface TagLookup {
  field: string;
  tag: string;
  result: number[];
}

/**
 * Marks (1) the sections that match every field of `filter`, where a field matches when the
 * section has any of the field's tag values; `null` when nothing is filtered.
 *
 * FlexSearch only takes tags as a union of every field/value pair, applies them after cutting
 * the text matches to 100, and returns nothing when one value is unknown: so it is asked for
 * the sections of each tag value alone, and the fields are intersected here.
 */
export function allowedSections(document: SectionDocument, filter: TagFilter, size: number): Uint8Array | null {
  const fields = (Object.keys(filter) as TagField[]).filter((f) => filter[f] !== undefined);
  if (fields.length === 0) return null;
  const counts = new Uint8Array(size);
  if (size === 0) return counts;
  for (const field of fields) {
    const seen = new Uint8Array(size);
    const lookups = document.search({ tag: filter[field]!.map((value) => ({ [field]: value })), limit: size }) as unknown as TagLookup[];
    for (const lookup of lookups) {
      for (const id of lookup.result) {
        if (seen[id] === 0) {
          seen[id] = 1;
          counts[id]!++;
        }
      }
    }
  }
  for (let id = 0; id < size; id++) counts[id] = counts[id] === fields.length ? 1 : 0;
  return counts;
}

/** The sections a filter allows (null: every section), the same as bits (see section-bits.ts), and how many. */
export interface SectionMask {
  allowed: Uint8Array | null;
  allowedBits: Int32Array | null;
  visible: number;
}

/**
 * `allowedSections` remembered per filter: the index never changes, and computing a mask reads
 * every tag list of the filter, which cost more than many queries themselves. The least recently
 * used mask goes first once CACHED_MASKS are kept (a user's groups make filters many, not endless).
 */
export class SectionMasks {
  private readonly masks = new LruCache<SectionMask>(CACHED_MASKS);

  constructor(
    private readonly document: SectionDocument,
    private readonly size: number,
  ) {}

  of(filter: TagFilter): SectionMask {
    return this.masks.get(filterKey(filter), () => {
      const allowed = allowedSections(this.document, filter, this.size);
      return { allowed, allowedBits: allowed && bitsOfMask(allowed), visible: allowed ? allowed.reduce((n, a) => n + a, 0) : this.size };
    });
  }
}
