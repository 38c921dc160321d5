// The broken links docsite reports beside those `mint broken-links` reports, as two sets of
// (page, link) pairs: what only docsite reports is where to look for its false positives, what
// only mint reports where to look for what docsite misses.

/** A broken link: the file that holds it and the link as written there (percent-escapes decoded). */
export interface LinkKey {
  file: string;
  url: string;
}

/** The diagnostics of docsite that name a broken link or anchor, as `mint broken-links` (with --check-anchors) does. */
export const BROKEN_LINK_CODES: readonly string[] = ['link/broken', 'link/broken-anchor'];

/**
 * The broken links among docsite's diagnostics: those of BROKEN_LINK_CODES, each keyed by its file
 * and the link its message quotes first (`Link "/x#y": page …`, `Image "/a.png" does not exist`).
 */
export function docsiteBrokenLinks(diagnostics: readonly { file: string; code: string; message: string }[]): LinkKey[] {
  return diagnostics
    .filter((d) => BROKEN_LINK_CODES.includes(d.code))
    .map((d) => ({ file: d.file, url: normalise(/"(.+?)"/.exec(d.message)?.[1] ?? d.message) }));
}

/** mint's broken links as keys of the same kind. */
export function mintBrokenLinks(links: readonly LinkKey[]): LinkKey[] {
  return links.map((link) => ({ file: link.file, url: normalise(link.url) }));
}

/** Both sides' broken links as sets: those both report, and those only one does, each sorted. */
export interface LinkDiff {
  both: LinkKey[];
  /**
   * The same link reported at different files: mint checks a snippet's own file (under
   * snippets/), docsite the pages that import it. Both sides' pairs, sorted.
   */
  viaSnippet: LinkKey[];
  onlyDocsite: LinkKey[];
  onlyMint: LinkKey[];
}

/** Mintlify's folder of reusable snippets: mint reports a link inside one at the snippet's file. */
const SNIPPETS = /^snippets\//;

export function diffLinks(docsite: readonly LinkKey[], mint: readonly LinkKey[]): LinkDiff {
  const docsiteSet = keyed(docsite);
  const mintSet = keyed(mint);
  const docsiteOnly = [...docsiteSet].filter(([key]) => !mintSet.has(key));
  const mintOnly = [...mintSet].filter(([key]) => !docsiteSet.has(key));
  const mintSnippetUrls = new Set(mintOnly.filter(([, link]) => SNIPPETS.test(link.file)).map(([, link]) => link.url));
  const docsiteUrls = new Set(docsiteOnly.map(([, link]) => link.url));
  const onSnippet = (link: LinkKey): boolean => mintSnippetUrls.has(link.url);
  const inSnippet = (link: LinkKey): boolean => SNIPPETS.test(link.file) && docsiteUrls.has(link.url);
  return {
    both: sorted([...docsiteSet].filter(([key]) => mintSet.has(key))),
    viaSnippet: sorted([...docsiteOnly.filter(([, link]) => onSnippet(link)), ...mintOnly.filter(([, link]) => inSnippet(link))]),
    onlyDocsite: sorted(docsiteOnly.filter(([, link]) => !onSnippet(link))),
    onlyMint: sorted(mintOnly.filter(([, link]) => !inSnippet(link))),
  };
}

function sorted(entries: [string, LinkKey][]): LinkKey[] {
  return entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, link]) => link);
}

/** "page.mdx → /link#anchor". */
export function formatLink(link: LinkKey): string {
  return `${link.file} → ${link.url}`;
}

function keyed(links: readonly LinkKey[]): Map<string, LinkKey> {
  return new Map(links.map((link) => [`${link.file}\n${link.url}`, link]));
}

/** The same link however it is escaped: mint and docsite may quote `%24ref` or `$ref`. */
function normalise(url: string): string {
  try {
    return decodeURIComponent(url);
  } catch {
    return url;
  }
}
