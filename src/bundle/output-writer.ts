// Writes a bundle's files, touching only those whose content changed and removing stale ones.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const STATE_FILE = '.cache/outputs.json';

/**
 * Collects the bundle's files in memory, then writes them. A record of the previous build's
 * output hashes lets a rebuild skip unchanged files and delete files that are gone.
 */
export class OutputWriter {
  private readonly files = new Map<string, string | Buffer>();

  constructor(private readonly outDir: string) {}

  add(path: string, content: string | Buffer): void {
    this.files.set(path, content);
  }

  /** Writes changed files, removes stale ones; returns how many files were written. */
  commit(): number {
    const previous = this.readState();
    const next: Record<string, string> = {};
    let written = 0;
    for (const path of [...this.files.keys()].sort()) {
      const content = this.files.get(path)!;
      const hash = createHash('sha256').update(content).digest('hex');
      next[path] = hash;
      const full = join(this.outDir, path);
      if (previous[path] === hash && existsSync(full)) continue;
      mkdirSync(dirname(full), { recursive: true });
      writeFileSync(full, content);
      written++;
    }
    for (const path of Object.keys(previous)) if (!(path in next)) rmSync(join(this.outDir, path), { force: true });
    mkdirSync(join(this.outDir, '.cache'), { recursive: true });
    writeFileSync(join(this.outDir, STATE_FILE), `${JSON.stringify(next, null, 1)}\n`);
    return written;
  }

  private readState(): Record<string, string> {
    try {
      return JSON.parse(readFileSync(join(this.outDir, STATE_FILE), 'utf8')) as Record<string, string>;
    } catch {
      return {};
    }
  }
}
