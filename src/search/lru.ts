// A map that keeps only its most recently used entries: the index's caches of masks and results.

/** Values by key, made on first use; once `capacity` are kept, the least recently used goes first. */
export class LruCache<V> {
  private readonly entries = new Map<string, V>();

  constructor(private readonly capacity: number) {}

  /** The value of `key`, made by `make` when it is not kept, and now the most recently used. */
  get(key: string, make: () => V): V {
    let value = this.entries.get(key);
    if (value !== undefined) this.entries.delete(key);
    else {
      value = make();
      if (this.entries.size >= this.capacity) this.entries.delete(this.entries.keys().next().value!);
    }
    this.entries.set(key, value);
    return value;
  }
}
