// The databases of the export benchmark: a SQLite folder or a PostgreSQL database of its own, seeded
// with a million conversations through the store's import path, and the plan of a keyset page query.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { ulid } from 'ulid';
import { openStore, type ImportedConversation, type OpenStoreOptions } from '../src/store/index.js';
import { Random } from './random.js';

/** The PostgreSQL server the benchmark creates its database on (BENCH_DATABASE_URL overrides). */
/** The PostgreSQL server the benchmarks use (BENCH_DATABASE_URL), its `test` database by default. */
export const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** Rows per import call, each one transaction of multi-row INSERTs. */
const IMPORT_BATCH = 50_000;
/** Conversations start here and are this far apart: a million of them span about a year. */
const FIRST_MS = Date.parse('2025-01-01T00:00:00.000Z');
const STEP_MS = 31_000;

export interface BenchDatabase {
  engine: 'SQLite' | 'PostgreSQL';
  /** Flags of `docsite serve` for this database. */
  serveArgs: string[];
  storeOptions: OpenStoreOptions;
  /** The plan of one keyset page query (with a cursor), as the engine explains it. */
  pagePlan(projectId: string): Promise<string>;
  dispose(): Promise<void>;
}

/** The query a page after a cursor runs (src/store/keyset.ts), with literal values to explain. */
const PAGE_QUERY = `SELECT id, created_ms, query, response, sources, query_category, page_url, resolution_status
  FROM conversations WHERE project_id = $1 AND (created_ms, id) < ($2, $3) ORDER BY created_ms DESC, id DESC LIMIT 1001`;
const CURSOR_KEY = [FIRST_MS + 500_000 * STEP_MS, 'ZZZZZZZZZZZZZZZZZZZZZZZZZZ'] as const;

export function sqliteDatabase(): BenchDatabase {
  const dir = mkdtempSync(join(tmpdir(), 'docsite-bench-export-'));
  return {
    engine: 'SQLite',
    serveArgs: ['--data-dir', dir],
    storeOptions: { dataDir: dir },
    async pagePlan(projectId) {
      const db = new Database(join(dir, 'docsite.db'), { readonly: true });
      try {
        const rows = db.prepare(`EXPLAIN QUERY PLAN ${PAGE_QUERY.replace(/\$\d/g, '?')}`).all(projectId, ...CURSOR_KEY) as { detail: string }[];
        return rows.map((row) => row.detail).join('; ');
      } finally {
        db.close();
      }
    },
    async dispose() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Runs `fn` with a plain pg client on `url` (the server's admin database by default), closed afterwards. */
export async function withAdmin<T>(fn: (client: pg.Client) => Promise<T>, url = ADMIN_URL): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A new database on the PostgreSQL server, dropped by `dispose`; undefined (with the reason) when the server is unreachable. */
export async function postgresDatabase(): Promise<BenchDatabase | string> {
  const name = `docsite_bench_${randomBytes(5).toString('hex')}`;
  try {
    await withAdmin((client) => client.query(`CREATE DATABASE ${name}`));
  } catch (error) {
    return `PostgreSQL at ${new URL(ADMIN_URL).host} is unavailable (${(error as Error).message || String(error)})`;
  }
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  return {
    engine: 'PostgreSQL',
    serveArgs: ['--database-url', databaseUrl],
    storeOptions: { databaseUrl },
    async pagePlan(projectId) {
      return withAdmin(async (client) => {
        const result = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${PAGE_QUERY}`, [projectId, ...CURSOR_KEY]);
        return result.rows.map((row) => row['QUERY PLAN'].trim()).join('; ');
      }, databaseUrl);
    },
    async dispose() {
      await withAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

const QUERIES = [
  'How do I verify webhook signatures?',
  'rotate an API key',
  'pagination cursor',
  'rate limits per plan',
  'retry failed deliveries',
  'SSO setup',
];

/** Conversation `n` of the seed: one every STEP_MS, about half a kilobyte like a real extractive answer. */
function conversation(projectId: string, n: number, random: Random): ImportedConversation {
  const at = FIRST_MS + n * STEP_MS;
  const answered = random.chance(0.8);
  return {
    projectId,
    id: ulid(at),
    timestamp: new Date(at).toISOString(),
    query: `${random.pick(QUERIES)} (#${n})`,
    response: answered
      ? 'Webhook requests carry a signature header computed with your signing secret; compute the HMAC of the raw body and compare it in constant time before trusting the payload. See the guide for retries and replay protection.'
      : '',
    sources: answered
      ? [
          { title: 'Webhooks', url: 'https://docs.example.com/guides/webhooks' },
          { title: 'Security', url: 'https://docs.example.com/guides/security' },
        ]
      : [],
    queryCategory: answered ? 'Guides' : null,
    pageUrl: random.chance(0.5) ? 'https://docs.example.com/quickstart' : null,
    resolutionStatus: answered ? 'answered' : 'unanswered',
  };
}

/** Stores `total` conversations through `importConversations`, IMPORT_BATCH per transaction; returns seconds taken. */
export async function seedConversations(options: OpenStoreOptions, projectId: string, total: number, progress: (line: string) => void): Promise<number> {
  const store = await openStore(options);
  const random = new Random(20_250_101);
  const start = performance.now();
  try {
    for (let first = 0; first < total; first += IMPORT_BATCH) {
      const rows = Array.from({ length: Math.min(IMPORT_BATCH, total - first) }, (_, i) => conversation(projectId, first + i, random));
      await store.importConversations(rows);
      if ((first / IMPORT_BATCH) % 4 === 3) progress(`  seeded ${(first + rows.length).toLocaleString('en-US')} rows`);
    }
  } finally {
    await store.close();
  }
  return (performance.now() - start) / 1000;
}
