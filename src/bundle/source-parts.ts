// The page sources of a bundle, for the MCP filesystem: a few files of many pages each, so that
// `serve` opens ~1% of the files it would with one per page (10,000 opens took a second from disk).
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { ConfinedFolder } from '../content/index.js';
import { UsageError } from '../errors.js';
import { partitionPages } from '../search/index.js';
import { DOCSITE_VERSION } from '../version.js';
import type { OutputWriter } from './output-writer.js';

/** A page as the source parts see it. */
export interface SourcePage {
  path: string;
  url: string;
}

/** A source part file: the sources of its pages by page path. */
type SourcePart = Record<string, string>;

const REBUILD = 'Rebuild the bundle with this version of docsite.';

/**
 * Adds the sources of `pages` to `out` as JSON part files under the folder `dir`, grouped by URL
 * as the search index is (see `partitionPages`). `contentKey` gives the key of what a page was
 * built from (its source among it); a part whose pages did not change since the previous build
 * keeps its file and `source` is not called for them, so a one-page rebuild reads and writes one
 * part. Returns each page's part file by page path.
 */
export function addSourceParts<P extends SourcePage>(
  out: OutputWriter,
  dir: string,
  pages: readonly P[],
  contentKey: (page: P) => string,
  source: (page: P) => string,
): Map<string, string> {
  const partOf = new Map<string, string>();
  partitionPages(pages).forEach((partPages, i) => {
    const path = `${dir}${String(i).padStart(4, '0')}.json`;
    const key = createHash('sha256').update(DOCSITE_VERSION);
    for (const page of partPages) {
      key.update('\0').update(page.path).update('\0').update(contentKey(page));
      partOf.set(page.path, path);
    }
    out.addKeyed(path, key.digest('hex'), () => `${JSON.stringify(Object.fromEntries(partPages.map((page) => [page.path, source(page)])))}\n`);
  });
  return partOf;
}

/** A part file's sources; throws UsageError when the file is missing, refused or not a part (a bundle from an older docsite names one file per page). */
function readPart(bundle: ConfinedFolder, file: string): SourcePart {
  let part: unknown;
  try {
    part = JSON.parse(bundle.read(file).toString('utf8'));
  } catch {
    part = undefined;
  }
  if (typeof part !== 'object' || part === null || Array.isArray(part))
    throw new UsageError(`${join(bundle.root, file)} is missing or is not a page source part.`, REBUILD);
  return part as SourcePart;
}

/**
 * Reads the source of every page from the part files they name (`source`, bundle-relative),
 * each part once. Throws UsageError when a part is missing, is not one, or lacks a page it is named for.
 */
export function readSourceParts(bundle: ConfinedFolder, pages: readonly { path: string; source: string }[]): Map<string, string> {
  const parts = new Map<string, SourcePart>();
  const sources = new Map<string, string>();
  for (const page of pages) {
    let part = parts.get(page.source);
    if (!part) {
      part = readPart(bundle, page.source);
      parts.set(page.source, part);
    }
    const source = Object.hasOwn(part, page.path) ? part[page.path] : undefined;
    if (typeof source !== 'string') throw new UsageError(`${join(bundle.root, page.source)} holds no source for the page ${page.path}.`, REBUILD);
    sources.set(page.path, source);
  }
  return sources;
}
