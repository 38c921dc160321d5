// Benchmark `mcp`: serving a 10,000-page site. Bundle load time, search engine latency, and the public
// MCP server's search tool over HTTP at concurrency 32 against the ceiling of a bare express JSON echo
// measured in the same run; server RSS before and after 100,000 calls; what grep -rn calls do to
// concurrent searches.
//
// Each server runs in a child process (bench/mcp-server-child.ts) and autocannon runs here: on a
// 2-core machine a load generator sharing the server's event loop would measure itself.
import autocannon from 'autocannon';
import { availableParallelism } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { readBundle } from '../src/bundle/index.js';
import { RECENT_RESULTS } from '../src/search/index.js';
import { VirtualFs } from '../src/vfs/index.js';
import { engineLatency } from './engine-latency.js';
import type { Memory } from './mcp-server-child.js';
import { engineQueries, SEARCH_QUERIES } from './mcp-queries.js';
import { pacedLoad, type PacedResult } from './paced-load.js';
import { count, type Benchmark, type BenchmarkReport, type Check } from './report.js';
import { benchBundle } from './serve-bundle.js';
import { type Child, startChild } from './server-child.js';

const PAGES = 10_000;
/** Calls in flight in the saturating runs (BENCH_CONNECTIONS overrides, e.g. 16: issue 28 sets its target at 16–32). */
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS) || 32;
/** Calls of the RSS run (BENCH_MCP_CALLS overrides, e.g. for a quick look). */
const MCP_CALLS = Number(process.env.BENCH_MCP_CALLS) || 100_000;
/** Seconds of the ceiling and ping runs; the fixed-rate runs last twice as long (BENCH_SECONDS overrides). */
const RUN_SECONDS = Number(process.env.BENCH_SECONDS) || 10;
const WARMUP_CALLS = 3_000;
/**
 * RSS is read once it stops falling after a run, checked every SETTLE_MS up to SETTLE_CHECKS
 * times. Right after 100,000 calls it stood 40 to 240 MB above where it settled within seconds,
 * with the V8 heap flat: memory the burst used and freed that the process had not handed back
 * yet, not memory it keeps.
 */
const SETTLE_MS = 1_000;
const SETTLE_CHECKS = 20;
const ENGINE_ROUNDS = 40;
/** Passes of the engine measurement; the one with the lowest p99 counts (shared machines are noisy). */
const ENGINE_TRIES = 3;
/**
 * `ranked…` hold the run where every search is ranked (none answered from remembered results).
 * Issue 28 sets it at 0.6x the ceiling. It measured 0.13x on an idle 2-core machine at the
 * start of that work: about 0.8 ms of server CPU a call, half of it the engine's walk over the
 * postings of words that a quarter of this site's sections hold, 0.16 ms HTTP and protocol (a
 * ping), the rest snippets, JSON and garbage collection. Pruning by prominent sections (see
 * src/search/prominent-sections.ts) took it to 0.23x: the engine's passes over every section
 * are gone on 40 of the 41 queries, and what is left is spread over the walk of the kept
 * sections, snippets, the protocol and garbage collection. With 32 calls in flight its p99 is
 * mostly queueing, about 32 calls' worth of ranking.
 */
const TARGETS = {
  loadSeconds: 2,
  engineP99Ms: 2,
  vsCeiling: 0.6,
  mcpP99Ms: 50,
  rankedVsCeiling: 0.6,
  rankedP99Ms: 200,
  rssGrowthMb: 50,
  treeSeconds: 1,
};
/** What MCP clients send on every POST (Streamable HTTP). */
const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' };
/**
 * A whole-site grep an agent runs with the filesystem tool: counting matches makes it scan every page
 * (a bare `grep -rn` stops once its output passes 30 KB). About 0.2 s of CPU on a shell worker thread on this site.
 */
const GREP_COMMAND = 'grep -rn "idempotent" / | wc -l';
/** Searches and greps per second of the grep-impact runs: a light, steady load, not a saturated one. */
const STEADY_SEARCHES = 50;
const STEADY_GREPS = 1;
/**
 * Trailing spaces (0 to this, minus one) added to the queries of the ranked-search run: the same
 * searches, in more distinct texts than the index remembers (RECENT_RESULTS), so every call is ranked.
 */
const QUERY_SPELLINGS = Math.ceil((2 * RECENT_RESULTS) / SEARCH_QUERIES.length);

interface LoadResult {
  calls: number;
  seconds: number;
  rate: number;
  p50: number;
  p99: number;
  max: number;
  /** Socket errors, timeouts, non-2xx answers, JSON-RPC errors and tool errors. */
  errors: number;
}

export const mcpBenchmark: Benchmark = {
  name: 'mcp',
  title: `serve a ${count(PAGES)}-page site: bundle load, search engine, MCP search over HTTP vs bare express (c=${CONNECTIONS}, ${availableParallelism()} cores)`,
  async run(): Promise<BenchmarkReport> {
    let bundle = await benchBundle(PAGES, progress);
    progress(`bundle: ${bundle.dir} (${bundle.origin})`);
    const body = (id: number, name: string, args: Record<string, unknown>): string =>
      JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });

    // The ceiling: same express, express.json(), a body the size of an MCP search call. Measured right
    // before and right after the MCP search run, and their mean counts: on this shared machine one
    // run may be 20% faster than another minutes later, and the two bracket the machine's state
    // during the MCP run.
    const echo = await startChild('echo');
    const echoBodies = SEARCH_QUERIES.map((query, i) => body(i + 1, 'search_example_cloud', { query }));
    const ceilingRun = (): Promise<LoadResult> => load({ port: echo.port, path: '/echo', bodies: echoBodies, duration: RUN_SECONDS });
    let server: Child | undefined;
    let ceilings: [LoadResult, LoadResult];
    let search: LoadResult;
    let ranked: LoadResult;
    let pinged: LoadResult;
    let rss: { idle: number; before: number; after: number; heapBefore: number; heapAfter: number };
    /** Further runs: label, result, and whether it ran as fast as answered (then its ratio to the ceiling means something). */
    const side: [string, LoadResult, boolean][] = [];
    let grepImpact: { rate: number; alone: PacedResult; withGrep: PacedResult; grep: PacedResult };
    try {
      await load({ port: echo.port, path: '/echo', bodies: echoBodies, amount: WARMUP_CALLS });

      progress('MCP server: loading the bundle in a fresh process');
      server = await startChild('mcp', bundle.dir).catch(async (error: unknown) => {
        // A bundle of an older format (the format changes under development while the version does not): build ours.
        progress(`${String(error)}; building a bundle of our own`);
        bundle = await benchBundle(PAGES, progress, { rebuild: true });
        return startChild('mcp', bundle.dir);
      });
      const port = server.port;
      const tools = server.ready.tools!;
      const searchBodies = SEARCH_QUERIES.map((query, i) => body(i + 1, tools.search, i % 5 === 4 ? { query, limit: 5 } : { query }));

      progress(`MCP search: warm-up ${count(WARMUP_CALLS)} calls`);
      await load({ port, path: '/mcp', bodies: searchBodies, amount: WARMUP_CALLS, mcp: true });
      const mcp = server;
      const settled = async (): Promise<Memory> => {
        let last = await mcp.memory();
        for (let check = 0; check < SETTLE_CHECKS; check++) {
          await sleep(SETTLE_MS);
          const now = await mcp.memory();
          if (now.rssMb > last.rssMb - 1) return now;
          last = now;
        }
        return last;
      };
      const before = await settled();
      progress('ceiling: bare express JSON echo');
      const ceilingBefore = await ceilingRun();
      progress(`MCP search: ${count(MCP_CALLS)} calls`);
      search = await load({ port, path: '/mcp', bodies: searchBodies, amount: MCP_CALLS, mcp: true });
      const after = await settled();
      progress('ceiling again');
      ceilings = [ceilingBefore, await ceilingRun()];
      rss = { idle: server.ready.memory.rssMb, before: before.rssMb, after: after.rssMb, heapBefore: before.heapUsedMb, heapAfter: after.heapUsedMb };

      // Protocol and HTTP overhead alone: the same POST /mcp path with a call that does no work.
      progress('MCP ping');
      const ping = [JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' })];
      pinged = await load({ port, path: '/mcp', bodies: ping, duration: RUN_SECONDS, mcp: true });
      side.push(['MCP ping (protocol and HTTP only)', pinged, true]);

      // The run above repeats its queries, as agents and readers do, and the index remembers the
      // results of recent searches: here no call is answered from them.
      progress('MCP search, every call ranked');
      const spelled = Array.from({ length: QUERY_SPELLINGS }, (_, spaces) =>
        SEARCH_QUERIES.map((query, i) => body(i + 1, tools.search, { query: `${query}${' '.repeat(spaces)}`, ...(i % 5 === 4 ? { limit: 5 } : {}) })),
      ).flat();
      ranked = await load({ port, path: '/mcp', bodies: spelled, duration: RUN_SECONDS, mcp: true });
      side.push([`MCP search tool, every call ranked (${count(spelled.length)} distinct texts in turn)`, ranked, true]);

      // The filesystem tool runs on worker threads: a whole-site grep competes for the CPU, not the event loop. A light, steady
      // (open-loop, evenly spaced) search load, so latency is service time and not queueing, without and
      // with one grep a second.
      const rate = STEADY_SEARCHES;
      const steadySeconds = 2 * RUN_SECONDS;
      progress(`MCP search at ${rate}/s alone, then with \`${GREP_COMMAND}\` at ${STEADY_GREPS}/s`);
      const paced = (bodies: string[], perSecond: number): Promise<PacedResult> =>
        pacedLoad({ port, path: '/mcp', headers: MCP_HEADERS, bodies, rate: perSecond, seconds: steadySeconds, isError: isRpcError });
      const alone = await paced(searchBodies, rate);
      const grepBodies = [body(1, tools.filesystem, { command: GREP_COMMAND })];
      const [withGrep, grep] = await Promise.all([paced(searchBodies, rate), paced(grepBodies, STEADY_GREPS)]);
      grepImpact = { rate, alone, withGrep, grep };
      side.push([`MCP search at ${count(rate)}/s, alone`, alone, false]);
      side.push([`MCP search at ${count(rate)}/s, ${STEADY_GREPS} grep/s alongside`, withGrep, false]);
      side.push([`MCP filesystem \`${GREP_COMMAND}\` at ${STEADY_GREPS}/s`, grep, false]);
    } finally {
      await Promise.all([echo.stop(), server?.stop()]);
    }
    const ceiling = (ceilings[0].rate + ceilings[1].rate) / 2;

    // The engine alone, in this process (after the HTTP runs, so its heap does not slow the load generator).
    progress('search engine: loading the bundle here');
    const loadStart = performance.now();
    // The engine itself: every search ranked, none answered from the index's recent results.
    const loaded = await readBundle(bundle.dir, { recentResults: 0 });
    const inProcessLoad = (performance.now() - loadStart) / 1000;
    const engine = engineLatency(loaded, engineQueries(), ENGINE_ROUNDS, ENGINE_TRIES);
    // The filesystem tool's tree of every page, as the server builds it at a reader's first command.
    const treeStart = performance.now();
    const tree = new VirtualFs([...loaded.manifest.pages.map((page) => loaded.sources.get(page.path)!), ...loaded.openapi]);
    const treeSeconds = (performance.now() - treeStart) / 1000;
    if (!tree.readFile('/index.mdx')) throw new Error('the filesystem tree has no /index.mdx');

    const blank = (n: number): string[] => Array.from({ length: n }, () => '');
    const loadSeconds = server.ready.loadSeconds!;
    const rows: string[][] = [
      ['bundle load: readBundle in a fresh server process', `${loadSeconds.toFixed(2)} s`, ...blank(6), `${count(server.ready.memory.rssMb)} MB`],
      ['bundle load: readBundle in this process', `${inProcessLoad.toFixed(2)} s`, ...blank(7)],
      [`filesystem tool: tree of the ${count(PAGES)} pages built (VirtualFs)`, `${treeSeconds.toFixed(2)} s`, ...blank(7)],
      [
        `search engine: bundle.search.search, ${engine.queries} queries x ${ENGINE_ROUNDS}, best of ${ENGINE_TRIES}`,
        `${engine.seconds.toFixed(2)} s`,
        count(engine.calls),
        count(engine.calls / engine.seconds),
        ms(engine.p50),
        ms(engine.p99),
        ...blank(3),
      ],
      ['ceiling: bare express echo of a JSON body (first)', ...loadCells(ceilings[0], ceiling), ''],
      ['ceiling: bare express echo of a JSON body (last)', ...loadCells(ceilings[1], ceiling), ''],
      [`MCP search tool, POST /mcp, ${count(MCP_CALLS)} calls`, ...loadCells(search, ceiling), `${count(rss.before)} → ${count(rss.after)} MB`],
      ...side.map(([label, result, saturating]) => [label, ...loadCells(result, saturating ? ceiling : undefined), '']),
    ];

    const ratio = search.rate / ceiling;
    const rankedRatio = ranked.rate / ceiling;
    const checks: Check[] = [
      {
        label: `bundle load, ${count(PAGES)} pages (fresh process)`,
        actual: `${loadSeconds.toFixed(2)} s`,
        target: `< ${TARGETS.loadSeconds} s`,
        pass: loadSeconds < TARGETS.loadSeconds,
      },
      { label: 'search engine p99', actual: ms(engine.p99), target: `< ${TARGETS.engineP99Ms} ms`, pass: engine.p99 < TARGETS.engineP99Ms },
      {
        label: `MCP search calls/s vs bare express ceiling (mean of ${count(ceilings[0].rate)}/s and ${count(ceilings[1].rate)}/s)`,
        actual: `${ratio.toFixed(2)}x (${count(search.rate)}/s)`,
        target: `>= ${TARGETS.vsCeiling}x`,
        pass: ratio >= TARGETS.vsCeiling,
      },
      { label: 'MCP search p99', actual: ms(search.p99), target: `< ${TARGETS.mcpP99Ms} ms`, pass: search.p99 < TARGETS.mcpP99Ms },
      { label: 'MCP search errors', actual: count(search.errors), target: '0', pass: search.errors === 0 },
      {
        label: 'MCP search calls/s, every call ranked, vs bare express ceiling',
        actual: `${rankedRatio.toFixed(2)}x (${count(ranked.rate)}/s)`,
        target: `>= ${TARGETS.rankedVsCeiling}x`,
        pass: rankedRatio >= TARGETS.rankedVsCeiling,
      },
      { label: 'MCP search p99, every call ranked', actual: ms(ranked.p99), target: `< ${TARGETS.rankedP99Ms} ms`, pass: ranked.p99 < TARGETS.rankedP99Ms },
      { label: 'MCP search errors, every call ranked', actual: count(ranked.errors), target: '0', pass: ranked.errors === 0 },
      {
        label: `filesystem tree of ${count(PAGES)} pages`,
        actual: `${treeSeconds.toFixed(2)} s`,
        target: `< ${TARGETS.treeSeconds} s`,
        pass: treeSeconds < TARGETS.treeSeconds,
      },
      {
        label: `server RSS growth over ${count(MCP_CALLS)} calls`,
        actual: `${(rss.after - rss.before).toFixed(1)} MB (${count(rss.before)} → ${count(rss.after)} MB)`,
        target: `< ${TARGETS.rssGrowthMb} MB`,
        pass: rss.after - rss.before < TARGETS.rssGrowthMb,
      },
    ];
    const notes = [
      `bundle ${bundle.origin === 'build benchmark' ? 'written by the build benchmark' : bundle.origin === 'kept' ? 'kept from an earlier run' : `built now in ${bundle.buildSeconds!.toFixed(0)} s`}: ${bundle.dir}.`,
      `servers run in child processes (bench/mcp-server-child.ts, on the compiled dist/), the load generator in this one, one core each; latencies at concurrency ${CONNECTIONS} are autocannon's (whole milliseconds), those at a fixed rate come from an evenly paced open-loop sender (bench/paced-load.ts).`,
      `ceiling runs and the ping run last ${RUN_SECONDS} s (BENCH_SECONDS overrides), after ${count(WARMUP_CALLS)}-call warm-ups; one runs right before the MCP search run and one right after it, and ratios are to their mean. The MCP run is ${count(MCP_CALLS)} calls (BENCH_MCP_CALLS overrides) of ${SEARCH_QUERIES.length} queries in turn: after the warm-up the server answers them from the index's remembered results (the last ${count(RECENT_RESULTS)} distinct searches). The "every call ranked" run sends the same queries with 0–${QUERY_SPELLINGS - 1} trailing spaces, ${count(QUERY_SPELLINGS * SEARCH_QUERIES.length)} texts in turn, so none is remembered; the engine rows rank every search too.`,
      `server RSS is read after a forced full GC (--expose-gc), "before" after the warm-up and "after" after the last call, each once it stopped falling (checked every ${SETTLE_MS / 1000} s); the V8 heap went ${count(rss.heapBefore)} → ${count(rss.heapAfter)} MB (right after loading: ${count(rss.idle)} MB RSS).`,
      'errors: socket errors, timeouts, non-2xx, JSON-RPC errors and tool results with isError.',
      perCallBudget({ ceiling, ping: pinged.rate, remembered: search.rate, ranked: ranked.rate, engineP50: engine.p50 }),
      `the generated site has no versions or languages: its search tool offers no filters, so filters are measured at the engine level only (${engine.filtered} of its queries); the engine's best of ${ENGINE_TRIES} passes counts (the slowest had p99 ${ms(engine.worstP99)}).`,
      `grep impact: at ${count(grepImpact.rate)} searches/s, p50 ${ms(grepImpact.alone.p50)} / p99 ${ms(grepImpact.alone.p99)} alone and p50 ${ms(grepImpact.withGrep.p50)} / p99 ${ms(grepImpact.withGrep.p99)} with \`${GREP_COMMAND}\` ${STEADY_GREPS}/s alongside (${ms(grepImpact.grep.p50)} per grep): the filesystem tool runs on worker threads (bench/filesystem.ts loads it with heavy calls).`,
    ];
    for (const [label, result] of [
      ['search alone', grepImpact.alone],
      ['search with grep', grepImpact.withGrep],
      ['grep', grepImpact.grep],
    ] as const) {
      if (result.errorSamples.length > 0) notes.push(`errors of ${label} at a fixed rate: ${result.errorSamples.join('; ')}`);
    }
    return {
      table: { columns: ['measurement', 'time', 'calls', 'calls/s', 'p50', 'p99', 'errors', 'vs ceiling', 'server RSS'], rows },
      checks,
      notes,
    };
  },
};

/**
 * The server's time per call at saturation (one core: 1 ÷ calls/s) of each saturating run, and what
 * the ranked target leaves a call: the bound that ping and the engine's own ranking set on it.
 */
function perCallBudget(rates: { ceiling: number; ping: number; remembered: number; ranked: number; engineP50: number }): string {
  const per = (rate: number): number => 1000 / rate;
  const budget = per(TARGETS.rankedVsCeiling * rates.ceiling);
  const floor = per(rates.ping) + rates.engineP50;
  return `per call at saturation (1 ÷ calls/s): ceiling ${ms(per(rates.ceiling))}, MCP ping ${ms(per(rates.ping))}, search answered from remembered results ${ms(per(rates.remembered))}, every call ranked ${ms(per(rates.ranked))}. ${TARGETS.rankedVsCeiling}x the ceiling leaves a ranked call ${ms(budget)}; a ping and the engine's p50 alone (in this process, snippets included) take ${ms(floor)}${floor > budget ? ', more than that: the ranked target needs the ranking off this core or an engine several times faster' : ''}.`;
}

/** A run's table cells; `ceiling` is the calls/s its ratio is to, if any. */
function loadCells(result: LoadResult, ceiling: number | undefined): string[] {
  const ratio = ceiling ? `${(result.rate / ceiling).toFixed(2)}x` : '';
  return [`${result.seconds.toFixed(1)} s`, count(result.calls), count(result.rate), ms(result.p50), ms(result.p99), count(result.errors), ratio];
}

function ms(value: number): string {
  return `${value < 10 ? value.toFixed(value < 1 ? 3 : 2) : value.toFixed(0)} ms`;
}

/** A 200 answer of /mcp that is a JSON-RPC error or a tool error. */
function isRpcError(text: string): boolean {
  return !text.startsWith('{"result":') || text.includes('"isError":true');
}

interface LoadOptions {
  port: number;
  path: string;
  /** Request bodies, sent in turn. */
  bodies: string[];
  amount?: number;
  duration?: number;
  connections?: number;
  /** Count JSON-RPC errors and tool errors in the answers as errors. */
  mcp?: boolean;
}

async function load(options: LoadOptions): Promise<LoadResult> {
  let next = 0;
  let rpcErrors = 0;
  const start = performance.now();
  let lastResponse = start;
  // Without a callback autocannon returns its instance (an EventEmitter) made thenable; its typings name only the promise.
  const run = autocannon({
    url: `http://127.0.0.1:${options.port}`,
    connections: options.connections ?? CONNECTIONS,
    ...(options.amount ? { amount: options.amount } : { duration: options.duration ?? RUN_SECONDS }),
    timeout: 30,
    requests: [
      {
        method: 'POST',
        path: options.path,
        headers: options.path === '/mcp' ? MCP_HEADERS : { 'content-type': 'application/json' },
        setupRequest: (request) => ({ ...request, body: options.bodies[next++ % options.bodies.length]! }),
        ...(options.mcp
          ? {
              onResponse: (status: number, text: string) => {
                if (status === 200 && isRpcError(text)) rpcErrors++;
              },
            }
          : {}),
      },
    ],
  }) as Promise<autocannon.Result> & autocannon.Instance;
  if (options.amount) run.on('response', () => void (lastResponse = performance.now()));
  const result = await run;
  // An `amount` run ends at autocannon's next one-second tick after the last answer, and its
  // duration counts up to that tick: up to a second too long, 3% of a 30-second run. It ends at the last answer.
  const seconds = options.amount ? (lastResponse - start) / 1000 : result.duration;
  return {
    calls: result.requests.total,
    seconds,
    rate: result.requests.total / seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    errors: result.errors + result.timeouts + result.non2xx + rpcErrors,
  };
}

function progress(message: string): void {
  process.stderr.write(`${message}\n`);
}
