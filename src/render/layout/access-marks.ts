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

/**
 * The `data-choice` attribute of one candidate of a link that leads to the first page a reader may
 * read (a tab, a previous or next link, a switcher's option; see candidatePages). Candidates of one
 * link share `key` and come in order: the runtime drops those the reader may not follow, keeps
 * the first left and removes the mark, so a page shows no trace of the pages passed over.
 */
export function choiceMark(key: string): { dataChoice: string } {
  return { dataChoice: key };
}
