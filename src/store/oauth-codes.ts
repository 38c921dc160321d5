// Authorization codes: single use, short-lived, PKCE-bound, stored as digests.
import { insertRows } from './batch-insert.js';
import { isoOf, type Clock } from './clock.js';
import { StoreInputError } from './errors.js';
import { newRowId } from './ids.js';
import { revokeGrant } from './oauth-tokens.js';
import { digestOf, randomSecret } from './secrets.js';
import type { SqlDriver } from './sql.js';
import { subjectNow, subjectUserOf, userGroupNamesOf, type OAuthSubject } from './subjects.js';

/** What the authorization endpoint approved, to be redeemed at the token endpoint. */
export interface NewAuthorizationCode {
  clientId: string;
  redirectUri: string;
  /** Whether the authorization request named `redirectUri` (else it was the client's only one): then the exchange must name it too (OAuth 2.1 §4.1.3). */
  redirectUriGiven: boolean;
  /** PKCE (RFC 7636) challenge; only S256 is accepted by the authorization server. */
  codeChallenge: string;
  codeChallengeMethod: 'S256';
  subject: OAuthSubject;
  scope: string;
  /** The resource (RFC 8707) the tokens will be bound to. */
  resource: string;
  ttlSeconds: number;
}

/** A code just redeemed: check its client, redirect URI and PKCE verifier, then issue tokens with its `grantId`. */
export interface AuthorizationCode extends Omit<NewAuthorizationCode, 'ttlSeconds'> {
  grantId: string;
  expiresAt: string;
}

/** Where authorization codes live. */
export interface OAuthCodeStore {
  /** Stores the code's digest and returns the code, shown once. */
  createAuthorizationCode(input: NewAuthorizationCode): Promise<string>;
  /**
   * Redeems a code: its data once, then undefined forever. A second attempt also revokes every
   * token issued from the code (RFC 6749 §4.1.2). Expired codes give undefined, and so do codes
   * of a local user who no longer exists; a local user's groups are the ones they have now.
   */
  consumeAuthorizationCode(code: string): Promise<AuthorizationCode | undefined>;
}

const COLUMNS = [
  'code_digest',
  'client_id',
  'grant_id',
  'redirect_uri',
  'redirect_uri_given',
  'code_challenge',
  'code_challenge_method',
  'subject',
  'subject_user',
  'scope',
  'resource',
  'created_ms',
  'expires_ms',
];

interface CodeRow {
  client_id: string;
  grant_id: string;
  redirect_uri: string;
  redirect_uri_given: number;
  code_challenge: string;
  code_challenge_method: 'S256';
  subject: string;
  scope: string;
  resource: string;
  expires_ms: number;
}

function codeOf(row: CodeRow, subject: OAuthSubject): AuthorizationCode {
  return {
    clientId: row.client_id,
    redirectUri: row.redirect_uri,
    redirectUriGiven: Number(row.redirect_uri_given) === 1,
    codeChallenge: row.code_challenge,
    codeChallengeMethod: row.code_challenge_method,
    subject,
    scope: row.scope,
    resource: row.resource,
    grantId: row.grant_id,
    expiresAt: isoOf(Number(row.expires_ms)),
  };
}

/** The authorization code methods of a SQL store. */
export function oauthCodeStore(db: SqlDriver, clock: Clock): OAuthCodeStore {
  return {
    async createAuthorizationCode(input) {
      if (!Number.isInteger(input.ttlSeconds) || input.ttlSeconds <= 0) throw new StoreInputError('ttlSeconds must be a positive whole number of seconds');
      const code = randomSecret('');
      const grantId = newRowId(clock).id;
      const at = clock();
      await insertRows(db, 'oauth_codes', COLUMNS, [
        [
          digestOf(code),
          input.clientId,
          grantId,
          input.redirectUri,
          input.redirectUriGiven ? 1 : 0,
          input.codeChallenge,
          input.codeChallengeMethod,
          JSON.stringify(input.subject),
          subjectUserOf(input.subject),
          input.scope,
          input.resource,
          at,
          at + input.ttlSeconds * 1000,
        ],
      ]);
      return code;
    },

    consumeAuthorizationCode(code) {
      if (code.length > 256) return Promise.resolve(undefined);
      const digest = digestOf(code);
      return db.transaction(async (tx) => {
        const now = clock();
        const [row] = await tx.all<CodeRow>(
          `UPDATE oauth_codes SET used_ms = ? WHERE code_digest = ? AND used_ms IS NULL
           RETURNING client_id, grant_id, redirect_uri, redirect_uri_given, code_challenge, code_challenge_method, subject, scope, resource, expires_ms`,
          [now, digest],
        );
        if (!row) {
          const [used] = await tx.all<{ grant_id: string }>('SELECT grant_id FROM oauth_codes WHERE code_digest = ?', [digest]);
          if (used) await revokeGrant(tx, used.grant_id, now, 'authorization code reused');
          return undefined;
        }
        if (Number(row.expires_ms) <= now) return undefined;
        const issued = JSON.parse(row.subject) as OAuthSubject;
        const subject = subjectNow(issued, await userGroupNamesOf(tx, issued), now);
        return subject && codeOf(row, subject);
      });
    },
  };
}
