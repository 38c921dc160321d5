// Built pages cached by content hash, so a rebuild parses and renders only the pages that changed.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BuiltPage } from './page-job.js';

/** What `get` returns of an entry: the parse result and the Markdown (the source is the build's input; the body HTML is read apart). */
export type CachedPage = Pick<BuiltPage, 'parsed' | 'markdown'>;

/** Entries of another layout (an older docsite) are misses. */
const FORMAT = 2;

/**
 * A folder of `<key>.page` files: a line of JSON (format, parse result, Markdown), then the body
 * HTML as it is. `get` parses only the line: a rebuild reads the bodies of only the pages it lays
 * out again (`html`). New entries are held in memory until `commit`, which a build calls only when
 * it succeeds: a failed build writes nothing, not even to its cache.
 */
export class PageCache {
  private readonly used = new Set<string>();
  private readonly pending = new Map<string, BuiltPage>();

  constructor(private readonly dir: string) {}

  /** The entry of `key` (marking it used), or undefined when there is none of this format. */
  get(key: string): CachedPage | undefined {
    this.used.add(key);
    try {
      const text = readFileSync(this.fileOf(key), 'utf8');
      const entry = JSON.parse(text.slice(0, text.indexOf('\n'))) as CachedPage & { format: number };
      return entry.format === FORMAT ? { parsed: entry.parsed, markdown: entry.markdown } : undefined;
    } catch {
      return undefined; // missing or unreadable: rebuild the page
    }
  }

  /** The body HTML of an entry `get` found; undefined when its file is gone or unreadable. */
  html(key: string): string | undefined {
    try {
      const text = readFileSync(this.fileOf(key), 'utf8');
      return text.slice(text.indexOf('\n') + 1);
    } catch {
      return undefined;
    }
  }

  /** Adds a freshly built page, written at `commit`. */
  set(key: string, page: BuiltPage): void {
    this.used.add(key);
    this.pending.set(key, page);
  }

  /** Writes the new entries and removes those this build did not use, so the cache holds exactly the current pages. */
  commit(): void {
    mkdirSync(this.dir, { recursive: true });
    for (const [key, { parsed, markdown, html }] of this.pending) {
      // JSON.stringify writes no line breaks, so the first one ends the JSON.
      writeFileSync(this.fileOf(key), `${JSON.stringify({ format: FORMAT, parsed, markdown })}\n${html}`);
    }
    this.pending.clear();
    for (const name of readdirSync(this.dir)) {
      if (!this.used.has(name.replace(/\.page$/, ''))) rmSync(join(this.dir, name), { force: true });
    }
  }

  private fileOf(key: string): string {
    return join(this.dir, `${key}.page`);
  }
}
