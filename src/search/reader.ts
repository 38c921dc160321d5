// Who is searching, and the access tags each page and each reader carries in the index.
import type { PageAccess } from '../site/index.js';

/**
 * The principal a search runs for. The runtime picks it from the endpoint and the credentials:
 * - `unrestricted`: a site without authentication, where every indexed page is public.
 *   Never use it on a site with authentication on: it skips the access filter.
 * - `anonymous`: not signed in on a site with authentication; reads pages marked `public` only.
 * - `client-credential`: a client credential token; reads public pages and pages that need a
 *   login but name no groups.
 * - `user`: a signed-in user; reads what a client credential reads plus pages whose `groups`
 *   include one of the user's groups.
 */
export type Reader = { kind: 'unrestricted' } | { kind: 'anonymous' } | { kind: 'client-credential' } | { kind: 'user'; groups: readonly string[] };

/** Access tag of a page anyone may read when authentication is on. */
export const PUBLIC_TAG = 'public';
/** Access tag of a page any authenticated principal may read. */
export const LOGIN_TAG = 'login';

/** The access tag of a page restricted to `group`. */
export function groupTag(group: string): string {
  return `group=${group}`;
}

/**
 * The access tags of a page: a reader may read it when they hold one of them.
 * Groups win over `public` (a page with groups is for those groups only), so a page is never
 * shown to more readers than its most restrictive setting allows.
 */
export function accessTagsOf(access: PageAccess): string[] {
  if (access.groups.length > 0) return [...new Set(access.groups)].sort().map(groupTag);
  return [access.public ? PUBLIC_TAG : LOGIN_TAG];
}

/** The access tags `reader` holds; `null` means no access filter (a site without authentication). */
export function readableAccessTags(reader: Reader): string[] | null {
  switch (reader.kind) {
    case 'unrestricted':
      return null;
    case 'anonymous':
      return [PUBLIC_TAG];
    case 'client-credential':
      return [PUBLIC_TAG, LOGIN_TAG];
    case 'user':
      return [PUBLIC_TAG, LOGIN_TAG, ...reader.groups.map(groupTag)];
  }
}
