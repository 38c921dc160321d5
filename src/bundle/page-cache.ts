// The build's cache of built pages, by content key, so a rebuild parses and renders only the pages that changed.
import { closeSync, fstatSync, read, readdirSync, readSync, rmSync, writeSync, writevSync } from 'node:fs';
import { join } from 'node:path';
import type { Section } from '../content/index.js';
import { makeOutputFolder, openOutputToRead, openOutputToWrite, readOutput } from './output-files.js';
import { bytesOf, type BuiltPage, type PageText } from './page-job.js';

/**
 * What `get` returns of an entry: the parse result and the Markdown, as the UTF-8 bytes the log
 * holds (a rebuild writes most pages' Markdown only into llms-full.txt, so it is never decoded).
 * The source is the build's input; the body HTML is read apart, see `html`.
 */
export interface CachedPage {
  parsed: BuiltPage['parsed'];
  markdown: Buffer;
}

/** The log's first line starts so; the rest names its bodies file. A log of another format (an older docsite) is thrown away. */
const FORMAT = '{"format":"docsite-page-cache","version":8';
const LOG_FILE = 'pages.log';
/** Bodies files are `bodies.<generation>`; compacting the cache starts a new one. */
const BODIES_PREFIX = 'bodies.';
/** The log is rewritten with only the entries in use once it holds this many times as many. */
const COMPACT_RATIO = 2;

/** Where an entry's body HTML is in the bodies file: byte offset and byte length. */
type BodyAt = [offset: number, length: number];

interface Entry {
  page: Pick<BuiltPage, 'parsed' | 'markdown'>;
  body: BodyAt;
}

/**
 * A folder holding a log of entries and one bodies file of their body HTML. Reading or writing
 * 10,000 small files costs more than parsing them, so a build appends the bodies it made to one
 * file, and a rebuild reads the log in one go and the bodies of only the pages it lays out again
 * (`html`). A log entry is a JSON line followed by the texts it gives the byte lengths of (see
 * entryParts); a torn tail (a build killed while appending) is ignored, and bodies appended past
 * the last logged one are never read. New entries are held in memory until `commit`, which a
 * build calls only when it succeeds: a failed build writes nothing, not even to its cache.
 */
export class PageCache {
  private entries: Map<string, Entry> | undefined;
  /** Entries the log holds, live or not. */
  private logged = 0;
  /** Whether the log must be written anew: another format, or a torn tail that appending would bury. */
  private rewrite = false;
  /** The bodies file the log's entries point into. */
  private bodiesFile = `${BODIES_PREFIX}0`;
  private readonly used = new Set<string>();
  private readonly pending = new Map<string, BuiltPage>();
  /** The log's bytes as `preload` reads them; undefined when there is no log. */
  private reading: Promise<Buffer | undefined> | undefined;

  /** `dir` is the cache's folder, inside the output folder `outDir` (no folder between them may be a link). */
  constructor(
    private readonly dir: string,
    private readonly outDir = dir,
  ) {}

  /**
   * Starts reading the log on Node's thread pool: on a rebuild the read is a large part of the
   * cache's cost, and it can overlap what the build does before it needs the entries (`loaded`).
   */
  preload(): void {
    this.reading ??= readWhole(this.logFile).catch(() => undefined);
  }

  /** Waits for the read `preload` started and indexes the log; lookups after it do not block. */
  async loaded(): Promise<void> {
    if (this.reading) {
      const bytes = await this.reading;
      if (!this.entries) this.index(bytes);
    }
  }

  /** The entry of `key` (marking it used), or undefined when there is none. */
  get(key: string): CachedPage | undefined {
    this.used.add(key);
    const page = this.load().get(key)?.page;
    // An entry this process committed holds the Markdown it was given.
    return page && { parsed: page.parsed, markdown: bytesOf(page.markdown) };
  }

  /** Whether the cache holds no entry at all (a first build, or one after the cache was cleared). */
  isEmpty(): boolean {
    return this.load().size === 0;
  }

  /** The body HTML of an entry `get` found; undefined when the bodies file is gone or cut short. */
  html(key: string): string | undefined {
    const entry = this.load().get(key);
    if (!entry) return undefined;
    try {
      return readBody(join(this.dir, this.bodiesFile), entry.body);
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
   * holds COMPACT_RATIO times the entries this build used; then the entries in use are written
   * anew, bodies into a new bodies file that the new log names, and the old files are removed.
   */
  commit(): void {
    makeOutputFolder(this.outDir, this.dir, new Set());
    const entries = this.load();
    const live = [...this.used].filter((key) => entries.has(key) || this.pending.has(key));
    if (this.rewrite || this.logged + this.pending.size > COMPACT_RATIO * Math.max(live.length, 1)) {
      const previousBodies = join(this.dir, this.bodiesFile);
      this.bodiesFile = `${BODIES_PREFIX}${Number(this.bodiesFile.slice(BODIES_PREFIX.length)) + 1}`;
      const bodies = this.appendBodies(
        'w',
        liveBodies(live, this.pending, (key) => readBody(previousBodies, entries.get(key)!.body)),
      );
      // The bodies are all on disk before the log that points into them.
      const kept = [...bodies].map(([key, body]): [string, Entry] => [key, { page: this.pending.get(key) ?? entries.get(key)!.page, body }]);
      this.writeLog('w', kept);
      entries.clear();
      for (const [key, entry] of kept) entries.set(key, entry);
      this.logged = kept.length;
      this.rewrite = false;
      for (const name of readdirSync(this.dir)) if (name !== LOG_FILE && name !== this.bodiesFile) rmSync(join(this.dir, name), { force: true });
    } else if (this.pending.size > 0) {
      const bodies = this.appendBodies(
        'a',
        [...this.pending].map(([key, page]) => [key, page.html]),
      );
      const added = [...this.pending].map(([key, page]): [string, Entry] => [key, { page, body: bodies.get(key)! }]);
      this.writeLog('a', added);
      for (const [key, entry] of added) entries.set(key, entry);
      this.logged += this.pending.size;
    }
    this.pending.clear();
  }

  /** Writes (`w`) or appends (`a`) bodies to the current bodies file; returns where each went. */
  private appendBodies(mode: 'w' | 'a', bodies: Iterable<[string, PageText]>): Map<string, BodyAt> {
    const fd = openOutputToWrite(join(this.dir, this.bodiesFile), mode);
    const at = new Map<string, BodyAt>();
    try {
      // Past whatever is there: a build killed after appending bodies but before logging them left some.
      let offset = fstatSync(fd).size;
      for (const [key, html] of bodies) {
        const bytes = bytesOf(html);
        writeSync(fd, bytes, 0, bytes.length, offset);
        at.set(key, [offset, bytes.length]);
        offset += bytes.length;
      }
    } finally {
      closeSync(fd);
    }
    return at;
  }

  /** Writes (`w`, header first) or appends (`a`) entries one by one: joined, a large site's would take hundreds of MB at once. */
  private writeLog(mode: 'w' | 'a', entries: Iterable<[string, Entry]>): void {
    const fd = openOutputToWrite(this.logFile, mode);
    try {
      if (mode === 'w') writeSync(fd, `${FORMAT},"bodies":${JSON.stringify(this.bodiesFile)}}\n`);
      for (const [key, entry] of entries) writevSync(fd, entryParts(key, entry));
    } finally {
      closeSync(fd);
    }
  }

  private load(): Map<string, Entry> {
    if (!this.entries) {
      let bytes: Buffer | undefined;
      try {
        bytes = readOutput(this.logFile);
      } catch {
        bytes = undefined; // no cache yet
      }
      this.index(bytes);
    }
    return this.entries!;
  }

  /** Reads the entries of the log `bytes` (undefined: there is none). */
  private index(bytes: Buffer | undefined): void {
    this.entries = new Map();
    if (!bytes) {
      this.rewrite = true;
      return;
    }
    const headerEnd = bytes.indexOf(LINE_FEED);
    const header = headerEnd === -1 ? '' : bytes.toString('utf8', 0, headerEnd);
    const bodiesFile = header.startsWith(FORMAT) ? bodiesFileOf(header) : undefined;
    if (bodiesFile === undefined) {
      this.rewrite = true;
      return;
    }
    this.bodiesFile = bodiesFile;
    let at = headerEnd + 1;
    while (at < bytes.length) {
      const end = bytes.indexOf(LINE_FEED, at);
      if (end === -1) {
        this.rewrite = true;
        break;
      }
      let head: EntryHead;
      try {
        head = JSON.parse(bytes.toString('utf8', at, end)) as EntryHead;
      } catch {
        this.rewrite = true; // a torn tail
        break;
      }
      // The texts follow the head as written, their lengths in bytes; the Markdown stays bytes (a view, no copy).
      let offset = end + 1;
      const markdown = bytes.subarray(offset, (offset += head.markdownLength));
      const page = head.parsed.page;
      page.sections = (page.sections as unknown as LoggedSectionHead[]).map(
        ({ anchor, headingPath, text }) => new LoggedSection(anchor, headingPath, bytes, offset, (offset += text)),
      );
      if (offset > bytes.length) {
        this.rewrite = true;
        break;
      }
      this.entries.set(head.key, { page: { parsed: head.parsed, markdown }, body: head.body });
      this.logged++;
      at = offset;
    }
  }

  private get logFile(): string {
    return join(this.dir, LOG_FILE);
  }
}

/**
 * Reads a file on Node's thread pool in one request, however large. fs.promises.readFile asks for
 * 512 KiB at a time, each next piece only when this thread is free to ask: it would make almost
 * no progress while the build stats the page files.
 */
function readWhole(file: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    let fd: number | undefined;
    let bytes: Buffer;
    try {
      fd = openOutputToRead(file);
      bytes = Buffer.allocUnsafe(fstatSync(fd).size);
    } catch (error) {
      if (fd !== undefined) closeSync(fd);
      reject(error as Error);
      return;
    }
    const opened = fd;
    const readFrom = (at: number): void => {
      read(opened, bytes, at, bytes.length - at, at, (error, count) => {
        if (!error && count > 0 && at + count < bytes.length) return readFrom(at + count);
        closeSync(opened);
        if (error) reject(error);
        else resolve(bytes.subarray(0, at + count));
      });
    };
    readFrom(0);
  });
}

/** The bodies file a log header names, or undefined when it names none that this cache could have written. */
function bodiesFileOf(header: string): string | undefined {
  try {
    const { bodies } = JSON.parse(header) as { bodies?: unknown };
    return typeof bodies === 'string' && /^bodies\.\d+$/.test(bodies) ? bodies : undefined;
  } catch {
    return undefined;
  }
}

/** The body of each live entry: a new page's, else read from the old bodies file; one that cannot be read is left out (a miss next time). */
function* liveBodies(live: readonly string[], pending: ReadonlyMap<string, BuiltPage>, readOld: (key: string) => string): Iterable<[string, PageText]> {
  for (const key of live) {
    const fresh = pending.get(key);
    if (fresh) {
      yield [key, fresh.html];
      continue;
    }
    let body: PageText;
    try {
      body = readOld(key);
    } catch {
      continue;
    }
    yield [key, body];
  }
}

/** Reads a body from a bodies file; throws when the file is gone or shorter than the entry says. */
function readBody(file: string, [offset, length]: BodyAt): string {
  const bytes = Buffer.alloc(length);
  const fd = openOutputToRead(file);
  try {
    if (length > 0 && readSync(fd, bytes, 0, length, offset) !== length) throw new Error(`${file} is cut short.`);
  } finally {
    closeSync(fd);
  }
  return bytes.toString('utf8');
}

const LINE_FEED = 0x0a;

/** A section as an entry's head holds it: its text is the text's length in bytes, written after the head. */
type LoggedSectionHead = Omit<Section, 'text'> & { text: number };

/**
 * A section of a logged entry, its text decoded from the log when first read: a rebuild reads the
 * texts of the few pages it indexes again, and decoding every page's would cost more than the
 * rest of loading the log.
 */
class LoggedSection implements Section {
  // Private (#) fields: not properties, so no copy or JSON of a section ever carries the whole log.
  readonly #log: Buffer;
  readonly #start: number;
  readonly #end: number;
  #text: string | undefined;

  constructor(
    readonly anchor: string | null,
    readonly headingPath: string[],
    log: Buffer,
    start: number,
    end: number,
  ) {
    this.#log = log;
    this.#start = start;
    this.#end = end;
  }

  get text(): string {
    return (this.#text ??= this.#log.toString('utf8', this.#start, this.#end));
  }

  /** The section as plain data: its text is read by a getter, which JSON would otherwise leave out. */
  toJSON(): Section {
    return { anchor: this.anchor, headingPath: this.headingPath, text: this.text };
  }
}

/** An entry's first line: the parse result with each section's text replaced by its length in bytes, the Markdown's length in bytes, and where the body is. */
interface EntryHead {
  key: string;
  parsed: CachedPage['parsed'];
  markdownLength: number;
  body: BodyAt;
}

/**
 * One log entry, in parts to write one after another: the head (JSON.stringify writes no line
 * breaks, so the first one ends it), then the Markdown and the section texts as they are: the
 * bulk of an entry, never JSON-encoded.
 */
function entryParts(key: string, { page: { parsed, markdown }, body }: Entry): Buffer[] {
  const texts = parsed.page.sections.map((section) => Buffer.from(section.text, 'utf8'));
  const sections = parsed.page.sections.map(({ anchor, headingPath }, i): LoggedSectionHead => ({ anchor, headingPath, text: texts[i]!.length }));
  const markdownBytes = bytesOf(markdown);
  const head = { key, parsed: { ...parsed, page: { ...parsed.page, sections } }, markdownLength: markdownBytes.length, body };
  return [Buffer.from(`${JSON.stringify(head)}\n`, 'utf8'), markdownBytes, ...texts];
}
