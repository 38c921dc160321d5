// The engines the contract suite runs against: SQLite in temp folders, PostgreSQL in throwaway schemas.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import type { OpenStoreOptions, PostgresStoreOptions, SqliteStoreOptions } from '../../src/store/index.js';
import type { StoreTarget } from './contract/context.js';

/** PostgreSQL for the tests: this machine's server unless DOCSITE_TEST_DATABASE_URL says otherwise. */
export const TEST_DATABASE_URL = process.env.DOCSITE_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** SQLite databases in new temp folders. */
export function sqliteTarget(): StoreTarget {
  const dirs: string[] = [];
  return {
    name: 'SQLite',
    async fresh() {
      const dir = mkdtempSync(join(tmpdir(), 'docsite-store-'));
      dirs.push(dir);
      return { dataDir: join(dir, 'data') };
    },
    async sql(options, sql) {
      const db = new Database(join((options as SqliteStoreOptions).dataDir, 'docsite.db'));
      try {
        const statement = db.prepare(sql);
        if (statement.reader) return statement.all() as Record<string, unknown>[];
        statement.run();
        return [];
      } finally {
        db.close();
      }
    },
    async dispose() {
      for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Runs `fn` with a plain pg client on the test server. */
export async function withClient<T>(fn: (client: pg.Client) => Promise<T>, url = TEST_DATABASE_URL): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Why the test server cannot be used, or undefined when it answers. */
export async function postgresUnreachable(url = TEST_DATABASE_URL): Promise<string | undefined> {
  try {
    await withClient((client) => client.query('SELECT 1'), url);
    return undefined;
  } catch (error) {
    return `PostgreSQL at ${new URL(url).host} is unreachable (${(error as Error).message || (error as { code?: string }).code})`;
  }
}

/** PostgreSQL databases as new schemas (one per `fresh`) in the test database, dropped at the end. */
export function postgresTarget(url = TEST_DATABASE_URL): StoreTarget {
  const schemas: string[] = [];
  return {
    name: 'PostgreSQL',
    async fresh(): Promise<PostgresStoreOptions> {
      const schema = `docsite_test_${randomBytes(6).toString('hex')}`;
      schemas.push(schema);
      return { databaseUrl: url, schema };
    },
    async sql(options: OpenStoreOptions, sql) {
      const { schema } = options as PostgresStoreOptions;
      return withClient(async (client) => {
        await client.query(`SET search_path TO "${schema}"`);
        return (await client.query(sql)).rows as Record<string, unknown>[];
      }, url);
    },
    async dispose() {
      const dropping = schemas.splice(0);
      if (dropping.length === 0) return;
      await withClient(async (client) => {
        for (const schema of dropping) await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      }, url);
    },
  };
}
