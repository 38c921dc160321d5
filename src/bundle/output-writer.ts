// Writes a bundle's files, touching only those whose content changed and removing stale ones.
import { createHash } from 'node:crypto';
import { closeSync, copyFileSync, readdirSync, writevSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { clearOutputPath, isRealOutputFolder, makeOutputFolder, openOutputToWrite, readOutput, removeOutput, writeOutput } from './output-files.js';

const STATE_FILE = '.cache/outputs.json';

/** The saved record of a build's outputs: each path's content hash (a copied file's stamp), and the key of those added with one. */
interface OutputState {
  files: Record<string, string>;
  keys: Record<string, string>;
}

/** A file's content: text, bytes, or parts of either in order (written one after another, never joined). */
export type OutputContent = string | Buffer | readonly (string | Uint8Array)[];

/** What the writer knows of one output path in this build. */
interface OutputEntry {
  /** Hash of the content this build gave the path last: what is on disk now. */
  hash: string;
  /** Hash of what was on disk before this build touched the path; undefined when there was nothing. */
  before: string | undefined;
  /** The key the content was made from (see `keep`). */
  key?: string;
}

/**
 * Writes the bundle's files as they are added, keeping only their hashes: a large site lays out
 * more HTML than fits comfortably in memory. A record of the previous build's output hashes lets
 * a rebuild skip unchanged files, and the keys of keyed outputs let it skip making them at all;
 * `commit` deletes files that are gone and saves the record. Before the first write the saved
 * record is blanked (its paths kept), so after a build that stops half-way the next one rewrites
 * every file and still removes stale ones.
 */
export class OutputWriter {
  private readonly entries = new Map<string, OutputEntry>();
  private previous: OutputState | undefined;
  /** Names in each output folder before this build, listed when first asked about. */
  private readonly listings = new Map<string, Set<string>>();
  private stateInvalidated = false;
  /** Folders this build made sure exist: one mkdir per folder, not one per file. */
  private readonly madeDirs = new Set<string>();

  constructor(private readonly outDir: string) {}

  /**
   * Writes `content` to `path` unless it is there already; a later add of the same path wins.
   * `key` records what the content was made from (see `keep`); `hash` is its sha256 (hex) when the caller has it.
   */
  add(path: string, content: OutputContent, known: { key?: string; hash?: string } = {}): void {
    // Encoded once, for the hash and the write: encoding a string as UTF-8 costs more than hashing it.
    const chunks = typeof content === 'string' || Buffer.isBuffer(content) ? [content] : content;
    const bytes = chunks.map((chunk) => (typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk));
    const hash = known.hash ?? bytes.reduce((sha, chunk) => sha.update(chunk), createHash('sha256')).digest('hex');
    this.write(path, bytes, hash, known.key);
  }

  /**
   * Keeps `path` as the previous build wrote it when that build made it from the same `key` (a
   * hash of everything the content is made from) and the file is still there: then the content
   * need not be made, hashed or written. Returns whether it did; if not, add the content.
   */
  keep(path: string, key: string): boolean {
    if (this.entries.has(path)) return false;
    const previous = this.previousState();
    const hash = previous.files[path];
    if (!hash || previous.keys[path] !== key || !this.wasPresent(path)) return false;
    this.entries.set(path, { hash, before: hash, key });
    return true;
  }

  /** Keeps `path` if it was made from `key` (see `keep`), else adds the content `content` makes. */
  addKeyed(path: string, key: string, content: () => OutputContent): void {
    if (!this.keep(path, key)) this.add(path, content(), { key });
  }

  /** Removes stale files and saves the record; returns how many files now differ from before the build. */
  commit(): number {
    const previous = this.previousState();
    const next: OutputState = { files: {}, keys: {} };
    let written = 0;
    for (const path of [...this.entries.keys()].sort()) {
      const { hash, before, key } = this.entries.get(path)!;
      next.files[path] = hash;
      if (key !== undefined) next.keys[path] = key;
      if (hash !== before) written++;
    }
    for (const path of Object.keys(previous.files)) if (!(path in next.files)) removeOutput(this.outDir, path);
    this.saveState(next);
    return written;
  }

  /**
   * Copies the file `from` to `path` (by the system: its bytes never pass through this process, so
   * a video of gigabytes costs no memory) unless the previous build copied it with the same
   * `stamp`, a string that changes whenever the file does (its size and times).
   */
  copy(path: string, from: string, stamp: string): void {
    if (this.keep(path, stamp)) return;
    // The stamp stands in for the content's hash: a file copied with another stamp is copied again.
    this.write(
      path,
      (full) => {
        clearOutputPath(full);
        copyFileSync(from, full);
      },
      stamp,
      stamp,
    );
  }

  private write(path: string, content: readonly Uint8Array[] | ((full: string) => void), hash: string, key: string | undefined): void {
    const full = join(this.outDir, path);
    let entry = this.entries.get(path);
    if (!entry) {
      const previous = this.previousState().files[path];
      entry = { hash: '', before: previous !== undefined && this.wasPresent(path) ? previous : undefined };
      this.entries.set(path, entry);
    }
    if (key === undefined) delete entry.key;
    else entry.key = key;
    if (entry.hash === hash || (entry.hash === '' && entry.before === hash)) {
      entry.hash = hash;
      return;
    }
    entry.hash = hash;
    this.invalidateState();
    makeOutputFolder(this.outDir, dirname(full), this.madeDirs);
    if (typeof content === 'function') {
      content(full);
      return;
    }
    const fd = openOutputToWrite(full, 'w');
    try {
      writevSync(fd, content as Uint8Array[]);
    } finally {
      closeSync(fd);
    }
  }

  private previousState(): OutputState {
    if (!this.previous) {
      try {
        const saved = JSON.parse(readOutput(join(this.outDir, STATE_FILE)).toString('utf8')) as Partial<OutputState>;
        this.previous = { files: saved.files ?? {}, keys: saved.keys ?? {} };
      } catch {
        this.previous = { files: {}, keys: {} };
      }
    }
    return this.previous;
  }

  /** Whether `path` was in the output folder before this build wrote anything: one listing per folder, not one call per file. */
  private wasPresent(path: string): boolean {
    const dir = posix.dirname(path);
    let names = this.listings.get(dir);
    if (!names) {
      try {
        // Only files in real folders: a link in the output folder was planted there, and is written over, not kept.
        const entries = isRealOutputFolder(this.outDir, dir) ? readdirSync(join(this.outDir, dir), { withFileTypes: true }) : [];
        names = new Set(entries.filter((entry) => entry.isFile()).map((entry) => entry.name));
      } catch {
        names = new Set();
      }
      this.listings.set(dir, names);
    }
    return names.has(posix.basename(path));
  }

  /** Blanks the hashes and keys of the saved record: files are about to change, and it must never vouch for them. */
  private invalidateState(): void {
    if (this.stateInvalidated) return;
    this.stateInvalidated = true;
    const { files } = this.previousState();
    if (Object.keys(files).length === 0) return;
    this.saveState({ files: Object.fromEntries(Object.keys(files).map((path) => [path, ''])), keys: {} });
  }

  private saveState(state: OutputState): void {
    makeOutputFolder(this.outDir, join(this.outDir, '.cache'), this.madeDirs);
    writeOutput(join(this.outDir, STATE_FILE), `${JSON.stringify(state)}\n`);
  }
}

/**
 * Writes `files` (bundle-relative paths) over a written bundle outside a build: `docsite dev`'s
 * edit of one page. Their record is blanked first, as a build's writer does before it writes, so
 * the next build never keeps one of them as the record says it was and writes each again.
 */
export function replaceOutputs(outDir: string, files: ReadonlyMap<string, string | Buffer>): void {
  const stateFile = join(outDir, STATE_FILE);
  const state = JSON.parse(readOutput(stateFile).toString('utf8')) as OutputState;
  for (const path of files.keys()) {
    state.files[path] = '';
    delete state.keys[path];
  }
  writeOutput(stateFile, `${JSON.stringify(state)}\n`);
  for (const [path, content] of files) writeOutput(join(outDir, path), typeof content === 'string' ? content : [content]);
}
