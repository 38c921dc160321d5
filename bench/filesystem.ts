// Benchmark `filesystem`: the filesystem tool under attack (audit finding 2.4). One `docsite serve`
// process of the compiled package serves the 10,000-page site; 8 clients each send a heavy filesystem
// call (the audit's command and variations on it) and the next as soon as it is answered, while
// /healthz, pages and light filesystem calls are requested at a steady rate. Targets: /healthz and
// pages keep a p99 under 50 ms, and every heavy call ends with the "too much work" error within about
// a second. The same steady load runs first without the attack, for comparison.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { BUNDLE_PATHS, sourcePathOf, type Manifest } from '../src/bundle/index.js';
import { percentile } from './measure.js';
import { pacedLoad, type PacedResult } from './paced-load.js';
import { count, type Benchmark, type BenchmarkReport, type Check } from './report.js';
import { benchBundle } from './serve-bundle.js';
import { startServer } from './serve-process.js';

const PAGES = 10_000;
/** Seconds of the steady load, alone and under attack (BENCH_SECONDS overrides). */
const RUN_SECONDS = Number(process.env.BENCH_SECONDS) || 15;
const HEALTH_PER_SECOND = 50;
const PAGES_PER_SECOND = 50;
const LIGHT_CALLS_PER_SECOND = 2;
const TARGETS = { p99Ms: 50, heavySeconds: 1.2 };
const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' };

/** The heavy calls, one per attacking client: the audit's command first, then variations on it. */
const HEAVY: [label: string, command: string][] = [
  ['audit: grep -r -h -v zzzz /** x950 | sort x5', `grep -r -h -v zzzz ${'/** '.repeat(950)}| sort | sort -r | sort | sort -r | sort`],
  ['grep -r -h -v zzzz / x950 | sort x3', `grep -r -h -v zzzz ${'/ '.repeat(950)}| sort | sort -r | sort`],
  ['cat /**/*.mdx x350 | sort x3', `cat ${'/**/*.mdx '.repeat(350)}| sort | sort -r | sort`],
  ['find / x1000 | sort x3', `find ${'/ '.repeat(1000)}| sort | sort -r | sort`],
  ['grep -rc zzzz / x950 | sort', `grep -rc zzzz ${'/ '.repeat(950)}| sort -t: -k2 -rn`],
  ['sort /**/*.mdx x3 | uniq -c | sort', `sort ${'/**/*.mdx '.repeat(3)}| uniq -c | sort -rn`],
  ['ls -R / x1000 | sort', `ls -R ${'/ '.repeat(1000)}| sort`],
  ['cat /**/*.mdx | grep -v zzzz | sort x3', 'cat /**/*.mdx | grep -v zzzz | sort | sort -r | sort'],
];
/** Whether an answer is the tool error saying the call ran into a limit. */
function isTooMuchWork(text: string): boolean {
  return text.startsWith('{"result":') && text.includes('"isError":true') && text.includes('too much work: ');
}

/** /healthz, pages and light filesystem calls of one steady run. */
type SteadyResults = [PacedResult, PacedResult, PacedResult];

interface HeavyStats {
  latencies: number[];
  tooMuchWork: number;
  /** Answers that were not the error: successes, refusals, transport errors. */
  other: string[];
  limits: Map<string, number>;
}

export const filesystemBenchmark: Benchmark = {
  name: 'filesystem',
  title: `the filesystem tool under attack: ${HEAVY.length} heavy calls at a time against docsite serve of a ${count(PAGES)}-page site (${availableParallelism()} cores)`,
  async run(): Promise<BenchmarkReport> {
    const bundle = await benchBundle(PAGES, progress);
    const manifest = JSON.parse(readFileSync(join(bundle.dir, BUNDLE_PATHS.manifest), 'utf8')) as Manifest;
    const tool = manifest.tools.filesystem.name;
    const pages = manifest.pages.filter((page) => page.access.public || page.access.groups.length === 0).filter((_, i) => i % 50 === 0);
    const body = (command: string): string => JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: tool, arguments: { command } } });
    const lightBodies = pages.map((page) => body(`head -20 ${sourcePathOf(page.url)}`));
    const dataDir = mkdtempSync(join(tmpdir(), 'docsite-fs-bench-'));
    progress(`filesystem: starting docsite serve on ${bundle.dir}`);
    const server = await startServer(bundle.dir, dataDir);
    const steady = (seconds: number): Promise<SteadyResults> =>
      Promise.all([
        pacedLoad({ port: server.port, path: '/healthz', method: 'GET', headers: {}, rate: HEALTH_PER_SECOND, seconds }),
        pacedLoad({ port: server.port, path: pages.map((page) => page.url), method: 'GET', headers: { accept: 'text/html' }, rate: PAGES_PER_SECOND, seconds }),
        pacedLoad({ port: server.port, path: '/mcp', headers: MCP_HEADERS, bodies: lightBodies, rate: LIGHT_CALLS_PER_SECOND, seconds, isError: isToolError }),
      ]);
    const alone: [string, number, string][] = [];
    let baseline: SteadyResults;
    let attacked: SteadyResults;
    const heavy = new Map(HEAVY.map(([label]) => [label, { latencies: [], tooMuchWork: 0, other: [], limits: new Map() } as HeavyStats]));
    let rss = { idle: 0, peak: 0, after: 0 };
    try {
      rss.idle = (await server.memory()).rssMb;
      // Each heavy call alone, after one light call has started the workers.
      await send(server.port, lightBodies[0]!);
      for (const [label, command] of HEAVY) {
        const { ms, text } = await send(server.port, body(command));
        alone.push([label, ms, limitOf(text) ?? `not refused: ${text.slice(0, 120)}`]);
      }
      progress(`filesystem: steady load alone for ${RUN_SECONDS} s`);
      baseline = await steady(RUN_SECONDS);
      progress(`filesystem: steady load with ${HEAVY.length} heavy calls at a time for ${RUN_SECONDS} s`);
      const sampler = setInterval(() => (rss.peak = Math.max(rss.peak, server.rssMb())), 250);
      const deadline = performance.now() + RUN_SECONDS * 1000;
      const attackers = HEAVY.map(async ([label, command]) => {
        const stats = heavy.get(label)!;
        while (performance.now() < deadline) {
          const { ms, text } = await send(server.port, body(command));
          stats.latencies.push(ms);
          const limit = limitOf(text);
          if (limit && isTooMuchWork(text)) {
            stats.tooMuchWork++;
            stats.limits.set(limit, (stats.limits.get(limit) ?? 0) + 1);
          } else if (stats.other.length < 3) stats.other.push(text.slice(0, 160));
          else stats.other.push('');
        }
      });
      [attacked] = await Promise.all([steady(RUN_SECONDS), Promise.all(attackers)]);
      clearInterval(sampler);
      rss = { ...rss, after: (await server.memory()).rssMb };
    } finally {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }

    const [health, page, light] = attacked;
    const [healthAlone, pageAlone, lightAlone] = baseline;
    const all = [...heavy.values()];
    const latencies = all.flatMap((stats) => stats.latencies);
    const heavyCalls = latencies.length;
    const refusedOk = all.reduce((sum, stats) => sum + stats.tooMuchWork, 0);
    const slowest = Math.max(...latencies);
    const rows: string[][] = [
      ...steadyRows('alone', healthAlone, pageAlone, lightAlone),
      ...steadyRows('under attack', health, page, light),
      ...HEAVY.map(([label]) => {
        const stats = heavy.get(label)!;
        const limits = [...stats.limits].map(([limit, n]) => `${limit} ${n}`).join(', ');
        return [
          `heavy: ${label}`,
          count(stats.latencies.length),
          ms(percentile(stats.latencies, 0.5)),
          ms(percentile(stats.latencies, 0.99)),
          ms(Math.max(...stats.latencies)),
          `${count(stats.latencies.length - stats.tooMuchWork)}`,
          limits,
        ];
      }),
    ];
    const checks: Check[] = [
      { label: '/healthz p99 under attack', actual: ms(health.p99), target: `< ${TARGETS.p99Ms} ms`, pass: health.p99 < TARGETS.p99Ms && health.errors === 0 },
      { label: 'page p99 under attack', actual: ms(page.p99), target: `< ${TARGETS.p99Ms} ms`, pass: page.p99 < TARGETS.p99Ms && page.errors === 0 },
      {
        label: `heavy calls answered with the "too much work" error`,
        actual: `${count(refusedOk)} of ${count(heavyCalls)}`,
        target: 'all',
        pass: heavyCalls > 0 && refusedOk === heavyCalls,
      },
      {
        label: `heavy calls: slowest answer, ${HEAVY.length} at a time (p50 ${ms(percentile(latencies, 0.5))})`,
        actual: `${(slowest / 1000).toFixed(2)} s`,
        target: `<= ${TARGETS.heavySeconds} s`,
        pass: slowest <= TARGETS.heavySeconds * 1000,
      },
    ];
    const notes = [
      `one \`docsite serve\` child process (dist/, quotas raised) on ${bundle.dir}; the filesystem tool's worker pool at its default size for ${availableParallelism()} cores. Steady load, open loop, evenly paced: /healthz ${HEALTH_PER_SECOND}/s, ${count(pages.length)} pages in turn ${PAGES_PER_SECOND}/s, light filesystem calls (\`head -20 <page>\`) ${LIGHT_CALLS_PER_SECOND}/s; ${RUN_SECONDS} s alone, then ${RUN_SECONDS} s with ${HEAVY.length} closed-loop clients each sending one heavy call after another (BENCH_SECONDS sets the length).`,
      `each heavy call alone, after a warm-up call: ${alone.map(([label, time, limit]) => `${label} ${ms(time)} (${limit})`).join('; ')}.`,
      `server RSS: ${count(rss.idle)} MB idle (after a full GC), peak ${count(rss.peak)} MB under attack (sampled every 250 ms, no GC), ${count(rss.after)} MB after (full GC).`,
      'heavy-call latency counts from sending to the answer: waiting for a free worker included.',
    ];
    for (const [label, stats] of heavy)
      if (stats.other.length > 0) notes.push(`${label}: ${stats.other.length} other answers, e.g. ${stats.other.filter(Boolean).join(' | ')}`);
    for (const [label, result] of [
      ['healthz', health],
      ['pages', page],
      ['light calls', light],
    ] as const) {
      if (result.errorSamples.length > 0) notes.push(`errors of ${label} under attack: ${result.errorSamples.join('; ')}`);
    }
    return { table: { columns: ['measurement', 'requests', 'p50', 'p99', 'max', 'errors', 'limits hit'], rows }, checks, notes };
  },
};

function steadyRows(when: string, health: PacedResult, page: PacedResult, light: PacedResult): string[][] {
  const row = (label: string, result: PacedResult): string[] => [
    `${label}, ${when}`,
    count(result.calls),
    ms(result.p50),
    ms(result.p99),
    ms(result.max),
    count(result.errors),
    '',
  ];
  return [row('/healthz', health), row('pages', page), row('light filesystem calls', light)];
}

/** Posts one MCP body; the answer's text and how long it took. */
function send(port: number, body: string): Promise<{ ms: number; text: string }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const req = request(
      { host: '127.0.0.1', port, method: 'POST', path: '/mcp', headers: { ...MCP_HEADERS, 'content-length': Buffer.byteLength(body) }, agent },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ ms: performance.now() - started, text: res.statusCode === 200 ? text : `${res.statusCode}: ${text}` }));
      },
    );
    req.on('error', (error) => resolve({ ms: performance.now() - started, text: `error: ${error.message}` }));
    req.end(body);
  });
}

const agent = new Agent({ keepAlive: true, maxSockets: 64 });

/** Which limit an answer says the call ran into, if it is a "too much work" answer. */
function limitOf(text: string): string | undefined {
  const what = /too much work: ([^.,]*)/.exec(text)?.[1];
  if (!what) return undefined;
  for (const [limit, words] of [
    ['cpu', 'CPU time'],
    ['read', 'read over'],
    ['held', 'held over'],
    ['arguments', 'arguments'],
    ['entries', 'visited'],
    ['regex', 'regular expression'],
    ['memory', 'memory'],
  ] as const) {
    if (what.includes(words)) return limit;
  }
  return 'other';
}

function isToolError(text: string): boolean {
  return !text.startsWith('{"result":') || text.includes('"isError":true');
}

function ms(value: number): string {
  return `${value < 10 ? value.toFixed(2) : value.toFixed(0)} ms`;
}

function progress(message: string): void {
  process.stderr.write(`${message}\n`);
}
