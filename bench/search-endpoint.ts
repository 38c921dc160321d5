// Benchmark `search-endpoint`: the search box's endpoint (GET /_docsite/search) on a 10,000-page site.
// Requests go at a steady, light rate (an open-loop sender, bench/paced-load.ts), so latency is service
// time, not queueing. Two figures per request: its time inside the server (from its arrival at express
// to its last byte handed to the socket, bench/mcp-server-child.ts --timed) and its round trip at the
// sender. The floor is the same GETs answered by a bare express JSON echo in the same run (before and
// after), which costs the HTTP server and the round trip and nothing else.
// Every search is ranked: the queries come in more spellings than the index remembers results of.
import { availableParallelism } from 'node:os';
import { readBundle } from '../src/bundle/index.js';
import { RECENT_RESULTS, resultsByPage } from '../src/search/index.js';
import { percentile } from './measure.js';
import { SEARCH_QUERIES } from './mcp-queries.js';
import { pacedLoad, type PacedResult } from './paced-load.js';
import { count, type Benchmark, type BenchmarkReport } from './report.js';
import { benchBundle } from './serve-bundle.js';
import { type Child, startChild } from './server-child.js';

const PAGES = 10_000;
/** Requests a second: what a busy docs site's readers type, well under what one core answers. */
const RATE = 50;
/** Seconds of each run (BENCH_SECONDS overrides). */
const RUN_SECONDS = Number(process.env.BENCH_SECONDS) || 10;
const WARMUP_SECONDS = 3;
/** The issue's budget for the endpoint's server time at p50 and p99 (issue 27, "Find"). */
const TARGET_MS = 20;
/** Trailing spaces (0 to this, minus one) on the queries: more distinct texts than the index remembers, so each is ranked. */
const SPELLINGS = Math.ceil((2 * RECENT_RESULTS) / SEARCH_QUERIES.length);
/** What the search box sends: the query, and a result count as docsite-search.js asks for. */
const QUERIES = Array.from({ length: SPELLINGS }, (_, spaces) =>
  SEARCH_QUERIES.map((query) => `?${new URLSearchParams({ q: `${query}${' '.repeat(spaces)}`, limit: '20' })}`),
).flat();

/** One run: the sender's round trips and the server's own times. */
interface Run {
  label: string;
  trip: PacedResult;
  server: { p50: number; p99: number; max: number };
}

export const searchEndpointBenchmark: Benchmark = {
  name: 'search-endpoint',
  title: `the search box's endpoint on a ${count(PAGES)}-page site, every search ranked, at ${RATE}/s vs a bare express JSON echo (${availableParallelism()} cores)`,
  async run(): Promise<BenchmarkReport> {
    const bundle = await benchBundle(PAGES, progress);
    const servers: Child[] = [];
    const runs: Run[] = [];
    try {
      const echo = await startChild('echo', undefined, { timed: true });
      servers.push(echo);
      const site = await startChild('mcp', bundle.dir, { timed: true });
      servers.push(site);
      const paced = (server: Child, path: string, seconds = RUN_SECONDS): Promise<PacedResult> =>
        pacedLoad({
          port: server.port,
          method: 'GET',
          path: QUERIES.map((query) => `${path}${query}`),
          headers: { accept: 'application/json' },
          rate: RATE,
          seconds,
        });
      const measure = async (label: string, server: Child, path: string): Promise<void> => {
        progress(label);
        await server.timings();
        const trip = await paced(server, path);
        const times = await server.timings();
        runs.push({ label, trip, server: { p50: percentile(times, 0.5), p99: percentile(times, 0.99), max: Math.max(0, ...times) } });
      };
      progress('warm-up');
      await paced(echo, '/echo', WARMUP_SECONDS);
      await paced(site, '/_docsite/search', WARMUP_SECONDS);
      await measure('floor: bare express JSON echo of the same GETs (before)', echo, '/echo');
      await measure(`GET /_docsite/search, ${count(QUERIES.length)} distinct queries in turn`, site, '/_docsite/search');
      await measure('floor: bare express JSON echo of the same GETs (after)', echo, '/echo');
    } finally {
      await Promise.all(servers.map((server) => server.stop()));
    }
    const search = runs[1]!;
    progress("the handler's work in this process");
    const work = await handlerWork(bundle.dir);
    const cells = (server: { p50: number; p99: number; max: number }): string[] => [ms(server.p50), ms(server.p99), ms(server.max)];
    return {
      table: {
        columns: ['measurement', 'calls', 'server p50', 'server p99', 'server max', 'round trip p50', 'round trip p99', 'errors'],
        rows: [
          ...runs.map(({ label, trip, server }) => [label, count(trip.calls), ...cells(server), ms(trip.p50), ms(trip.p99), count(trip.errors)]),
          [`in process, no HTTP: search, grouping and JSON of the same ${count(QUERIES.length)} queries`, count(work.calls), ...cells(work), '', '', ''],
        ],
      },
      checks: [
        { label: 'search endpoint server time p50', actual: ms(search.server.p50), target: `< ${TARGET_MS} ms`, pass: search.server.p50 < TARGET_MS },
        { label: 'search endpoint server time p99', actual: ms(search.server.p99), target: `< ${TARGET_MS} ms`, pass: search.server.p99 < TARGET_MS },
        { label: 'search endpoint errors', actual: count(search.trip.errors), target: '0', pass: search.trip.errors === 0 },
      ],
      notes: [
        `bundle: ${bundle.dir} (${bundle.origin}); servers in child processes (bench/mcp-server-child.ts --timed, on the compiled dist/), the sender in this one.`,
        `${RATE} requests/s for ${RUN_SECONDS} s each (BENCH_SECONDS overrides) after ${WARMUP_SECONDS}-s warm-ups; server time runs from a request's arrival at express to its last byte handed to the socket, the round trip from send to last byte at the sender. On a machine shared with other work the round trip's p99 mostly measures waits for a core, as the floor's shows.`,
        `queries: the ${SEARCH_QUERIES.length} of bench/mcp-queries.ts with 0–${SPELLINGS - 1} trailing spaces, more texts than the ${count(RECENT_RESULTS)} searches the index remembers, so every one is ranked; limit=20 as the dialog asks; an anonymous reader, the rate limiter counting every request.`,
        ...(search.trip.errorSamples.length > 0 ? [`errors: ${search.trip.errorSamples.join('; ')}`] : []),
      ],
    };
  },
};

/** What the endpoint does for each query once the request is parsed, timed one by one in this process (every search ranked). */
async function handlerWork(dir: string): Promise<{ calls: number; p50: number; p99: number; max: number }> {
  const bundle = await readBundle(dir, { recentResults: 0 });
  // An anonymous reader of a site without authentication, as the endpoint maps it (readerOf).
  const reader = { kind: 'client-credential' } as const;
  const queries = QUERIES.map((query) => new URLSearchParams(query).get('q')!);
  const answer = (q: string): string =>
    JSON.stringify({ query: q, pages: resultsByPage(bundle.search.search(q, { reader, limit: 20 }), bundle.search.highlighter(q)) });
  for (const q of queries) answer(q);
  const times = queries.map((q) => {
    const start = performance.now();
    answer(q);
    return performance.now() - start;
  });
  return { calls: times.length, p50: percentile(times, 0.5), p99: percentile(times, 0.99), max: Math.max(...times) };
}

function ms(value: number): string {
  return `${value < 10 ? value.toFixed(2) : value.toFixed(1)} ms`;
}

function progress(message: string): void {
  process.stderr.write(`${message}\n`);
}
