// The floor validate is measured against: read every page and parse it with the processor validate uses.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { extractHeadingIds, parseMdx } from '../src/content/index.js';

/**
 * Reads and parses `files` in this thread, keeping nothing. `{#id}` heading suffixes are blanked
 * first (as validate does) because MDX cannot parse them; that scan is a small part of the cost.
 */
export function bareParse(root: string, files: readonly string[]): void {
  for (const file of files) parseMdx(extractHeadingIds(readFileSync(join(root, file), 'utf8')).source);
}
