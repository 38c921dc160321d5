// The one access rule: which pages (and the files pages use) a principal may read. Every reader-facing surface asks it.
import type { PageAccess } from './site-model.js';

/** Who is reading, as the runtime established it from the request. */
export type Principal =
  | { kind: 'anonymous' }
  /** A client credential (SPEC.md 5.5): reads public pages and pages that need a login without naming groups. */
  | { kind: 'client-credential'; id: string }
  /** A signed-in user, with the groups their identity provider gives them. */
  | { kind: 'user'; id: string; groups: readonly string[] };

export const ANONYMOUS: Principal = { kind: 'anonymous' };

/** What a page that says nothing about its access needs: a login, when the site has authentication on. */
export const DEFAULT_ACCESS: PageAccess = { public: false, groups: [] };

/**
 * Whether `principal` may read a page (REFERENCE.md, "Page visibility"). A page with `groups`
 * is for members of one of them only, whatever else it says, and with authentication off no one
 * can be a member, so such pages are served to nobody. Other pages need a login only when the
 * site has authentication on and the page is not `public`.
 */
export function canRead(principal: Principal, access: PageAccess, authentication: boolean): boolean {
  if (access.groups.length > 0) return principal.kind === 'user' && principal.groups.some((group) => access.groups.includes(group));
  if (access.public || !authentication) return true;
  return principal.kind !== 'anonymous';
}

/**
 * A key two readers share exactly when `canRead` answers them alike for every page whose groups
 * are among `siteGroups` (the groups the site's pages name): whether they read what needs a
 * sign-in, and which of those groups they are in. For caching what a reader sees per kind of reader.
 */
export function accessKeyOf(principal: Principal, authentication: boolean, siteGroups: readonly string[]): string {
  const groups = principal.kind === 'user' ? siteGroups.filter((group) => principal.groups.includes(group)) : [];
  const signedIn = principal.kind !== 'anonymous' || !authentication;
  return `${signedIn ? 'login' : 'public'}:${groups.join(',')}`;
}

/**
 * The access of a file that pages use (an OpenAPI file): whoever may read at least one of those
 * pages may read it, so `canRead` of the result is `canRead` of any of `users`. A file no page
 * uses needs what a page that says nothing needs (DEFAULT_ACCESS). Group pages are read only by
 * signed-in users, who may read login pages too: one page without groups decides alone.
 */
export function accessOfFileUsedBy(users: readonly PageAccess[]): PageAccess {
  if (users.length === 0) return DEFAULT_ACCESS;
  const open = users.filter((access) => access.groups.length === 0);
  if (open.length > 0) return { public: open.some((access) => access.public), groups: [] };
  return { public: false, groups: [...new Set(users.flatMap((access) => access.groups))].sort() };
}
