// Benchmark `dashboard`: the analytics dashboard's store reads over 1,000,000 conversations, on
// SQLite and PostgreSQL, in this process, against the 100 ms p99 target; a primary-key lookup is
// the floor measured in the same run. The filled databases are kept (BENCH_DASHBOARD_DIR, database
// docsite_bench_dashboard) and reused while their stamp matches, since filling takes minutes.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ulid } from 'ulid';
import { type AnalyticsRange, openStore, type ImportedConversation, type OpenStoreOptions, type Store } from '../src/store/index.js';
import { ADMIN_URL, withAdmin } from './export-stores.js';
import { percentile } from './measure.js';
import { Random } from './random.js';
import { count, type Benchmark, type BenchmarkReport, type Check } from './report.js';

/** Conversations filled (BENCH_DASHBOARD_ROWS overrides, e.g. for a quick look). */
const ROWS = Number(process.env.BENCH_DASHBOARD_ROWS) || 1_000_000;
const DIR = process.env.BENCH_DASHBOARD_DIR ?? join(tmpdir(), 'docsite-bench-dashboard');
const PG_DATABASE = 'docsite_bench_dashboard';
/** Changes whenever the fill below changes, so an old database is refilled rather than measured. */
const STAMP = `v2 rows=${ROWS} days=396`;
/** The project the conversations are filled under (the page benchmark serves the site as this project). */
export const PROJECT = 'bench';
const IMPORT_BATCH = 50_000;
/**
 * 13 months of conversations (2025-01-01 to 2026-01-31), one every SPAN_DAYS / ROWS days: more than
 * a year, so 365-day ranges can move and have partial months with conversations at both ends.
 */
export const FIRST_MS = Date.parse('2025-01-01T00:00:00.000Z');
const SPAN_DAYS = 396;
const ROUNDS = 200;
export const TARGET_P99_MS = 100;

/** 3,000 distinct questions, asked with a heavy head (a few very often) and written several ways. */
function question(random: Random): string {
  const n = Math.floor(3000 * random.next() ** 3);
  const text = `how do i configure feature ${n} for my project?`;
  return random.chance(0.3) ? `  ${text.toUpperCase()}  ` : random.chance(0.2) ? text.replace(/ /g, '  ') : text;
}

function conversation(n: number, random: Random): ImportedConversation {
  const at = FIRST_MS + Math.floor((n * SPAN_DAYS * 86_400_000) / ROWS);
  const answered = random.chance(0.8);
  return {
    projectId: PROJECT,
    id: ulid(at),
    timestamp: new Date(at).toISOString(),
    query: question(random),
    response: answered ? 'Open the settings page, choose the feature and save; the change applies on the next build.' : '',
    sources: answered ? [{ title: 'Settings', url: 'https://docs.example.com/settings' }] : [],
    queryCategory: random.chance(0.1) ? null : `category ${random.int(1, 12)}`,
    pageUrl: random.chance(0.3) ? null : `https://docs.example.com/page-${Math.floor(400 * random.next() ** 2)}`,
    resolutionStatus: answered ? 'answered' : 'unanswered',
  };
}

export interface Engine {
  name: 'SQLite' | 'PostgreSQL';
  options: OpenStoreOptions;
  stamp(): Promise<string | undefined>;
  setStamp(stamp: string): Promise<void>;
  /** Empties the database before a fill. */
  reset(): Promise<void>;
}

function sqliteEngine(): Engine {
  const dataDir = join(DIR, 'sqlite');
  const stampFile = join(DIR, 'sqlite.stamp');
  return {
    name: 'SQLite',
    options: { dataDir },
    stamp: async () => (existsSync(stampFile) && existsSync(join(dataDir, 'docsite.db')) ? readFileSync(stampFile, 'utf8') : undefined),
    setStamp: async (stamp) => writeFileSync(stampFile, stamp),
    async reset() {
      rmSync(dataDir, { recursive: true, force: true });
      mkdirSync(DIR, { recursive: true });
    },
  };
}

function postgresEngine(): Engine {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${PG_DATABASE}`;
  const databaseUrl = url.toString();
  return {
    name: 'PostgreSQL',
    options: { databaseUrl },
    async stamp() {
      try {
        return await withAdmin(async (client) => (await client.query<{ stamp: string }>('SELECT stamp FROM bench_stamp')).rows[0]?.stamp, databaseUrl);
      } catch {
        return undefined;
      }
    },
    setStamp: (stamp) =>
      withAdmin(async (client) => {
        await client.query('CREATE TABLE IF NOT EXISTS bench_stamp (stamp TEXT NOT NULL)');
        await client.query('DELETE FROM bench_stamp');
        await client.query('INSERT INTO bench_stamp (stamp) VALUES ($1)', [stamp]);
      }, databaseUrl),
    reset: () =>
      withAdmin(async (client) => {
        await client.query(`DROP DATABASE IF EXISTS ${PG_DATABASE} WITH (FORCE)`);
        await client.query(`CREATE DATABASE ${PG_DATABASE}`);
      }),
  };
}

/** Both engines, SQLite first, on their kept databases. */
export function dashboardEngines(): Engine[] {
  return [sqliteEngine(), postgresEngine()];
}

/** Fills the engine through the store's import path (rollups included) unless its stamp matches; returns seconds, 0 when reused. */
export async function fill(engine: Engine): Promise<number> {
  if ((await engine.stamp()) === STAMP) return 0;
  await engine.reset();
  const store = await openStore(engine.options);
  const random = new Random(20_251_127);
  const start = performance.now();
  try {
    for (let first = 0; first < ROWS; first += IMPORT_BATCH) {
      await store.importConversations(Array.from({ length: Math.min(IMPORT_BATCH, ROWS - first) }, (_, i) => conversation(first + i, random)));
      if ((first / IMPORT_BATCH) % 5 === 4) process.stderr.write(`[dashboard] ${engine.name}: ${count(first + IMPORT_BATCH)} rows\n`);
    }
  } finally {
    await store.close();
  }
  await engine.setStamp(STAMP);
  return (performance.now() - start) / 1000;
}

interface Query {
  name: string;
  /** Runs the read for round `i` (ranges and ids vary by round so caches do not flatter it). */
  run(store: Store, i: number, ids: readonly string[]): Promise<unknown>;
}

/** A range of `days` ending on a day that moves with the round, inside the filled months. */
export function range(days: number, i: number) {
  const end = FIRST_MS + (days - 1 + ((i * 7) % (SPAN_DAYS + 1 - days))) * 86_400_000;
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return { projectId: PROJECT, from: day(end - (days - 1) * 86_400_000), to: day(end) };
}

/** Each analytics read of the dashboard over 30, 90 and 365 days. */
const RANGE_READS: { name: string; read(store: Store, range: AnalyticsRange): Promise<unknown> }[] = [
  { name: 'conversations per day', read: (store, r) => store.conversationsPerDay(r) },
  { name: 'top 20 questions', read: (store, r) => store.topQuestions({ ...r, limit: 20 }) },
  { name: 'top 20 unanswered questions (gaps)', read: (store, r) => store.topQuestions({ ...r, limit: 20, unanswered: true }) },
  { name: 'by category', read: (store, r) => store.conversationsByCategory({ ...r, limit: 20 }) },
  { name: 'by page (top 20)', read: (store, r) => store.conversationsByPage({ ...r, limit: 20 }) },
];

const QUERIES: Query[] = [
  { name: 'floor: one conversation by id (primary key)', run: (store, i, ids) => store.getConversation({ projectId: PROJECT, id: ids[i % ids.length]! }) },
  ...RANGE_READS.flatMap(({ name, read }) =>
    [30, 90, 365].map((days) => ({ name: `${name}, ${days} days`, run: (store: Store, i: number) => read(store, range(days, i)) })),
  ),
  {
    name: 'unanswered, page of 50 after a cursor',
    run: (store, i, ids) => store.listConversations({ projectId: PROJECT, resolutionStatus: 'unanswered', limit: 50, cursor: ids[i % ids.length] }),
  },
];

/** Cursor and lookup ids spread over the newest stretch of the filled months: every 997th unanswered conversation, 20 of them. */
export async function spreadIds(store: Store): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 20; page++) {
    const result = await store.listConversations({ projectId: PROJECT, resolutionStatus: 'unanswered', limit: 997, cursor });
    ids.push(result.conversations.at(-1)!.id);
    cursor = result.nextCursor ?? undefined;
    if (!cursor) break;
  }
  return ids;
}

interface Timing {
  engine: string;
  query: string;
  p50: number;
  p99: number;
}

async function measure(engine: Engine): Promise<{ fillSeconds: number; timings: Timing[] }> {
  const fillSeconds = await fill(engine);
  const store = await openStore(engine.options);
  try {
    const ids = await spreadIds(store);
    const timings: Timing[] = [];
    for (const query of QUERIES) {
      for (let i = 0; i < 10; i++) await query.run(store, i, ids);
      const times: number[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        const start = performance.now();
        await query.run(store, i, ids);
        times.push(performance.now() - start);
      }
      timings.push({ engine: engine.name, query: query.name, p50: percentile(times, 0.5), p99: percentile(times, 0.99) });
    }
    return { fillSeconds, timings };
  } finally {
    await store.close();
  }
}

export const ms = (value: number): string => `${value.toFixed(2)} ms`;

export const dashboardBenchmark: Benchmark = {
  name: 'dashboard',
  title: `analytics dashboard reads over ${count(ROWS)} conversations (SQLite and PostgreSQL), p99 target ${TARGET_P99_MS} ms`,
  async run(): Promise<BenchmarkReport> {
    const rows: string[][] = [];
    const checks: Check[] = [];
    const notes = [`load average at start: ${loadavg()[0]!.toFixed(2)}; ${ROUNDS} rounds per read, ranges moving through the 13 months`];
    for (const engine of dashboardEngines()) {
      const { fillSeconds, timings } = await measure(engine);
      notes.push(
        `${engine.name}: ${fillSeconds === 0 ? 'reused the filled database (stamp matched)' : `filled in ${fillSeconds.toFixed(1)} s through importConversations`}`,
      );
      for (const timing of timings) {
        rows.push([timing.engine, timing.query, ms(timing.p50), ms(timing.p99)]);
        if (!timing.query.startsWith('floor')) {
          checks.push({
            label: `${timing.engine} ${timing.query} p99`,
            actual: ms(timing.p99),
            target: `< ${TARGET_P99_MS} ms`,
            pass: timing.p99 < TARGET_P99_MS,
          });
        }
      }
    }
    notes.push(`load average at end: ${loadavg()[0]!.toFixed(2)}`);
    return { table: { columns: ['engine', 'read', 'p50', 'p99'], rows }, checks, notes };
  },
};
