// API keys (SPEC.md 5.1): `docsite_` + 256 random bits, shown once, stored as a SHA-256 digest.
import { isoOf, type Clock } from './clock.js';
import { newRowId } from './ids.js';
import { digestOf, randomSecret, sameDigest, SECRET_LENGTH } from './secrets.js';
import type { SqlDriver } from './sql.js';

/** Admin keys read analytics; assistant keys call the assistant endpoint. Neither opens an MCP server. */
export type ApiKeyKind = 'admin' | 'assistant';

/** A key as listed: never the key itself nor its digest. */
export interface ApiKey {
  /** ULID, used to revoke the key. */
  id: string;
  kind: ApiKeyKind;
  label: string | null;
  /** ISO 8601 UTC. */
  createdAt: string;
  /** ISO 8601 UTC, accurate to `LAST_USED_RESOLUTION_MS`; null when never used. */
  lastUsedAt: string | null;
}

/** A key just created: the only time its plaintext exists outside the caller. */
export interface CreatedApiKey extends ApiKey {
  key: string;
}

/** Where API keys live. */
export interface ApiKeyStore {
  createApiKey(input: { kind: ApiKeyKind; label?: string | null | undefined }): Promise<CreatedApiKey>;
  /** The key's record when `presented` is a live key, else undefined. Revocation anywhere is seen at once. */
  verifyApiKey(presented: string): Promise<ApiKey | undefined>;
  /** Every live key, oldest first. */
  listApiKeys(): Promise<ApiKey[]>;
  /** Deletes the key; false when there was none with that id. */
  revokeApiKey(id: string): Promise<boolean>;
}

/** The fixed prefix of every key (SPEC.md 5.1). */
export const API_KEY_PREFIX = 'docsite_';
/** `lastUsedAt` is written at most this often per key, so verifying is a read, not a write, per request. */
export const LAST_USED_RESOLUTION_MS = 60_000;
const KEY_LENGTH = API_KEY_PREFIX.length + SECRET_LENGTH;

interface ApiKeyRow {
  id: string;
  kind: ApiKeyKind;
  label: string | null;
  key_digest: string;
  created_ms: number;
  last_used_ms: number | null;
}

function apiKeyOf(row: ApiKeyRow): ApiKey {
  const lastUsed = row.last_used_ms === null ? null : Number(row.last_used_ms);
  return { id: row.id, kind: row.kind, label: row.label, createdAt: isoOf(Number(row.created_ms)), lastUsedAt: lastUsed === null ? null : isoOf(lastUsed) };
}

/** The API key methods of a SQL store. */
export function apiKeyStore(db: SqlDriver, clock: Clock): ApiKeyStore {
  /** Best effort: a busy database must not turn a valid key into a failed request over a statistic. */
  async function touch(row: ApiKeyRow, now: number): Promise<void> {
    try {
      await db.run('UPDATE api_keys SET last_used_ms = ? WHERE id = ? AND (last_used_ms IS NULL OR last_used_ms < ?)', [
        now,
        row.id,
        now - LAST_USED_RESOLUTION_MS,
      ]);
      row.last_used_ms = now;
    } catch {
      // lastUsedAt stays a minute staler; the key is still valid.
    }
  }

  return {
    async createApiKey({ kind, label = null }) {
      const key = randomSecret(API_KEY_PREFIX);
      const { id, at } = newRowId(clock);
      await db.run('INSERT INTO api_keys (id, kind, label, key_digest, created_ms) VALUES (?, ?, ?, ?, ?)', [id, kind, label, digestOf(key), at]);
      return { id, kind, label, createdAt: isoOf(at), lastUsedAt: null, key };
    },

    async verifyApiKey(presented) {
      if (presented.length !== KEY_LENGTH || !presented.startsWith(API_KEY_PREFIX)) return undefined;
      // Looked up by digest: the index walk depends only on the digest of what was presented,
      // which tells an attacker nothing; the final comparison is constant-time all the same.
      const digest = digestOf(presented);
      const [row] = await db.all<ApiKeyRow>('SELECT id, kind, label, key_digest, created_ms, last_used_ms FROM api_keys WHERE key_digest = ?', [digest]);
      if (!row || !sameDigest(row.key_digest, digest)) return undefined;
      const now = clock();
      if (row.last_used_ms === null || Number(row.last_used_ms) < now - LAST_USED_RESOLUTION_MS) await touch(row, now);
      return apiKeyOf(row);
    },

    async listApiKeys() {
      const rows = await db.all<ApiKeyRow>('SELECT id, kind, label, key_digest, created_ms, last_used_ms FROM api_keys ORDER BY created_ms, id');
      return rows.map(apiKeyOf);
    },

    async revokeApiKey(id) {
      return (await db.run('DELETE FROM api_keys WHERE id = ?', [id.toUpperCase()])) > 0;
    },
  };
}
