// Finds the sections an answer cites: the best search hit of each of the few best matching pages.
import type { LoadedBundle, Manifest, ManifestPage } from '../bundle/index.js';
import { hitHeading, type Reader } from '../search/index.js';
import { encodedUrl } from '../site/index.js';

/** Pages an answer cites at most. */
export const MAX_CITED_PAGES = 3;
/** Hits read to find them (several hits are often sections of one page). */
const HITS_READ = 12;

/** A section an answer is built from. */
export interface CitedSection {
  /** The page title and the headings down to the section: "Refunds and credit notes › Refunds". */
  title: string;
  /** Full URL: site URL, page path, `#anchor` for a section below the introduction. */
  url: string;
  /** The part of the section around the match (about 200 characters). */
  snippet: string;
  /** The section's whole text. */
  text: string;
  /** The section's page in the manifest. */
  page: ManifestPage | undefined;
}

/** Version and language to search: those of the reader's page, else the site's defaults. */
export function searchScopeOf(manifest: Manifest, page: ManifestPage | undefined): { version?: string; language?: string } {
  const pick = (variants: Manifest['versions'], tags: readonly string[]): string | undefined => {
    const fallback = (variants.find((v) => v.default) ?? variants[0])?.name;
    return fallback === undefined || tags.length === 0 || tags.includes(fallback) ? fallback : tags[0];
  };
  const version = pick(manifest.versions, page?.versions ?? []);
  const language = pick(manifest.languages, page?.languages ?? []);
  return { ...(version !== undefined ? { version } : {}), ...(language !== undefined ? { language } : {}) };
}

/**
 * The sections that best answer `query` for `reader`, one per page, best first, at most
 * `MAX_CITED_PAGES`; empty when the index has nothing on it. URLs are made absolute on `siteUrl`.
 */
export function citedSections(
  bundle: LoadedBundle,
  query: string,
  options: { reader: Reader; siteUrl: string; page?: ManifestPage | undefined },
): CitedSection[] {
  const hits = bundle.search.search(query, { reader: options.reader, limit: HITS_READ, ...searchScopeOf(bundle.manifest, options.page) });
  const cited = new Map<string, CitedSection>();
  for (const hit of hits) {
    const path = hit.url.split('#')[0]!;
    if (cited.has(path)) continue;
    cited.set(path, {
      title: hitHeading(hit),
      url: `${options.siteUrl}${encodedUrl(hit.url)}`,
      snippet: hit.snippet,
      text: bundle.search.sectionText(hit.url) ?? hit.snippet,
      page: bundle.pagesByUrl.get(path),
    });
    if (cited.size === MAX_CITED_PAGES) break;
  }
  return [...cited.values()];
}
