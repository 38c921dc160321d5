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
  onlyDocsite: LinkKey[];
  onlyMint: LinkKey[];
}

export function diffLinks(docsite: readonly LinkKey[], mint: readonly LinkKey[]): LinkDiff {
  const docsiteSet = keyed(docsite);
  const mintSet = keyed(mint);
  const pick = (from: Map<string, LinkKey>, keep: (key: string) => boolean): LinkKey[] =>
    [...from.entries()]
      .filter(([key]) => keep(key))
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([, link]) => link);
  return {
    both: pick(docsiteSet, (key) => mintSet.has(key)),
    onlyDocsite: pick(docsiteSet, (key) => !mintSet.has(key)),
    onlyMint: pick(mintSet, (key) => !docsiteSet.has(key)),
  };
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
