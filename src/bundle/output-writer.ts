// Writes a bundle's files, touching only those whose content changed and removing stale ones.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const STATE_FILE = '.cache/outputs.json';

/** What the writer knows of one output path in this build. */
interface OutputEntry {
  /** Hash of the content this build gave the path last: what is on disk now. */
  hash: string;
  /** Hash of what was on disk before this build touched the path; undefined when there was nothing. */
  before: string | undefined;
}

/**
 * Writes the bundle's files as they are added, keeping only their hashes: a large site lays out
 * more HTML than fits comfortably in memory (10,000 pages: over 1.5 GB). A record of the previous
 * build's output hashes lets a rebuild skip unchanged files; `commit` deletes files that are gone
 * and saves the record. Before the first write the record's hashes are blanked (its paths kept),
 * so after a build that stops half-way the next one rewrites every file and still removes stale ones.
 */
export class OutputWriter {
  private readonly entries = new Map<string, OutputEntry>();
  private previous: Record<string, string> | undefined;
  private stateInvalidated = false;

  constructor(private readonly outDir: string) {}

  /** Writes `content` to `path` unless it is there already; a later add of the same path wins. */
  add(path: string, content: string | Buffer): void {
    const hash = createHash('sha256').update(content).digest('hex');
    const full = join(this.outDir, path);
    let entry = this.entries.get(path);
    if (!entry) {
      const previous = this.previousState()[path];
      entry = { hash: '', before: previous !== undefined && existsSync(full) ? previous : undefined };
      this.entries.set(path, entry);
      if (entry.before === hash) {
        entry.hash = hash;
        return;
      }
    } else if (entry.hash === hash) return;
    entry.hash = hash;
    this.invalidateState();
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, content);
  }

  /** Removes stale files and saves the record; returns how many files now differ from before the build. */
  commit(): number {
    const previous = this.previousState();
    const next: Record<string, string> = {};
    let written = 0;
    for (const path of [...this.entries.keys()].sort()) {
      const { hash, before } = this.entries.get(path)!;
      next[path] = hash;
      if (hash !== before) written++;
    }
    for (const path of Object.keys(previous)) if (!(path in next)) rmSync(join(this.outDir, path), { force: true });
    mkdirSync(join(this.outDir, '.cache'), { recursive: true });
    writeFileSync(join(this.outDir, STATE_FILE), `${JSON.stringify(next, null, 1)}\n`);
    return written;
  }

  private previousState(): Record<string, string> {
    if (!this.previous) {
      try {
        this.previous = JSON.parse(readFileSync(join(this.outDir, STATE_FILE), 'utf8')) as Record<string, string>;
      } catch {
        this.previous = {};
      }
    }
    return this.previous;
  }

  /** Blanks the hashes of the saved record: files are about to change, and it must never vouch for them. */
  private invalidateState(): void {
    if (this.stateInvalidated) return;
    this.stateInvalidated = true;
    const previous = this.previousState();
    if (Object.keys(previous).length === 0) return;
    writeFileSync(join(this.outDir, STATE_FILE), `${JSON.stringify(Object.fromEntries(Object.keys(previous).map((path) => [path, ''])), null, 1)}\n`);
  }
}
