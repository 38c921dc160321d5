// Built pages cached by content hash, so a rebuild parses and renders only the pages that changed.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BuiltPage } from './page-job.js';

/** A cached page: a built page without its source, which the build has read already to compute the key. */
export type CachedPage = Omit<BuiltPage, 'source'>;

/**
 * A folder of `<key>.json` files. New entries are held in memory until `commit`, which a build
 * calls only when it succeeds: a failed build writes nothing, not even to its cache.
 */
export class PageCache {
  private readonly used = new Set<string>();
  private readonly pending = new Map<string, CachedPage>();

  constructor(private readonly dir: string) {}

  get(key: string): CachedPage | undefined {
    this.used.add(key);
    try {
      return JSON.parse(readFileSync(join(this.dir, `${key}.json`), 'utf8')) as CachedPage;
    } catch {
      return undefined; // missing or unreadable: rebuild the page
    }
  }

  set(key: string, { source: _source, ...page }: BuiltPage): void {
    this.used.add(key);
    this.pending.set(key, page);
  }

  /** Writes the new entries and removes those this build did not use, so the cache holds exactly the current pages. */
  commit(): void {
    mkdirSync(this.dir, { recursive: true });
    for (const [key, page] of this.pending) writeFileSync(join(this.dir, `${key}.json`), JSON.stringify(page));
    this.pending.clear();
    for (const name of readdirSync(this.dir)) {
      if (!this.used.has(name.replace(/\.json$/, ''))) rmSync(join(this.dir, name), { force: true });
    }
  }
}
