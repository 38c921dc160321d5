// Access and refresh tokens: opaque, stored as digests, rotated on refresh, revocable at once.
import { insertRows } from './batch-insert.js';
import { isoOf, type Clock } from './clock.js';
import { StoreInputError } from './errors.js';
import { newRowId } from './ids.js';
import { digestOf, randomSecret, sameDigest } from './secrets.js';
import type { SqlDriver, SqlSession } from './sql.js';
import { grantLimitOf, subjectNow, subjectUserOf, userGroupNamesOf, type OAuthSubject } from './subjects.js';

/** What a new token pair is for. */
export interface IssueTokensInput {
  clientId: string;
  subject: OAuthSubject;
  /** The resource the tokens are bound to, e.g. `https://docs.example.com/authed/mcp`. */
  audience: string;
  /** Space-separated, e.g. `mcp:search`. */
  scope: string;
  accessTtlSeconds: number;
  refreshTtlSeconds: number;
  /** Groups the tokens of one authorization (code or credential exchange) through every rotation; new when omitted. */
  grantId?: string | undefined;
}

/** A token pair just issued: the only time the tokens exist outside the caller. */
export interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
  /** Seconds the access token lives (the token response's `expires_in`). */
  expiresIn: number;
  accessExpiresAt: string;
  refreshExpiresAt: string;
  scope: string;
  grantId: string;
}

/** What a valid access token grants. */
export interface AccessTokenInfo {
  clientId: string;
  subject: OAuthSubject;
  audience: string;
  scope: string;
  grantId: string;
  expiresAt: string;
}

/** Where tokens live. Tokens are looked up by SHA-256 digest (see secrets.ts). */
export interface OAuthTokenStore {
  issueTokens(input: IssueTokensInput): Promise<IssuedTokens>;
  /**
   * The token's grant when it is a live, unexpired access token for `audience`, else undefined.
   * A local user's token is valid only while the user exists, and carries their groups as they are now.
   */
  verifyAccessToken(accessToken: string, audience: string): Promise<AccessTokenInfo | undefined>;
  /**
   * Spends a refresh token of `clientId` and issues a new pair for the same grant, atomically:
   * of two concurrent uses at most one succeeds. Presenting an already rotated refresh token
   * again is treated as theft (OAuth 2.1 §4.3.1): every token of its grant is revoked. A local
   * user's grant ends when the user no longer exists, and the new pair carries their groups as
   * they are now; an OIDC user's grant ends with the sign-in it came from.
   */
  rotateRefreshToken(input: { refreshToken: string; clientId: string; accessTtlSeconds: number; refreshTtlSeconds: number }): Promise<IssuedTokens | undefined>;
  /**
   * Revokes a token (RFC 7009); a refresh token takes its whole grant with it. With `clientId`,
   * only a token issued to that client. False when nothing matched.
   */
  revokeToken(input: { token: string; clientId?: string | undefined }): Promise<boolean>;
  /** Deletes expired tokens and authorization codes; returns how many. */
  purgeExpiredOAuthState(): Promise<number>;
}

export const ACCESS_TOKEN_PREFIX = 'docsite_at_';
export const REFRESH_TOKEN_PREFIX = 'docsite_rt_';
/** Longer inputs are refused before hashing. */
const MAX_TOKEN_LENGTH = 256;
const COLUMNS = ['token_digest', 'kind', 'client_id', 'grant_id', 'subject', 'subject_user', 'audience', 'scope', 'created_ms', 'expires_ms'];

interface GrantRow {
  client_id: string;
  grant_id: string;
  subject: string;
  audience: string;
  scope: string;
}

interface TokenRow extends GrantRow {
  token_digest: string;
  expires_ms: number;
  revoked_ms: number | null;
}

function ttl(seconds: number, name: string): number {
  if (!Number.isInteger(seconds) || seconds <= 0) throw new StoreInputError(`${name} must be a positive whole number of seconds`);
  return seconds * 1000;
}

/** Marks every live token of a grant revoked (code reuse, refresh-token reuse, revocation). */
export async function revokeGrant(tx: SqlSession, grantId: string, now: number, reason: string): Promise<void> {
  await tx.run('UPDATE oauth_tokens SET revoked_ms = ?, revoked_reason = ? WHERE grant_id = ? AND revoked_ms IS NULL', [now, reason, grantId]);
}

async function insertPair(db: SqlSession, input: IssueTokensInput, clock: Clock, now: number): Promise<IssuedTokens> {
  // No token outlives the end of an OIDC user's sign-in, however often the grant is refreshed.
  const limit = grantLimitOf(input.subject);
  const accessExpires = Math.min(now + ttl(input.accessTtlSeconds, 'accessTtlSeconds'), limit);
  const refreshExpires = Math.min(now + ttl(input.refreshTtlSeconds, 'refreshTtlSeconds'), limit);
  const grantId = input.grantId ?? newRowId(clock).id;
  const accessToken = randomSecret(ACCESS_TOKEN_PREFIX);
  const refreshToken = randomSecret(REFRESH_TOKEN_PREFIX);
  const shared = [input.clientId, grantId, JSON.stringify(input.subject), subjectUserOf(input.subject), input.audience, input.scope, now];
  // One statement: both tokens exist, or neither.
  await insertRows(db, 'oauth_tokens', COLUMNS, [
    [digestOf(accessToken), 'access', ...shared, accessExpires],
    [digestOf(refreshToken), 'refresh', ...shared, refreshExpires],
  ]);
  return {
    accessToken,
    refreshToken,
    expiresIn: Math.max(0, Math.floor((accessExpires - now) / 1000)),
    accessExpiresAt: isoOf(accessExpires),
    refreshExpiresAt: isoOf(refreshExpires),
    scope: input.scope,
    grantId,
  };
}

/** The token methods of a SQL store. */
export function oauthTokenStore(db: SqlDriver, clock: Clock): OAuthTokenStore {
  return {
    issueTokens(input) {
      return insertPair(db, input, clock, clock());
    },

    async verifyAccessToken(accessToken, audience) {
      if (accessToken.length > MAX_TOKEN_LENGTH) return undefined;
      const digest = digestOf(accessToken);
      // One query: the token, and its local user's groups as they are now (none: removed).
      const [row] = await db.all<TokenRow & { user_groups: string | null }>(
        `SELECT t.token_digest, t.client_id, t.grant_id, t.subject, t.audience, t.scope, t.expires_ms, t.revoked_ms, u.group_names AS user_groups
         FROM oauth_tokens t LEFT JOIN users u ON u.username = t.subject_user
         WHERE t.token_digest = ? AND t.kind = 'access'`,
        [digest],
      );
      const now = clock();
      if (!row || !sameDigest(row.token_digest, digest) || row.revoked_ms !== null || Number(row.expires_ms) <= now || row.audience !== audience)
        return undefined;
      const subject = subjectNow(JSON.parse(row.subject) as OAuthSubject, row.user_groups, now);
      if (!subject) return undefined;
      return {
        clientId: row.client_id,
        subject,
        audience: row.audience,
        scope: row.scope,
        grantId: row.grant_id,
        expiresAt: isoOf(Number(row.expires_ms)),
      };
    },

    rotateRefreshToken({ refreshToken, clientId, accessTtlSeconds, refreshTtlSeconds }) {
      if (refreshToken.length > MAX_TOKEN_LENGTH) return Promise.resolve(undefined);
      const digest = digestOf(refreshToken);
      return db.transaction(async (tx) => {
        const now = clock();
        // The conditional UPDATE is the single-use guarantee: a concurrent rotation of the same
        // token waits for this row lock (PostgreSQL) or the write lock (SQLite), then matches nothing.
        const [spent] = await tx.all<GrantRow>(
          `UPDATE oauth_tokens SET revoked_ms = ?, revoked_reason = 'rotated'
           WHERE token_digest = ? AND kind = 'refresh' AND client_id = ? AND revoked_ms IS NULL AND expires_ms > ?
           RETURNING client_id, grant_id, subject, audience, scope`,
          [now, digest, clientId, now],
        );
        if (!spent) {
          const [old] = await tx.all<{ grant_id: string; revoked_reason: string | null }>(
            "SELECT grant_id, revoked_reason FROM oauth_tokens WHERE token_digest = ? AND kind = 'refresh'",
            [digest],
          );
          if (old?.revoked_reason === 'rotated') await revokeGrant(tx, old.grant_id, now, 'refresh token reused');
          return undefined;
        }
        const issued = JSON.parse(spent.subject) as OAuthSubject;
        const subject = subjectNow(issued, await userGroupNamesOf(tx, issued), now);
        if (!subject) {
          await revokeGrant(tx, spent.grant_id, now, issued.kind === 'user' && issued.provider === 'oidc' ? 'sign-in ended' : 'user removed');
          return undefined;
        }
        return insertPair(
          tx,
          { clientId: spent.client_id, subject, audience: spent.audience, scope: spent.scope, grantId: spent.grant_id, accessTtlSeconds, refreshTtlSeconds },
          clock,
          now,
        );
      });
    },

    revokeToken({ token, clientId }) {
      if (token.length > MAX_TOKEN_LENGTH) return Promise.resolve(false);
      const digest = digestOf(token);
      return db.transaction(async (tx) => {
        const [row] = await tx.all<{ kind: 'access' | 'refresh'; client_id: string; grant_id: string }>(
          'SELECT kind, client_id, grant_id FROM oauth_tokens WHERE token_digest = ?',
          [digest],
        );
        if (!row || (clientId !== undefined && row.client_id !== clientId)) return false;
        const now = clock();
        if (row.kind === 'refresh') await revokeGrant(tx, row.grant_id, now, 'revoked');
        else await tx.run("UPDATE oauth_tokens SET revoked_ms = ?, revoked_reason = 'revoked' WHERE token_digest = ? AND revoked_ms IS NULL", [now, digest]);
        return true;
      });
    },

    purgeExpiredOAuthState() {
      return db.transaction(async (tx) => {
        const now = clock();
        return (await tx.run('DELETE FROM oauth_tokens WHERE expires_ms <= ?', [now])) + (await tx.run('DELETE FROM oauth_codes WHERE expires_ms <= ?', [now]));
      });
    },
  };
}
