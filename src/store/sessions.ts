// Browser sessions kept on the server: the cookie holds a random id, the store only its digest, so sign-out and user removal end them at once.
import { isoOf, type Clock } from './clock.js';
import { StoreInputError } from './errors.js';
import { digestOf, randomSecret, sameDigest } from './secrets.js';
import type { SqlDriver } from './sql.js';
import { subjectNow, type IdentityProviderKind } from './subjects.js';

/** What a new session is for: a person the site's identity provider just signed in. */
export interface NewSession {
  /** The local username, or the OIDC `sub`. */
  userId: string;
  /** What the site shows as their name. */
  name: string;
  /** Their groups, as the provider reported them at sign-in. */
  groups: string[];
  provider: IdentityProviderKind;
  ttlSeconds: number;
}

/** A live session. */
export interface Session {
  userId: string;
  name: string;
  /** A local user's groups as they are now; an OIDC user's as the provider reported them at sign-in. */
  groups: string[];
  provider: IdentityProviderKind;
  /** ISO 8601 UTC. */
  createdAt: string;
  /** ISO 8601 UTC: the session ends then at the latest. */
  expiresAt: string;
}

/** A session just started: the only time its id exists outside the caller. */
export interface CreatedSession extends Session {
  /** 256 random bits (base62): the cookie value. The store keeps only its SHA-256 digest. */
  id: string;
}

/** Where sessions live. */
export interface SessionStore {
  /** Starts a session and returns it with its id; deletes expired sessions on the way. */
  createSession(input: NewSession): Promise<CreatedSession>;
  /** The session of `id` while it lives: undefined when unknown, ended, expired, or a local user's who no longer exists. */
  getSession(id: string): Promise<Session | undefined>;
  /** Ends the session of `id` (sign-out). False when there was none. */
  deleteSession(id: string): Promise<boolean>;
  /** Deletes expired sessions; returns how many. */
  purgeExpiredSessions(): Promise<number>;
}

interface SessionRow {
  id_digest: string;
  user_id: string;
  name: string;
  group_names: string;
  provider: IdentityProviderKind;
  created_ms: number;
  expires_ms: number;
  /** The local user's groups now (LEFT JOIN users): null when there is no such user. */
  user_groups: string | null;
}

/** Longer ids are refused before hashing. */
const MAX_ID_LENGTH = 256;

function checkInput({ userId, name, groups, provider, ttlSeconds }: NewSession): void {
  if (userId === '' || userId.length > 1024) throw new StoreInputError('userId must be 1 to 1024 characters');
  if (name === '' || name.length > 1024) throw new StoreInputError('name must be 1 to 1024 characters');
  if (!Array.isArray(groups) || !groups.every((group) => typeof group === 'string')) throw new StoreInputError('groups must be strings');
  if (provider !== 'local' && provider !== 'oidc') throw new StoreInputError('provider must be local or oidc');
  if (!Number.isInteger(ttlSeconds) || ttlSeconds <= 0) throw new StoreInputError('ttlSeconds must be a positive whole number of seconds');
}

/** The session methods of a SQL store. */
export function sessionStore(db: SqlDriver, clock: Clock): SessionStore {
  const purge = (now: number): Promise<number> => db.run('DELETE FROM sessions WHERE expires_ms <= ?', [now]);
  return {
    async createSession(input) {
      checkInput(input);
      const id = randomSecret('');
      const now = clock();
      const expires = now + input.ttlSeconds * 1000;
      const groups = [...new Set(input.groups)];
      // Sign-ins are few: pruning here keeps the table to the sessions that can still be used.
      await purge(now);
      await db.run('INSERT INTO sessions (id_digest, user_id, name, group_names, provider, created_ms, expires_ms) VALUES (?, ?, ?, ?, ?, ?, ?)', [
        digestOf(id),
        input.userId,
        input.name,
        JSON.stringify(groups),
        input.provider,
        now,
        expires,
      ]);
      return { id, userId: input.userId, name: input.name, groups, provider: input.provider, createdAt: isoOf(now), expiresAt: isoOf(expires) };
    },

    async getSession(id) {
      if (id.length > MAX_ID_LENGTH) return undefined;
      const digest = digestOf(id);
      const [row] = await db.all<SessionRow>(
        `SELECT s.id_digest, s.user_id, s.name, s.group_names, s.provider, s.created_ms, s.expires_ms, u.group_names AS user_groups
         FROM sessions s LEFT JOIN users u ON s.provider = 'local' AND u.username = s.user_id
         WHERE s.id_digest = ?`,
        [digest],
      );
      if (!row || !sameDigest(row.id_digest, digest)) return undefined;
      const now = clock();
      const user =
        Number(row.expires_ms) > now
          ? subjectNow({ kind: 'user', userId: row.user_id, groups: JSON.parse(row.group_names) as string[], provider: row.provider }, row.user_groups, now)
          : undefined;
      if (user?.kind !== 'user') {
        await db.run('DELETE FROM sessions WHERE id_digest = ?', [digest]);
        return undefined;
      }
      return {
        userId: row.user_id,
        name: row.name,
        groups: user.groups,
        provider: row.provider,
        createdAt: isoOf(Number(row.created_ms)),
        expiresAt: isoOf(Number(row.expires_ms)),
      };
    },

    async deleteSession(id) {
      if (id.length > MAX_ID_LENGTH) return false;
      return (await db.run('DELETE FROM sessions WHERE id_digest = ?', [digestOf(id)])) > 0;
    },

    purgeExpiredSessions() {
      return purge(clock());
    },
  };
}
