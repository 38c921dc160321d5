// Benchmark `export`: the analytics export over 1,000,000 stored conversations, on SQLite and on
// PostgreSQL, against `docsite serve` running in its own process. Page latency at limit=1000 for the
// first, middle and last pages (reached by cursor) shows whether paging cost stays flat; assistant
// writes per second (extractive answers) show what the write path sustains.
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { Agent, get } from 'node:http';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore } from '../src/store/index.js';
import { postgresDatabase, seedConversations, sqliteDatabase, type BenchDatabase } from './export-stores.js';
import { percentile } from './measure.js';
import { writeBenchRuntimeConfig } from './bench-quotas.js';
import { count, type Benchmark, type BenchmarkReport, type Check } from './report.js';

/** Conversations seeded (BENCH_EXPORT_ROWS overrides, e.g. for a quick look). */
const ROWS = Number(process.env.BENCH_EXPORT_ROWS) || 1_000_000;
const LIMIT = 1000;
/** Pages in each measured stretch (first, middle, last), each requested ROUNDS times. */
const STRETCH = 10;
const ROUNDS = 20;
const WRITE_CONNECTIONS = 16;
const WRITE_SECONDS = Number(process.env.BENCH_SECONDS) || 10;
/** p99 per page, and the most the last pages' p50 may exceed the first pages' (flat cost). */
const TARGETS = { pageP99Ms: 50, lastVsFirst: 1.5 };
const EXAMPLE = join(import.meta.dirname, '..', 'examples', 'acme');
const BIN = join(import.meta.dirname, '..', 'bin', 'docsite.js');

interface Served {
  url: string;
  projectId: string;
  stop(): Promise<void>;
}

/** `docsite serve` (the built package) on the example site and `args`' store; resolves once it listens. */
async function serve(site: string, args: string[]): Promise<Served> {
  const child = spawn(process.execPath, [BIN, 'serve', site, '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let printed = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const { url, projectId } = await new Promise<{ url: string; projectId: string }>((resolve, reject) => {
    const onData = (chunk: Buffer): void => {
      printed += chunk.toString('utf8');
      const match = /serving .* at (\S+)\n[\s\S]*Project id: (\S+)/.exec(printed);
      if (match) resolve({ url: match[1]!, projectId: match[2]! });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then(() => reject(new Error(`docsite serve exited before listening:\n${printed}`)));
  });
  return {
    url,
    projectId,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

interface PageTiming {
  ms: number;
  /** The cursor that asked for this page (undefined for the first). */
  cursor: string | undefined;
}

/** One connection kept open, as an export script would: the timing is the server's answer, not a TCP handshake. */
const agent = new Agent({ keepAlive: true, maxSockets: 1 });

/** GETs one page; `ms` runs from sending the request to the last byte of the answer. */
function getPage(url: string, key: string, cursor: string | undefined): Promise<{ ms: number; nextCursor: string | null; rows: number }> {
  const query = new URLSearchParams({ limit: String(LIMIT), ...(cursor ? { cursor } : {}) });
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const req = get(`${url}?${query}`, { agent, headers: { authorization: `Bearer ${key}` } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const ms = performance.now() - start;
        const text = Buffer.concat(chunks).toString('utf8');
        if (res.statusCode !== 200) return reject(new Error(`export page answered ${res.statusCode}: ${text.slice(0, 200)}`));
        const page = JSON.parse(text) as { conversations: unknown[]; nextCursor: string | null };
        resolve({ ms, nextCursor: page.nextCursor, rows: page.conversations.length });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

interface EngineResult {
  engine: string;
  seedSeconds: number;
  walk: { pages: number; rows: number; seconds: number; p50: number; p99: number };
  stretches: { name: string; pages: string; p50: number; p99: number; max: number }[];
  writes: { rate: number; p50: number; p99: number; errors: number };
  plan: string;
  /** 1-minute load average when the latency runs ended: tails on a shared machine follow it. */
  load: number;
}

async function measureEngine(db: BenchDatabase, site: string, progress: (line: string) => void): Promise<EngineResult> {
  const server = await serve(site, db.serveArgs);
  try {
    progress(`${db.engine}: seeding ${count(ROWS)} conversations`);
    const seedSeconds = await seedConversations(db.storeOptions, server.projectId, ROWS, progress);
    const store = await openStore(db.storeOptions);
    const [admin, assistant] = await Promise.all([store.createApiKey({ kind: 'admin' }), store.createApiKey({ kind: 'assistant' })]);
    await store.close();
    const exportUrl = `${server.url}/v1/analytics/${server.projectId}/assistant`;

    // One walk through every page records each page's cursor (and times the whole export).
    progress(`${db.engine}: walking the export`);
    const pages: PageTiming[] = [];
    let rows = 0;
    let cursor: string | undefined;
    const walkStart = performance.now();
    for (;;) {
      const page = await getPage(exportUrl, admin.key, cursor);
      pages.push({ ms: page.ms, cursor });
      rows += page.rows;
      if (!page.nextCursor) break;
      cursor = page.nextCursor;
    }
    const walkSeconds = (performance.now() - walkStart) / 1000;
    if (rows !== ROWS) throw new Error(`the export returned ${rows} rows of ${ROWS}`);
    const walkMs = pages.map((page) => page.ms);

    const middle = Math.floor(pages.length / 2 - STRETCH / 2);
    const stretches = [
      { name: 'first pages', from: 0 },
      { name: 'middle pages (by cursor)', from: middle },
      { name: 'last pages (by cursor)', from: pages.length - STRETCH },
    ].map(({ name, from }) => ({ name, from, times: [] as number[] }));
    for (let round = 0; round < ROUNDS; round++) {
      for (const stretch of stretches) {
        for (const page of pages.slice(stretch.from, stretch.from + STRETCH)) stretch.times.push((await getPage(exportUrl, admin.key, page.cursor)).ms);
      }
    }

    const load = loadavg()[0]!;
    progress(`${db.engine}: assistant writes, ${WRITE_CONNECTIONS} connections for ${WRITE_SECONDS} s`);
    const writes = await assistantWrites(`${server.url}/v1/assistant/${server.projectId}/message`, assistant.key);
    return {
      engine: db.engine,
      seedSeconds,
      walk: { pages: pages.length, rows, seconds: walkSeconds, p50: percentile(walkMs, 0.5), p99: percentile(walkMs, 0.99) },
      stretches: stretches.map(({ name, from, times }) => ({
        name,
        pages: `${from + 1}–${from + STRETCH}`,
        p50: percentile(times, 0.5),
        p99: percentile(times, 0.99),
        max: Math.max(...times),
      })),
      writes,
      plan: await db.pagePlan(server.projectId),
      load,
    };
  } finally {
    await server.stop();
  }
}

async function assistantWrites(url: string, key: string): Promise<EngineResult['writes']> {
  const questions = ['How do I verify webhook signatures?', 'How do I rotate an API key?', 'What are the rate limits?', 'How does pagination work?'];
  const result = await autocannon({
    url,
    connections: WRITE_CONNECTIONS,
    duration: WRITE_SECONDS,
    requests: questions.map((query) => ({
      method: 'POST' as const,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query, pagePath: '/quickstart' }),
    })),
  });
  return { rate: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.timeouts + result.non2xx };
}

function progress(line: string): void {
  process.stderr.write(`[export] ${line}\n`);
}

const ms = (value: number): string => `${value.toFixed(1)} ms`;

export const exportBenchmark: Benchmark = {
  name: 'export',
  title: `analytics export over ${count(ROWS)} conversations at limit=${LIMIT} (SQLite and PostgreSQL), and assistant writes/s`,
  async run(): Promise<BenchmarkReport> {
    const site = mkdtempSync(join(tmpdir(), 'docsite-bench-site-'));
    cpSync(EXAMPLE, site, { recursive: true });
    // Walking a million rows takes a thousand export pages, the analytics quota's hour's worth.
    writeBenchRuntimeConfig(join(site, 'docsite.config.json'));
    const results: EngineResult[] = [];
    const checks: Check[] = [];
    const notes: string[] = [];
    try {
      for (const open of [async () => sqliteDatabase(), postgresDatabase]) {
        const db = await open();
        if (typeof db === 'string') {
          // PostgreSQL is half of what this benchmark measures: without it the run fails.
          checks.push({ label: 'PostgreSQL reachable', actual: db, target: 'reachable (BENCH_DATABASE_URL)', pass: false });
          continue;
        }
        try {
          results.push(await measureEngine(db, site, progress));
        } finally {
          await db.dispose();
        }
      }
    } finally {
      rmSync(site, { recursive: true, force: true });
    }

    const rows: string[][] = [];
    for (const result of results) {
      const { engine, walk, writes } = result;
      rows.push([engine, `seed ${count(ROWS)} rows (import, 50,000 per transaction)`, `${result.seedSeconds.toFixed(1)} s`, '', '', '']);
      rows.push([engine, `export walk: all ${count(walk.pages)} pages by cursor`, `${walk.seconds.toFixed(1)} s`, ms(walk.p50), ms(walk.p99), '']);
      for (const stretch of result.stretches) {
        rows.push([engine, `${stretch.name}, pages ${stretch.pages} x ${ROUNDS}`, '', ms(stretch.p50), ms(stretch.p99), ms(stretch.max)]);
        checks.push({
          label: `${engine} ${stretch.name} p99`,
          actual: ms(stretch.p99),
          target: `< ${TARGETS.pageP99Ms} ms`,
          pass: stretch.p99 < TARGETS.pageP99Ms,
        });
      }
      const first = result.stretches[0]!;
      const last = result.stretches.at(-1)!;
      const ratio = last.p50 / first.p50;
      checks.push({
        label: `${engine} last pages p50 / first pages p50 (flat paging cost)`,
        actual: `${ratio.toFixed(2)}x`,
        target: `<= ${TARGETS.lastVsFirst}x`,
        pass: ratio <= TARGETS.lastVsFirst,
      });
      rows.push([
        engine,
        `assistant writes, c=${WRITE_CONNECTIONS}, ${WRITE_SECONDS} s (${count(writes.errors)} errors)`,
        `${count(writes.rate)} /s`,
        ms(writes.p50),
        ms(writes.p99),
        '',
      ]);
      const usesIndex = /conversations_page/.test(result.plan) && !/TEMP B-TREE|Sort/i.test(result.plan);
      checks.push({ label: `${engine} page query uses the keyset index without a sort`, actual: usesIndex ? 'yes' : 'no', target: 'yes', pass: usesIndex });
      notes.push(`${engine} page plan: ${result.plan}`);
      notes.push(`${engine}: 1-minute load average ${result.load.toFixed(1)} on ${availableParallelism()} cores when the page latencies were taken.`);
    }
    return { table: { columns: ['store', 'measurement', 'total', 'p50', 'p99', 'max'], rows }, checks, notes };
  },
};
