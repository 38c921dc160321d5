// Whom tokens, codes and sessions speak for, and the rule that keeps them current: a local user counts only while they exist, with the groups they have now.
import type { SqlSession } from './sql.js';

/** The identity provider that vouched for a person: the site's `local` users, or an upstream OpenID Connect provider. */
export type IdentityProviderKind = 'local' | 'oidc';

/** Whom a token (or authorization code) speaks for. */
export type OAuthSubject =
  /** A person signed in through the site's identity provider. */
  | {
      kind: 'user';
      userId: string;
      /** Their groups: for `local` users replaced by the groups they have at each use; for `oidc` users as the provider reported them at sign-in. */
      groups: string[];
      /** `local` when absent (tokens issued before the provider was recorded): valid only while the user exists. */
      provider?: IdentityProviderKind;
      /** `oidc`: when the sign-in the grant came from ends (ISO 8601); no token of the grant outlives it. */
      signInExpiresAt?: string;
    }
  /** A machine holding a client credential (SPEC.md 5.5). */
  | { kind: 'client-credential'; clientId: string };

/** The user id column of a subject, indexed so removing a user can revoke their tokens. */
export function subjectUserOf(subject: OAuthSubject): string | null {
  return subject.kind === 'user' ? subject.userId : null;
}

/** Whether the store must find the subject among its local users. */
function isLocalUser(subject: OAuthSubject): boolean {
  return subject.kind === 'user' && (subject.provider ?? 'local') === 'local';
}

/** The `group_names` of the subject's row in `users` when it is a local user (null when there is none), else undefined: nothing to look up. */
export async function userGroupNamesOf(db: SqlSession, subject: OAuthSubject): Promise<string | null | undefined> {
  if (subject.kind !== 'user' || !isLocalUser(subject)) return undefined;
  const [row] = await db.all<{ group_names: string }>('SELECT group_names FROM users WHERE username = ?', [subject.userId]);
  return row?.group_names ?? null;
}

/**
 * The subject as it stands at `now`, or undefined when it no longer stands: a local user whose
 * `users` row is gone (`groupNames` null), or an OIDC user whose sign-in ended. A local user
 * gets the groups of their row (`groupNames`, as stored) in place of the ones issued.
 */
export function subjectNow(subject: OAuthSubject, groupNames: string | null | undefined, now: number): OAuthSubject | undefined {
  if (subject.kind !== 'user') return subject;
  if (isLocalUser(subject)) return groupNames == null ? undefined : { ...subject, groups: JSON.parse(groupNames) as string[] };
  return subject.signInExpiresAt !== undefined && Date.parse(subject.signInExpiresAt) <= now ? undefined : subject;
}

/** When the grant of `subject` must end at the latest (epoch ms): an OIDC user's end of sign-in, else never. */
export function grantLimitOf(subject: OAuthSubject): number {
  return subject.kind === 'user' && subject.signInExpiresAt !== undefined ? Date.parse(subject.signInExpiresAt) : Number.POSITIVE_INFINITY;
}
