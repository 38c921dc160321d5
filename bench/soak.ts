// Benchmark `soak`: 10 minutes (SOAK_SECONDS overrides) of mixed traffic against one `docsite serve`
// process of the compiled package, serving the 10,000-page site on SQLite: pages, `.md` pages, MCP
// search, the MCP filesystem tool, MCP feedback (writes) and the analytics export (admin key).
// Reports throughput, errors (429s apart: those are the rate limits doing their job), p50/p99 per
// kind, and the server's RSS (after a full GC) at the start and the end, and its peak under load.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { BUNDLE_PATHS, sourcePathOf, type Manifest } from '../src/bundle/index.js';
import { SEARCH_QUERIES } from './mcp-queries.js';
import { Random } from './random.js';
import { count, type Benchmark, type BenchmarkReport, type Check } from './report.js';
import { benchBundle } from './serve-bundle.js';
import { BIN, startServer } from './serve-process.js';

const PAGES = 10_000;
const SECONDS = Number(process.env.SOAK_SECONDS) || 600;
/** Requests in flight at once (closed loop: each worker sends its next request when the last is answered). */
const CONCURRENCY = Number(process.env.SOAK_CONCURRENCY) || 8;
/** Traffic before the starting RSS is read: what the first requests allocate once is not growth. */
const WARMUP_SECONDS = Math.min(60, Math.max(10, SECONDS / 5));
const RSS_SAMPLE_MS = 5_000;
const TARGETS = { rssGrowthMb: 50 };
const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' };

type Kind = 'page' | 'markdown' | 'search' | 'filesystem' | 'feedback' | 'export';
/** Share of each kind in the traffic. */
const MIX: [Kind, number][] = [
  ['page', 25],
  ['markdown', 15],
  ['search', 30],
  ['filesystem', 15],
  ['feedback', 5],
  ['export', 10],
];

interface Sent {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

interface KindStats {
  latencies: number[];
  errors: number;
  limited: number;
  errorSamples: string[];
}

export const soakBenchmark: Benchmark = {
  name: 'soak',
  title: `${count(SECONDS)} s of mixed traffic against one docsite serve (${count(PAGES)} pages, SQLite, ${CONCURRENCY} in flight)`,
  async run(): Promise<BenchmarkReport> {
    const bundle = await benchBundle(PAGES, progress);
    const manifest = JSON.parse(readFileSync(join(bundle.dir, BUNDLE_PATHS.manifest), 'utf8')) as Manifest;
    const dataDir = mkdtempSync(join(tmpdir(), 'docsite-soak-'));
    const adminKey = (
      JSON.parse((await promisify(execFile)(process.execPath, [BIN, 'keys', 'create', '--kind', 'admin', '--json', '--data-dir', dataDir])).stdout) as {
        key: string;
      }
    ).key;
    progress(`soak: starting docsite serve on ${bundle.dir}`);
    const server = await startServer(bundle.dir, dataDir);
    const traffic = trafficOf(manifest, adminKey);
    const stats = new Map<Kind, KindStats>(MIX.map(([kind]) => [kind, { latencies: [], errors: 0, limited: 0, errorSamples: [] }]));
    const rssSamples: number[] = [];
    let [rssStart, rssEnd, heapStart, heapEnd] = [0, 0, 0, 0];
    let seconds = 0;
    try {
      progress(`soak: warm-up ${WARMUP_SECONDS} s`);
      await drive(server.port, traffic, WARMUP_SECONDS, undefined);
      ({ rssMb: rssStart, heapUsedMb: heapStart } = await server.memory());
      progress(`soak: ${SECONDS} s of mixed traffic (RSS now ${rssStart.toFixed(0)} MB)`);
      const sampler = setInterval(() => rssSamples.push(server.rssMb()), RSS_SAMPLE_MS);
      const started = performance.now();
      await drive(server.port, traffic, SECONDS, stats);
      seconds = (performance.now() - started) / 1000;
      clearInterval(sampler);
      ({ rssMb: rssEnd, heapUsedMb: heapEnd } = await server.memory());
    } finally {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
    const rssPeak = Math.max(rssStart, rssEnd, ...rssSamples);

    const rows: string[][] = [];
    let total = 0;
    let errors = 0;
    let limited = 0;
    for (const [kind, kindStats] of stats) {
      const sorted = Float64Array.from(kindStats.latencies).sort();
      const at = (q: number): number => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
      rows.push([
        kind,
        count(sorted.length),
        count(sorted.length / seconds),
        ms(at(0.5)),
        ms(at(0.99)),
        ms(sorted.at(-1) ?? 0),
        count(kindStats.errors),
        count(kindStats.limited),
      ]);
      total += sorted.length;
      errors += kindStats.errors;
      limited += kindStats.limited;
    }
    rows.push(['all', count(total), count(total / seconds), '', '', '', count(errors), count(limited)]);
    const growth = rssEnd - rssStart;
    const checks: Check[] = [
      { label: `errors over ${count(total)} requests (429s apart)`, actual: count(errors), target: '0', pass: errors === 0 },
      {
        label: 'server RSS growth, start to end',
        actual: `${growth.toFixed(1)} MB (${count(rssStart)} → ${count(rssEnd)} MB, peak ${count(rssPeak)} MB)`,
        target: `< ${TARGETS.rssGrowthMb} MB`,
        pass: growth < TARGETS.rssGrowthMb,
      },
    ];
    const notes = [
      `one \`docsite serve\` child process (dist/, --log-level warn, SQLite state in a temp folder) on the bundle ${bundle.dir}; the load generator runs here, ${CONCURRENCY} requests in flight (SOAK_CONCURRENCY), ${count(seconds)} s after a ${WARMUP_SECONDS} s warm-up (SOAK_SECONDS sets the length).`,
      `mix: ${MIX.map(([kind, weight]) => `${kind} ${weight}%`).join(', ')}. feedback writes a row per call; export pages through GET /v1/analytics/${manifest.site.projectId}/feedback.`,
      `server RSS at start (after the warm-up) and end is read after two full GCs 2 s apart (bench/gc-on-signal.mjs, preloaded); the V8 heap in use went ${count(heapStart)} → ${count(heapEnd)} MB. Under load, every ${RSS_SAMPLE_MS / 1000} s from the OS without a GC (garbage between collections included, hence the peak): ${rssSamples
        .filter((_, i) => i % Math.max(1, Math.floor(rssSamples.length / 12)) === 0)
        .map((mb) => count(mb))
        .join(', ')} MB.`,
      'errors: transport errors, statuses other than 2xx and 429, JSON-RPC errors and tool results with isError; 429 answers are counted apart, as intended rate limiting.',
    ];
    for (const [kind, kindStats] of stats) if (kindStats.errorSamples.length > 0) notes.push(`first ${kind} errors: ${kindStats.errorSamples.join('; ')}`);
    return { table: { columns: ['kind', 'requests', 'req/s', 'p50', 'p99', 'max', 'errors', '429s'], rows }, checks, notes };
  },
};

/** The request makers of each kind, drawing pages, queries and commands from a seeded generator. */
function trafficOf(manifest: Manifest, adminKey: string): { pick(): [Kind, Sent] } {
  const random = new Random(7);
  const pages = manifest.pages.filter((page) => page.access.public || page.access.groups.length === 0);
  const page = () => random.pick(pages);
  const tools = manifest.tools;
  let id = 0;
  const rpc = (name: string, args: Record<string, unknown>): Sent => ({
    method: 'POST',
    path: '/mcp',
    headers: MCP_HEADERS,
    body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method: 'tools/call', params: { name, arguments: args } }),
  });
  const folders = [...new Set(pages.map((p) => p.url.split('/')[1]).filter((folder): folder is string => Boolean(folder)))];
  const commands = (): string => {
    const file = sourcePathOf(page().url);
    return random.pick([
      `head -40 ${file}`,
      `cat ${file}`,
      `ls /${random.pick(folders)}`,
      `wc -l ${file}`,
      `grep -n "${random.pick(['webhook', 'invoice', 'token'])}" ${file} | head -20`,
    ]);
  };
  const makers: Record<Kind, () => Sent> = {
    page: () => ({ method: 'GET', path: page().url, headers: { accept: 'text/html' } }),
    markdown: () => ({ method: 'GET', path: `${page().url === '/' ? '/index' : page().url}.md`, headers: {} }),
    search: () => rpc(tools.search.name, { query: random.pick(SEARCH_QUERIES) }),
    filesystem: () => rpc(tools.filesystem.name, { command: commands() }),
    feedback: () => rpc(tools.feedback.name, { path: page().url, feedback: `Soak feedback ${id}: the example is outdated.` }),
    export: () => ({
      method: 'GET',
      path: `/v1/analytics/${manifest.site.projectId}/feedback?limit=${random.pick([10, 50, 100])}`,
      headers: { authorization: `Bearer ${adminKey}` },
    }),
  };
  const totalWeight = MIX.reduce((sum, [, weight]) => sum + weight, 0);
  return {
    pick() {
      let roll = random.next() * totalWeight;
      const [kind] = MIX.find(([, weight]) => (roll -= weight) < 0) ?? MIX[0]!;
      return [kind, makers[kind]()];
    },
  };
}

/** Sends traffic for `seconds` with CONCURRENCY workers; records into `stats` when given. */
async function drive(port: number, traffic: { pick(): [Kind, Sent] }, seconds: number, stats: Map<Kind, KindStats> | undefined): Promise<void> {
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const deadline = performance.now() + seconds * 1000;
  const worker = async (): Promise<void> => {
    while (performance.now() < deadline) {
      const [kind, sent] = traffic.pick();
      const started = performance.now();
      const outcome = await send(agent, port, sent);
      const kindStats = stats?.get(kind);
      if (!kindStats) continue;
      kindStats.latencies.push(performance.now() - started);
      if (outcome === 'limited') kindStats.limited++;
      else if (outcome !== 'ok') {
        kindStats.errors++;
        if (kindStats.errorSamples.length < 3) kindStats.errorSamples.push(outcome);
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  agent.destroy();
}

/** One request: 'ok', 'limited' (429) or what went wrong. */
function send(agent: Agent, port: number, sent: Sent): Promise<string> {
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, method: sent.method, path: sent.path, headers: sent.headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const status = res.statusCode ?? 0;
        if (status === 429) return resolve('limited');
        const body = Buffer.concat(chunks).toString('utf8');
        if (status < 200 || status > 299) return resolve(`${sent.method} ${sent.path}: ${status} ${body.slice(0, 120)}`);
        if (sent.path === '/mcp' && (!body.startsWith('{"result":') || body.includes('"isError":true')))
          return resolve(`MCP ${sent.body!.slice(0, 100)}: ${body.slice(0, 160)}`);
        resolve('ok');
      });
      res.on('error', (error) => resolve(`${sent.path}: ${error.message}`));
    });
    req.on('error', (error) => resolve(`${sent.path}: ${error.message}`));
    req.end(sent.body);
  });
}

function ms(value: number): string {
  return `${value < 10 ? value.toFixed(2) : value.toFixed(0)} ms`;
}

function progress(message: string): void {
  process.stderr.write(`${message}\n`);
}
