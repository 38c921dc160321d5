// Users of the `local` identity provider: scrypt-hashed passwords and groups.
import { isoOf, type Clock } from './clock.js';
import { StoreConflictError, StoreInputError } from './errors.js';
import { decoyPasswordHash, hashPassword, verifyPassword } from './passwords.js';
import type { SqlDriver } from './sql.js';

/** A local user as listed; never the password hash. */
export interface User {
  /** Lower-case, trimmed: the sign-in name, and the `userId` of the user's tokens. */
  username: string;
  groups: string[];
  /** Whether the user may use the owner's dashboard on a site without authentication (`docsite users add --owner`). */
  owner: boolean;
  /** ISO 8601 UTC. */
  createdAt: string;
}

/** Where local users live. */
export interface UserStore {
  /** Throws `StoreConflictError` when the username is taken. */
  addUser(input: { username: string; password: string; groups?: string[] | undefined; owner?: boolean | undefined }): Promise<User>;
  /** Every user, by username. */
  listUsers(): Promise<User[]>;
  /** Deletes the user and, in the same transaction, their sessions and every token and code issued to them. */
  removeUser(username: string): Promise<boolean>;
  /** The user when the password is right, else undefined (in the same time for unknown users). */
  verifyUser(username: string, password: string): Promise<User | undefined>;
}

const MAX_PASSWORD_LENGTH = 1024;

interface UserRow {
  username: string;
  password_hash: string;
  group_names: string;
  owner: number;
  created_ms: number;
}

function userOf(row: UserRow): User {
  return { username: row.username, groups: JSON.parse(row.group_names) as string[], owner: Number(row.owner) === 1, createdAt: isoOf(Number(row.created_ms)) };
}

/** The canonical form of a username: what sign-in compares, and the `userId` of sessions and tokens. */
export function canonicalUsername(username: string): string {
  return username.normalize('NFC').trim().toLowerCase();
}

/** The local user methods of a SQL store. */
export function userStore(db: SqlDriver, clock: Clock): UserStore {
  return {
    async addUser({ username, password, groups = [], owner = false }) {
      const name = canonicalUsername(username);
      if (name === '' || name.length > 254 || /\p{Cc}/u.test(name)) throw new StoreInputError('username must be 1 to 254 printable characters');
      if (password === '' || password.length > MAX_PASSWORD_LENGTH) throw new StoreInputError(`password must be 1 to ${MAX_PASSWORD_LENGTH} characters`);
      if (!groups.every((group) => typeof group === 'string' && group !== '')) throw new StoreInputError('groups must be non-empty strings');
      const row: UserRow = {
        username: name,
        password_hash: await hashPassword(password),
        group_names: JSON.stringify([...new Set(groups)]),
        owner: owner ? 1 : 0,
        created_ms: clock(),
      };
      try {
        await db.run('INSERT INTO users (username, password_hash, group_names, owner, created_ms) VALUES (?, ?, ?, ?, ?)', [
          row.username,
          row.password_hash,
          row.group_names,
          row.owner,
          row.created_ms,
        ]);
      } catch (error) {
        if (error instanceof StoreConflictError) throw new StoreConflictError('a user with this username already exists', { cause: error });
        throw error;
      }
      return userOf(row);
    },

    async listUsers() {
      return (await db.all<UserRow>('SELECT username, password_hash, group_names, owner, created_ms FROM users ORDER BY username')).map(userOf);
    },

    removeUser(username) {
      const name = canonicalUsername(username);
      return db.transaction(async (tx) => {
        await tx.run('DELETE FROM oauth_tokens WHERE subject_user = ?', [name]);
        await tx.run('DELETE FROM oauth_codes WHERE subject_user = ?', [name]);
        await tx.run("DELETE FROM sessions WHERE provider = 'local' AND user_id = ?", [name]);
        return (await tx.run('DELETE FROM users WHERE username = ?', [name])) > 0;
      });
    },

    async verifyUser(username, password) {
      if (password.length > MAX_PASSWORD_LENGTH) return undefined;
      const [row] = await db.all<UserRow>('SELECT username, password_hash, group_names, owner, created_ms FROM users WHERE username = ?', [
        canonicalUsername(username),
      ]);
      const matches = await verifyPassword(password, row?.password_hash ?? (await decoyPasswordHash()));
      return row && matches ? userOf(row) : undefined;
    },
  };
}
