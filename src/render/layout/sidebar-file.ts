// A sidebar as the bundle stores it (`_docsite/nav/<key>.json`), the marker pages carry in its place, and its marking per page.

/**
 * One sidebar, written once for all the pages that show it. `html` is the `<ul class="nav-tree">`
 * with no link current and every collapsed group closed; `pages` says, per page URL, where to mark
 * it: offsets in `html` of the `>` closing the opening tags of the collapsed groups around the
 * page's link (outermost first), then of the link itself. Offsets ascend, so marking is one pass.
 */
export interface SidebarFile {
  html: string;
  pages: Record<string, number[]>;
}

const MARKER_START = '<!--docsite:sidebar ';
const MARKER_END = '-->';

/** The comment a page's HTML carries where its sidebar goes, e.g. `<!--docsite:sidebar t0-1-->`. */
export function sidebarMarker(key: string): string {
  return `${MARKER_START}${key}${MARKER_END}`;
}

/** The sidebar as `url`'s page shows it: its link `aria-current="page"`, the collapsed groups around it open. */
export function sidebarForPage(sidebar: SidebarFile, url: string): string {
  const offsets = Object.hasOwn(sidebar.pages, url) ? sidebar.pages[url]! : [];
  let html = '';
  let at = 0;
  offsets.forEach((offset, i) => {
    html += `${sidebar.html.slice(at, offset)}${i === offsets.length - 1 ? ' aria-current="page"' : ' open'}`;
    at = offset;
  });
  return html + sidebar.html.slice(at);
}

/**
 * `pageHtml` with its sidebar marker (the first, which the layout writes before the content)
 * replaced by the sidebar marked for `url`. Pages without a marker are returned as they are.
 * Throws when the marker names a sidebar `sidebarOf` does not know: the bundle is incomplete.
 */
export function insertSidebar(pageHtml: string, url: string, sidebarOf: (key: string) => SidebarFile | undefined): string {
  const start = pageHtml.indexOf(MARKER_START);
  if (start < 0) return pageHtml;
  const end = pageHtml.indexOf(MARKER_END, start + MARKER_START.length);
  const key = pageHtml.slice(start + MARKER_START.length, end);
  const sidebar = end < 0 ? undefined : sidebarOf(key);
  if (!sidebar) throw new Error(`The page ${url} shows sidebar "${key}", which the bundle does not have.`);
  return `${pageHtml.slice(0, start)}${sidebarForPage(sidebar, url)}${pageHtml.slice(end + MARKER_END.length)}`;
}

/** Whether every offset of `sidebar` points at a `>` of its HTML, in ascending order: a check for files read from disk. */
export function isConsistentSidebar(sidebar: SidebarFile): boolean {
  return Object.values(sidebar.pages).every(
    (offsets) => offsets.length > 0 && offsets.every((offset, i) => sidebar.html[offset] === '>' && (i === 0 || offset > offsets[i - 1]!)),
  );
}
