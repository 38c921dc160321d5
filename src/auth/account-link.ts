// The sign-in / signed-in-as link added to the header of every page of an authenticated site.
import { escapeHtml } from './html.js';
import { AUTH_PATHS, loginUrl, safeReturnTo } from './paths.js';
import type { SessionUser } from './sessions.js';

const STYLE = 'margin-left:auto;font-size:.875rem;white-space:nowrap';

/**
 * `html` with an account link before the end of its site header: "Sign in" (back to `path`
 * afterwards) for visitors, the user's name and "Sign out" for signed-in readers. The same for
 * a missing page and a page the reader may not read, so the link tells nothing about either.
 */
export function withAccountLink(html: string, user: SessionUser | undefined, path: string): string {
  const link = user
    ? `<div class="account" style="${STYLE}"><span>${escapeHtml(user.name)}</span> · <a href="${AUTH_PATHS.logout}">Sign out</a></div>`
    : `<div class="account" style="${STYLE}"><a href="${escapeHtml(loginUrl(safeReturnTo(path)))}">Sign in</a></div>`;
  const end = html.indexOf('</header>');
  return end < 0 ? html : `${html.slice(0, end)}${link}${html.slice(end)}`;
}
