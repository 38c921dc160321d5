// The hits of the most recent distinct searches of an index, so a repeated search is answered
// without ranking again: agents and readers ask the same few questions over and over, and a
// loaded index never changes.
import { LruCache } from './lru.js';
import { filterKey, type TagFilter } from './tags.js';

/** Distinct searches an index remembers by default: at most 50 hits each, under 20 MB at worst. */
export const RECENT_RESULTS = 500;

/**
 * Results by query text, tag filter and limit: everything a search's answer depends on, since the
 * reader counts only through the access tags of the filter. The least recently used go first.
 * Kept results are frozen: every caller gets the same objects.
 */
export class RecentResults<Hit extends object> {
  private readonly results: LruCache<readonly Readonly<Hit>[]>;

  constructor(private readonly capacity: number = RECENT_RESULTS) {
    this.results = new LruCache(capacity);
  }

  /** The hits of `query` under `filter` and `limit`: remembered ones, else `search()`'s, then remembered. */
  get(query: string, filter: TagFilter, limit: number, search: () => Hit[]): readonly Readonly<Hit>[] {
    if (this.capacity <= 0) return search();
    return this.results.get(JSON.stringify([query, limit, filterKey(filter)]), () => Object.freeze(search().map(deepFreeze)));
  }
}

function deepFreeze<T extends object>(value: T): Readonly<T> {
  for (const field of Object.values(value)) if (typeof field === 'object' && field !== null) deepFreeze(field as object);
  return Object.freeze(value);
}
