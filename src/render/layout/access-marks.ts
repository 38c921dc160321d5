// Marks links to restricted pages in the static HTML, so the runtime can drop them per reader.
import type { PageAccess } from '../../site/index.js';

/**
 * The `data-access` attribute of a navigation link to a page with `access`: `login` for pages
 * that need a sign-in when the site has authentication, `group:<name> …` for group pages, none
 * for public pages. The runtime removes marked links the reader may not follow, so sidebars and
 * pagers never show the titles of pages a reader cannot read.
 */
export function accessMark(access: PageAccess): { dataAccess?: string } {
  if (access.groups.length > 0) return { dataAccess: access.groups.map((group) => `group:${group}`).join(' ') };
  return access.public ? {} : { dataAccess: 'login' };
}
