// Remembers each page file's size and times with its content key, so a rebuild reads only the files that changed.
import { dirname } from 'node:path';
import { makeOutputFolder, readOutput, writeOutput } from './output-files.js';

/** What identifies a file's content without reading it: its size and its modification and change times. */
interface Stamp {
  size: number;
  mtimeMs: number;
  /** Set by the system on every change, content or metadata: tools that restore mtimes cannot fake it. */
  ctimeMs: number;
  key: string;
}

const FORMAT = 1;

/**
 * A file (`<bundle>/.cache/sources.json`) of stamps by page file. Reading and hashing 10,000 page
 * files is most of what an unchanged page costs a rebuild; a stat is a tenth of that. A file whose
 * size or times differ is read and hashed as before, so an edit is never missed.
 */
export class SourceStamps {
  private readonly previous: Record<string, Stamp>;
  private readonly next: Record<string, Stamp> = {};
  /** Stats taken by `keyOf` before the file is read: recording one of those (not a later one) never vouches for content newer than was read. */
  private readonly before = new Map<string, Omit<Stamp, 'key'>>();

  /** `generator` names what the keys were made by: stamps another docsite version saved are not used. `file` is inside the output folder `outDir`. */
  constructor(
    private readonly file: string,
    private readonly generator: string,
    private readonly outDir = dirname(file),
  ) {
    this.previous = readStamps(file, generator);
  }

  /**
   * The content key recorded for the file if it is unchanged since, else undefined (then read it,
   * and `record` its key). `stat` gives the file's status; when it throws, the file is read.
   */
  keyOf(relativePath: string, stat: () => Omit<Stamp, 'key'>): string | undefined {
    let now: Omit<Stamp, 'key'>;
    try {
      const { size, mtimeMs, ctimeMs } = stat();
      now = { size, mtimeMs, ctimeMs };
    } catch {
      return undefined;
    }
    const stamp = this.previous[relativePath];
    if (stamp && now.size === stamp.size && now.mtimeMs === stamp.mtimeMs && now.ctimeMs === stamp.ctimeMs) {
      this.next[relativePath] = stamp;
      return stamp.key;
    }
    this.before.set(relativePath, now);
    return undefined;
  }

  /** Records the content key of a file `keyOf` did not know, read after that call. */
  record(relativePath: string, key: string): void {
    const stat = this.before.get(relativePath);
    if (stat) this.next[relativePath] = { ...stat, key };
  }

  /** Saves the stamps of this build's files (and only those). */
  save(): void {
    makeOutputFolder(this.outDir, dirname(this.file), new Set());
    writeOutput(this.file, `${JSON.stringify({ format: FORMAT, generator: this.generator, stamps: this.next })}\n`);
  }
}

function readStamps(file: string, generator: string): Record<string, Stamp> {
  try {
    const saved = JSON.parse(readOutput(file).toString('utf8')) as { format?: number; generator?: string; stamps?: Record<string, Stamp> };
    return saved.format === FORMAT && saved.generator === generator && saved.stamps ? saved.stamps : {};
  } catch {
    return {};
  }
}
