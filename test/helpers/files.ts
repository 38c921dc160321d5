// Reads a folder tree into memory, for comparing bundles.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Every file below `dir` (relative path -> content), sorted by path. */
export function readTree(dir: string): Map<string, Buffer> {
  const files = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name).slice(dir.length + 1))
    .sort();
  return new Map(files.map((f) => [f, readFileSync(join(dir, f))]));
}
