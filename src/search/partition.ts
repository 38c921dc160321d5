// Splits a site's pages into parts, so that a rebuild re-indexes (or rewrites) only the parts whose pages changed.

/** About this many pages go into one part: re-indexing or rewriting one takes a fraction of a second. */
export const PAGES_PER_PART = 128;
/** The most parts pages are split into. */
const MAX_PARTS = 1024;

/**
 * The pages (with distinct URLs) grouped into parts, in their order. A page's
 * part depends only on its URL and on the number of parts, a power of two that changes only
 * when the page count doubles or halves: editing, adding or removing a page changes one part.
 */
export function partitionPages<T extends { url: string }>(pages: readonly T[]): T[][] {
  const count = partCountFor(pages.length);
  const parts: T[][] = Array.from({ length: count }, () => []);
  for (const page of pages) parts[fnv1a(page.url) & (count - 1)]!.push(page);
  return parts;
}

/** The number of parts for `pages` pages: the power of two nearest above `pages / PAGES_PER_PART`. */
export function partCountFor(pages: number): number {
  let count = 1;
  while (count < MAX_PARTS && count * PAGES_PER_PART < pages) count *= 2;
  return count;
}

/** 32-bit FNV-1a over UTF-16 code units: stable across runs and platforms, and well spread. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
