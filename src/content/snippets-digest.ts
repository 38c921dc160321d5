// What the build's page cache keys take from snippets: whether a page may place one, and a digest of them all.
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { ConfinedFolder } from './confined-folder.js';
import { SNIPPETS_DIR } from './snippets.js';

/**
 * Whether a page's source may place a snippet: the build's cache keys of such pages include the
 * snippets' content. A cheap test on the text, before any parsing; false alarms cost nothing.
 */
export function mayUseSnippets(source: string): boolean {
  return source.includes(SNIPPETS_DIR);
}

/**
 * A hash of every file under snippets/ (names and content, links inside the docs folder followed):
 * part of the cache key of each page that may place snippets, so that editing a snippet rebuilds
 * the pages that show it. A file that cannot be read counts by its name: placing it is reported.
 */
export function snippetsDigest(folder: ConfinedFolder): string {
  let files: string[];
  try {
    const dir = folder.resolve(SNIPPETS_DIR);
    files = readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() || entry.isSymbolicLink())
      .map((entry) => `${SNIPPETS_DIR}${relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/')}`)
      .sort();
  } catch {
    return ''; // no snippets folder (or one leading out of the docs folder: placing its snippets is reported)
  }
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(file).update('\0');
    try {
      hash.update(folder.read(file)).update('\0');
    } catch {
      hash.update('unreadable\0');
    }
  }
  return hash.digest('hex');
}
