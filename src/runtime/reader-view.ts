// What one principal sees of the site: readable pages and files, HTML without links to unreadable pages.
import type { LoadedBundle, ManifestPage } from '../bundle/index.js';
import { canRead, type PageAccess, type Principal } from '../site/index.js';

/** The access checks of one request, all through `canRead`. */
export interface ReaderView {
  principal: Principal;
  authentication: boolean;
  /** Whether this reader may read a page, or a file pages use (an OpenAPI file). */
  canRead(item: { access: PageAccess }): boolean;
  /** Removes the navigation links (marked `data-access` by the build) that point at pages this reader may not read; tabs keep their first link left. */
  filterHtml(html: string): string;
}

const MARKED_LINK = /<(li|a) data-access="([^"]*)"[^>]*>[\s\S]*?<\/\1>/g;
/** A header tab's candidate link (render/layout/header.ts): the first left of each tab stays. */
const TAB_CANDIDATE = /<li(?: data-access="[^"]*")? data-tab="(\d+)">[\s\S]*?<\/li>/g;

/** Keeps the first candidate of each tab, drops the others. */
function firstTabCandidates(html: string): string {
  const kept = new Set<string>();
  return html.replace(TAB_CANDIDATE, (element, tab: string) => {
    if (kept.has(tab)) return '';
    kept.add(tab);
    return element;
  });
}

export function readerView(principal: Principal, authentication: boolean): ReaderView {
  const allows = (mark: string): boolean => {
    const groups = mark
      .split(' ')
      .filter((token) => token.startsWith('group:'))
      .map((token) => token.slice(6));
    return canRead(principal, { public: false, groups }, authentication);
  };
  return {
    principal,
    authentication,
    canRead: (item) => canRead(principal, item.access, authentication),
    filterHtml: (html) => firstTabCandidates(html.replace(MARKED_LINK, (element, _tag: string, mark: string) => (allows(mark) ? element : ''))),
  };
}

/** Pages of the bundle this reader may read, in manifest order. */
export function readablePages(bundle: LoadedBundle, view: ReaderView): ManifestPage[] {
  return bundle.manifest.pages.filter((page) => view.canRead(page));
}
