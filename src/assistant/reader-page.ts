// The page the visitor asked from: its full URL for the record, its manifest page for the search scope.
import type { LoadedBundle, ManifestPage } from '../bundle/index.js';

/** Where the visitor was. */
export interface ReaderPage {
  /** Full URL of the page; null when the message named none. */
  pageUrl: string | null;
  /** The page of this site at that URL, when there is one. */
  page: ManifestPage | undefined;
}

/** The manifest page a URL path names: query, hash, trailing slash and `.md` ignored. */
function pageAt(bundle: LoadedBundle, path: string): ManifestPage | undefined {
  let clean = path
    .replace(/[?#].*$/, '')
    .replace(/\/+$/, '')
    .replace(/\.md$/, '');
  try {
    clean = decodeURIComponent(clean);
  } catch {
    return undefined;
  }
  return bundle.pagesByUrl.get(clean === '' || clean === '/index' ? '/' : clean);
}

/**
 * Resolves `pagePath` (a path on the site at `siteUrl`) or `pageUrl` (a full URL, kept as
 * given) to the URL to record and the page it names.
 */
export function readerPageOf(bundle: LoadedBundle, siteUrl: string, where: { pageUrl?: string | undefined; pagePath?: string | undefined }): ReaderPage {
  if (where.pagePath !== undefined) return { pageUrl: `${siteUrl}${where.pagePath}`, page: pageAt(bundle, where.pagePath) };
  if (where.pageUrl === undefined) return { pageUrl: null, page: undefined };
  const base = new URL(siteUrl).pathname.replace(/\/+$/, '');
  const path = new URL(where.pageUrl).pathname;
  const onSite = base === '' || path === base || path.startsWith(`${base}/`);
  return { pageUrl: where.pageUrl, page: onSite ? pageAt(bundle, path.slice(base.length)) : undefined };
}
