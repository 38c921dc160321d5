// OAuth clients: dynamically registered ones (RFC 7591) and client credentials (SPEC.md 5.5).
import { isoOf, type Clock } from './clock.js';
import { newRowId } from './ids.js';
import { digestOf, randomSecret, sameDigest } from './secrets.js';
import type { SqlDriver } from './sql.js';

/** `registered` through dynamic registration; `credential` created by a site owner for machines. */
export type OAuthClientKind = 'registered' | 'credential';
/** How a client authenticates at the token endpoint (RFC 7591 `token_endpoint_auth_method`). */
export type TokenEndpointAuthMethod = 'none' | 'client_secret_post' | 'client_secret_basic';

/** A client as the authorization server sees it; never its secret. */
export interface OAuthClient {
  clientId: string;
  kind: OAuthClientKind;
  /** `client_name`, or a credential's label. */
  name: string | null;
  redirectUris: string[];
  grantTypes: string[];
  tokenEndpointAuthMethod: TokenEndpointAuthMethod;
  /** ISO 8601 UTC. */
  createdAt: string;
}

/** RFC 7591 metadata the authorization server has already validated. */
export interface ClientRegistration {
  name?: string | null | undefined;
  redirectUris: string[];
  /** Default `['authorization_code', 'refresh_token']`. */
  grantTypes?: string[] | undefined;
  /** Default `client_secret_basic` (RFC 7591); `none` registers a public client without a secret. */
  tokenEndpointAuthMethod?: TokenEndpointAuthMethod | undefined;
}

/** A client just registered: `clientSecret` is shown this once (null for public clients). */
export interface RegisteredClient extends OAuthClient {
  clientSecret: string | null;
}

/** A client credential as listed. */
export interface ClientCredential {
  clientId: string;
  label: string;
  createdAt: string;
}

/** A client credential just created: the only time its secret exists outside the caller. */
export interface CreatedClientCredential extends ClientCredential {
  clientSecret: string;
}

/** Where OAuth clients live. */
export interface OAuthClientStore {
  registerClient(registration: ClientRegistration): Promise<RegisteredClient>;
  getClient(clientId: string): Promise<OAuthClient | undefined>;
  /** The client when `clientSecret` is its secret (constant-time check), else undefined. */
  authenticateClient(clientId: string, clientSecret: string): Promise<OAuthClient | undefined>;
  createClientCredential(input: { label: string }): Promise<CreatedClientCredential>;
  /** Every client credential, oldest first. */
  listClientCredentials(): Promise<ClientCredential[]>;
  /** Deletes the credential and, in the same transaction, every token and code issued to it; false when none had that id. */
  deleteClientCredential(clientId: string): Promise<boolean>;
}

/** Prefix of generated client secrets, so a leaked one is recognisable. */
export const CLIENT_SECRET_PREFIX = 'docsite_cs_';

interface ClientRow {
  client_id: string;
  kind: OAuthClientKind;
  name: string | null;
  secret_digest: string | null;
  redirect_uris: string;
  grant_types: string;
  token_endpoint_auth_method: TokenEndpointAuthMethod;
  created_ms: number;
}

const COLUMNS = 'client_id, kind, name, secret_digest, redirect_uris, grant_types, token_endpoint_auth_method, created_ms';

function clientOf(row: ClientRow): OAuthClient {
  return {
    clientId: row.client_id,
    kind: row.kind,
    name: row.name,
    redirectUris: JSON.parse(row.redirect_uris) as string[],
    grantTypes: JSON.parse(row.grant_types) as string[],
    tokenEndpointAuthMethod: row.token_endpoint_auth_method,
    createdAt: isoOf(Number(row.created_ms)),
  };
}

/** The OAuth client methods of a SQL store. */
export function oauthClientStore(db: SqlDriver, clock: Clock): OAuthClientStore {
  async function insertClient(kind: OAuthClientKind, registration: Required<ClientRegistration>): Promise<RegisteredClient> {
    const { id: clientId, at } = newRowId(clock);
    const secret = registration.tokenEndpointAuthMethod === 'none' ? null : randomSecret(CLIENT_SECRET_PREFIX);
    const row: ClientRow = {
      client_id: clientId,
      kind,
      name: registration.name,
      secret_digest: secret === null ? null : digestOf(secret),
      redirect_uris: JSON.stringify(registration.redirectUris),
      grant_types: JSON.stringify(registration.grantTypes),
      token_endpoint_auth_method: registration.tokenEndpointAuthMethod,
      created_ms: at,
    };
    await db.run(`INSERT INTO oauth_clients (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, [
      row.client_id,
      row.kind,
      row.name,
      row.secret_digest,
      row.redirect_uris,
      row.grant_types,
      row.token_endpoint_auth_method,
      row.created_ms,
    ]);
    return { ...clientOf(row), clientSecret: secret };
  }

  async function rowOf(clientId: string): Promise<ClientRow | undefined> {
    const [row] = await db.all<ClientRow>(`SELECT ${COLUMNS} FROM oauth_clients WHERE client_id = ?`, [clientId]);
    return row;
  }

  return {
    registerClient({ name = null, redirectUris, grantTypes = ['authorization_code', 'refresh_token'], tokenEndpointAuthMethod = 'client_secret_basic' }) {
      return insertClient('registered', { name, redirectUris, grantTypes, tokenEndpointAuthMethod });
    },

    async getClient(clientId) {
      const row = await rowOf(clientId);
      return row && clientOf(row);
    },

    async authenticateClient(clientId, clientSecret) {
      const row = await rowOf(clientId);
      const digest = digestOf(clientSecret);
      return row?.secret_digest && sameDigest(row.secret_digest, digest) ? clientOf(row) : undefined;
    },

    async createClientCredential({ label }) {
      const client = await insertClient('credential', {
        name: label,
        redirectUris: [],
        grantTypes: ['client_credentials', 'refresh_token'],
        tokenEndpointAuthMethod: 'client_secret_post',
      });
      // client_secret_post: insertClient always generated a secret.
      return { clientId: client.clientId, label, createdAt: client.createdAt, clientSecret: client.clientSecret! };
    },

    async listClientCredentials() {
      const rows = await db.all<ClientRow>(`SELECT ${COLUMNS} FROM oauth_clients WHERE kind = 'credential' ORDER BY created_ms, client_id`);
      return rows.map((row) => ({ clientId: row.client_id, label: row.name ?? '', createdAt: isoOf(Number(row.created_ms)) }));
    },

    deleteClientCredential(clientId) {
      return db.transaction(async (tx) => {
        const [row] = await tx.all<{ kind: OAuthClientKind }>('SELECT kind FROM oauth_clients WHERE client_id = ?', [clientId]);
        if (row?.kind !== 'credential') return false;
        await tx.run('DELETE FROM oauth_tokens WHERE client_id = ?', [clientId]);
        await tx.run('DELETE FROM oauth_codes WHERE client_id = ?', [clientId]);
        await tx.run('DELETE FROM oauth_clients WHERE client_id = ?', [clientId]);
        return true;
      });
    },
  };
}
