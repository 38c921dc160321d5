// The build's cache of built pages, by content key, so a rebuild parses and renders only the pages that changed.
import { closeSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { BuiltPage } from './page-job.js';

/** What `get` returns of an entry: the parse result and the Markdown (the source is the build's input; the body HTML is read apart). */
export type CachedPage = Pick<BuiltPage, 'parsed' | 'markdown'>;

/** The log's first line; a log of another format (an older docsite) is thrown away. */
const HEADER = '{"format":"docsite-page-cache","version":4}';
const LOG_FILE = 'pages.log';
/** The log is rewritten with only the entries in use once it holds this many times as many. */
const COMPACT_RATIO = 2;

/**
 * A folder holding one log of entries and one `<key>.html` file per entry. Reading 10,000 small
 * files costs more than parsing them, so a rebuild reads the log in one go and the body HTML of
 * only the pages it lays out again (`html`). A log entry is a JSON line followed by the texts it
 * gives the lengths of (see entryText); a torn tail (a build killed while appending) is ignored. New entries are held in memory until `commit`, which a build calls
 * only when it succeeds: a failed build writes nothing, not even to its cache.
 */
export class PageCache {
  private entries: Map<string, CachedPage> | undefined;
  /** Entries the log holds, live or not. */
  private logged = 0;
  /** Whether the log must be written anew: another format, or a torn tail that appending would bury. */
  private rewrite = false;
  private readonly used = new Set<string>();
  private readonly pending = new Map<string, BuiltPage>();

  constructor(private readonly dir: string) {}

  /** The entry of `key` (marking it used), or undefined when there is none. */
  get(key: string): CachedPage | undefined {
    this.used.add(key);
    return this.load().get(key);
  }

  /** The body HTML of an entry `get` found; undefined when its file is gone or unreadable. */
  html(key: string): string | undefined {
    try {
      return readFileSync(this.htmlFileOf(key), 'utf8');
    } catch {
      return undefined;
    }
  }

  /** Adds a freshly built page, written at `commit`. */
  set(key: string, page: BuiltPage): void {
    this.used.add(key);
    this.pending.set(key, page);
  }

  /**
   * Writes the new entries. The log keeps old entries too (a page edited back is a hit) until it
   * holds COMPACT_RATIO times the entries this build used; then it is written anew with only
   * those, and the body files of the others are removed.
   */
  commit(): void {
    mkdirSync(this.dir, { recursive: true });
    const entries = this.load();
    for (const [key, page] of this.pending) writeFileSync(this.htmlFileOf(key), page.html);
    const live = [...this.used].filter((key) => entries.has(key) || this.pending.has(key));
    if (this.rewrite || this.logged + this.pending.size > COMPACT_RATIO * Math.max(live.length, 1)) {
      this.writeLog('w', live.map((key): [string, CachedPage] => [key, this.pending.get(key) ?? entries.get(key)!]));
      this.logged = live.length;
      this.rewrite = false;
      const kept = new Set(live);
      for (const name of readdirSync(this.dir)) {
        if (name.endsWith('.html') && !kept.has(name.slice(0, -'.html'.length))) rmSync(join(this.dir, name), { force: true });
      }
    } else if (this.pending.size > 0) {
      this.writeLog('a', this.pending);
      this.logged += this.pending.size;
    }
    for (const [key, { parsed, markdown }] of this.pending) entries.set(key, { parsed, markdown });
    this.pending.clear();
  }

  /** Writes (`w`, header first) or appends (`a`) entries one by one: joined, a large site's would take hundreds of MB at once. */
  private writeLog(mode: 'w' | 'a', entries: Iterable<[string, CachedPage]>): void {
    const fd = openSync(this.logFile, mode);
    try {
      if (mode === 'w') writeSync(fd, `${HEADER}\n`);
      for (const [key, page] of entries) writeSync(fd, entryText(key, page));
    } finally {
      closeSync(fd);
    }
  }

  private load(): Map<string, CachedPage> {
    if (this.entries) return this.entries;
    this.entries = new Map();
    let text: string;
    try {
      text = readFileSync(this.logFile, 'utf8');
    } catch {
      this.rewrite = true; // no cache yet
      return this.entries;
    }
    if (!text.startsWith(`${HEADER}\n`)) {
      this.rewrite = true;
      return this.entries;
    }
    let at = HEADER.length + 1;
    while (at < text.length) {
      const end = text.indexOf('\n', at);
      if (end === -1) {
        this.rewrite = true;
        break;
      }
      let head: EntryHead;
      try {
        head = JSON.parse(text.slice(at, end)) as EntryHead;
      } catch {
        this.rewrite = true; // a torn tail
        break;
      }
      // The texts follow the head as written; slices of the log cost no copy and no decoding.
      let offset = end + 1;
      const take = (length: number): string => text.slice(offset, (offset += length));
      const markdown = take(head.markdownLength);
      for (const section of head.parsed.page.sections) section.text = take(section.text as unknown as number);
      if (offset > text.length) {
        this.rewrite = true;
        break;
      }
      this.entries.set(head.key, { parsed: head.parsed, markdown });
      this.logged++;
      at = offset;
    }
    return this.entries;
  }

  private get logFile(): string {
    return join(this.dir, LOG_FILE);
  }

  private htmlFileOf(key: string): string {
    return join(this.dir, `${key}.html`);
  }
}

/** An entry's first line: the parse result with each section's text replaced by its length, and the Markdown's length. */
interface EntryHead {
  key: string;
  parsed: CachedPage['parsed'];
  markdownLength: number;
}

/**
 * One log entry: the head (JSON.stringify writes no line breaks, so the first one ends it), then
 * the Markdown and the section texts as they are: the bulk of an entry, never JSON-encoded.
 */
function entryText(key: string, { parsed, markdown }: CachedPage): string {
  const sections = parsed.page.sections.map((section) => ({ ...section, text: section.text.length }));
  const head = { key, parsed: { ...parsed, page: { ...parsed.page, sections } }, markdownLength: markdown.length };
  return `${JSON.stringify(head)}\n${markdown}${parsed.page.sections.map((section) => section.text).join('')}`;
}
