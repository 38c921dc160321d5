// Benchmark `page-budget`: what a reader's browser loads for a page, held to the issue's budget (issue
// 27, "Delivery"): at most 30 KB of JavaScript, compressed, on a page without diagrams, and a first
// contentful paint under 300 ms on a local load. Builds the example site (and the sites named:
// `npx tsx bench/page-budget.ts DIR...`, or BENCH_PAGE_SITES, folders separated by ':'), serves each
// with `docsite serve` of the compiled package, and loads pages spread over its reading order in
// Chromium, each load in a fresh context (nothing cached). The floor is a bare static HTML page sent
// by a plain node http server, loaded the same way in the same run: what Chromium's own start of a
// page costs on this machine. Each page is also loaded from a plain server that sends the responses
// docsite sent, recorded: what the page itself costs the browser, whoever serves it.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, delimiter, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import type { Manifest } from '../src/bundle/index.js';
import { ANONYMOUS, canRead } from '../src/site/index.js';
import { launchBrowser } from '../test/helpers/chromium.js';
import { percentile } from './measure.js';
import { count, type Benchmark, type BenchmarkReport, type Check } from './report.js';
import { runBenchmarks } from './run.js';
import { BIN, startServer } from './serve-process.js';
import { timedProcess } from './timed-process.js';

const EXAMPLE_SITE = fileURLToPath(new URL('../examples/acme/', import.meta.url));
/** Pages loaded per site (BENCH_PAGES overrides), spread evenly over its reading order. */
const PAGES = Number(process.env.BENCH_PAGES) || 5;
/** Loads of each page; the median first contentful paint counts (BENCH_LOADS overrides). */
const LOADS = Number(process.env.BENCH_LOADS) || 5;
const MAX_SCRIPT_BYTES = 30 * 1024;
const MAX_FCP_MS = 300;
/** Scripts only a page with diagrams loads: Mermaid and docsite's diagram script (render/feature-assets.ts). */
const DIAGRAM_SCRIPTS = /^\/_docsite\/(?:diagrams\.js$|mermaid\/)/;
const BUILD_TIMEOUT_MS = 10 * 60_000;
/** The floor: a page with a title and a paragraph, nothing to fetch. */
const BARE_PAGE =
  '<!doctype html><html lang="en"><meta charset="utf-8"><title>Floor</title><p>A bare static page, sent by a plain node http server.</p></html>';

/** What one load of a page transferred and when it first painted. */
interface Load {
  fcpMs: number;
  /** Encoded (transferred) body bytes of the scripts, the diagram scripts apart. */
  scriptBytes: number;
  diagramScriptBytes: number;
  scripts: number;
  /** Encoded bodies and headers of every response. */
  totalBytes: number;
  requests: number;
  /** Content-Encoding of each script, by path. */
  scriptEncodings: Map<string, string>;
}

/** A page's loads, summed up: the median paint, the rest from the first load (every load is cold, so they agree). */
interface PageResult {
  label: string;
  hasDiagrams: boolean;
  fcpMs: number;
  /** The median paint of the same responses sent again, uncompressed, by a plain node http server. */
  replayFcpMs: number;
  load: Load;
}

export function pageBudgetBenchmarkOf(sites: readonly string[]): Benchmark {
  return {
    name: 'page-budget',
    title: `JavaScript, bytes, requests and first contentful paint of ${PAGES} pages a site in Chromium (median of ${LOADS} cold loads) vs a bare static page`,
    async run(): Promise<BenchmarkReport> {
      const browser = await launchBrowser();
      const floor = await plainServer(new Map([['/', { type: 'text/html; charset=utf-8', body: Buffer.from(BARE_PAGE) }]]));
      try {
        progress('floor');
        const floorFcp = medianFcp(await loadsOf(browser, `${floor.url}/`));
        const results: { site: string; pages: PageResult[] }[] = [];
        for (const site of sites) results.push({ site, pages: await measureSite(browser, site) });
        return report(floorFcp, results);
      } finally {
        floor.close();
        await browser.close();
      }
    },
  };
}

export const pageBudgetBenchmark = pageBudgetBenchmarkOf([EXAMPLE_SITE, ...(process.env.BENCH_PAGE_SITES?.split(delimiter).filter(Boolean) ?? [])]);

/** Builds `site`, serves it, and loads PAGES of its pages LOADS times each. */
async function measureSite(browser: Browser, site: string): Promise<PageResult[]> {
  const scratch = mkdtempSync(join(tmpdir(), 'docsite-page-budget-'));
  try {
    const out = join(scratch, 'dist');
    progress(`${basename(site)}: building`);
    const built = await timedProcess(process.execPath, [BIN, 'build', site, '--out', out], { timeoutMs: BUILD_TIMEOUT_MS });
    if (built.code !== 0) throw new Error(`docsite build ${site} failed: ${built.stderr.trim().split('\n').slice(-3).join(' ')}`);
    const manifest = JSON.parse(readFileSync(join(out, '_docsite', 'manifest.json'), 'utf8')) as Manifest;
    const server = await startServer(out, scratch);
    try {
      const results: PageResult[] = [];
      for (const page of spread(pagesOf(manifest), PAGES)) {
        progress(`${basename(site)}: ${page}`);
        const responses = new Map<string, Recorded>();
        const loads = await loadsOf(browser, `http://127.0.0.1:${server.port}${encodeURI(page)}`, responses);
        const replay = await plainServer(responses);
        try {
          const first = loads[0]!;
          results.push({
            label: `${basename(resolve(site))} ${page}`,
            hasDiagrams: first.diagramScriptBytes > 0,
            fcpMs: medianFcp(loads),
            replayFcpMs: medianFcp(await loadsOf(browser, `${replay.url}${encodeURI(page)}`)),
            load: first,
          });
        } finally {
          replay.close();
        }
      }
      return results;
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** The URLs of the pages an anonymous reader may read (`serve` here has no sign-in), in reading order. */
function pagesOf(manifest: Manifest): string[] {
  const byPath = new Map(manifest.pages.map((page) => [page.path, page]));
  return manifest.readingOrder.map((path) => byPath.get(path)!).flatMap((page) => (canRead(ANONYMOUS, page.access, false) ? [page.url] : []));
}

/** `n` items of `items`, evenly spaced, the first and the last among them. */
function spread<T>(items: readonly T[], n: number): T[] {
  if (items.length <= n) return [...items];
  return Array.from({ length: n }, (_, i) => items[Math.round((i * (items.length - 1)) / (n - 1))]!);
}

/** A response as the browser got it, decoded, to be sent again by a plain server (see replayServer). */
interface Recorded {
  type: string;
  body: Buffer;
}

/**
 * LOADS loads of `url`, each in a fresh browser context at 1400×1000, waiting until the network
 * is idle. With `record`, the first load's responses are kept there by path.
 */
async function loadsOf(browser: Browser, url: string, record?: Map<string, Recorded>): Promise<Load[]> {
  const loads: Load[] = [];
  for (let i = 0; i < LOADS; i++) {
    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    try {
      const tab = await context.newPage();
      const recorded: Promise<void>[] = [];
      if (record && i === 0)
        tab.on('response', (response) => {
          recorded.push(
            response.body().then(
              (body) => void record.set(new URL(response.url()).pathname, { type: response.headers()['content-type'] ?? 'application/octet-stream', body }),
              () => undefined,
            ),
          );
        });
      const finished: Promise<{ path: string; type: string; body: number; headers: number; encoding: string }>[] = [];
      tab.on('requestfinished', (request) => {
        finished.push(
          (async () => {
            const sizes = await request.sizes();
            const response = await request.response();
            return {
              path: new URL(request.url()).pathname,
              type: request.resourceType(),
              body: sizes.responseBodySize,
              headers: sizes.responseHeadersSize,
              encoding: (await response?.headerValue('content-encoding')) ?? 'none',
            };
          })(),
        );
      });
      const response = await tab.goto(url, { waitUntil: 'networkidle' });
      if (!response?.ok()) throw new Error(`${url} answered ${response?.status()}`);
      const fcpMs = await tab.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN);
      const responses = await Promise.all(finished);
      await Promise.all(recorded);
      const scripts = responses.filter((r) => r.type === 'script' && !DIAGRAM_SCRIPTS.test(r.path));
      loads.push({
        fcpMs,
        scriptBytes: sum(scripts.map((r) => r.body)),
        diagramScriptBytes: sum(responses.filter((r) => r.type === 'script' && DIAGRAM_SCRIPTS.test(r.path)).map((r) => r.body)),
        scripts: scripts.length,
        totalBytes: sum(responses.map((r) => r.body + r.headers)),
        requests: responses.length,
        scriptEncodings: new Map(scripts.map((r) => [r.path, r.encoding])),
      });
    } finally {
      await context.close();
    }
  }
  return loads;
}

/** A plain node http server on a free loopback port that answers a path with what `responses` holds for it, as it is (404 without). */
async function plainServer(responses: ReadonlyMap<string, Recorded>): Promise<{ url: string; close(): void }> {
  const server: Server = createServer((req, res) => {
    const found = responses.get(new URL(req.url ?? '/', 'http://x').pathname);
    if (!found) return void res.writeHead(404).end();
    res.writeHead(200, { 'Content-Type': found.type, 'Content-Length': found.body.length }).end(found.body);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

function report(floorFcp: number, results: { site: string; pages: PageResult[] }[]): BenchmarkReport {
  const checks: Check[] = [];
  for (const { site, pages } of results) {
    const plain = pages.filter((page) => !page.hasDiagrams);
    const heaviest = Math.max(0, ...plain.map((page) => page.load.scriptBytes));
    const slowest = Math.max(...pages.map((page) => page.fcpMs));
    const name = basename(resolve(site));
    checks.push(
      {
        label: `${name}: JavaScript of the heaviest page without diagrams, compressed`,
        actual: kb(heaviest),
        target: `<= ${kb(MAX_SCRIPT_BYTES)}`,
        pass: heaviest <= MAX_SCRIPT_BYTES,
      },
      {
        label: `${name}: first contentful paint of the slowest page, median`,
        actual: `${ms(slowest)} (${(slowest / floorFcp).toFixed(1)}x the floor)`,
        target: `< ${MAX_FCP_MS} ms`,
        pass: slowest < MAX_FCP_MS,
      },
    );
  }
  const all = results.flatMap(({ pages }) => pages);
  const encodings = new Map(all.flatMap((page) => [...page.load.scriptEncodings]));
  return {
    table: {
      columns: ['page', 'JS (compressed)', 'scripts', 'diagram JS', 'total transferred', 'requests', 'FCP median', 'FCP / floor', 'FCP, plain server'],
      rows: [
        ['floor: bare static HTML page, plain node http server', '0 KB', '0', '', '', '1', ms(floorFcp), '1.0x', ''],
        ...all.map(({ label, load, fcpMs, replayFcpMs }) => [
          label,
          kb(load.scriptBytes),
          count(load.scripts),
          load.diagramScriptBytes > 0 ? kb(load.diagramScriptBytes) : '',
          kb(load.totalBytes),
          count(load.requests),
          ms(fcpMs),
          `${(fcpMs / floorFcp).toFixed(1)}x`,
          ms(replayFcpMs),
        ]),
      ],
    },
    checks,
    notes: [
      `each load in a fresh Chromium context (nothing cached) at 1400x1000, until the network is idle; FCP is performance.getEntriesByName('first-contentful-paint'), the median of ${LOADS} loads (BENCH_LOADS); bytes are transferred (encoded) bodies, totals with headers, from the first load.`,
      `scripts' Content-Encoding: ${[...encodings].map(([path, encoding]) => `${path} ${encoding}`).join(', ') || 'none loaded'}.`,
      'FCP, plain server: the same page’s responses (HTML, stylesheet, scripts, images), decoded, sent again by a plain node http server with no compression and loaded the same way: what the page costs the browser whoever serves it.',
      'diagram JS (Mermaid and docsite’s diagram script) loads only on pages with diagrams and is outside the budget.',
      `sites: ${results.map(({ site }) => site).join(', ')}; servers: \`docsite serve\` of the compiled package in a child process.`,
    ],
  };
}

const medianFcp = (loads: readonly Load[]): number =>
  percentile(
    loads.map((load) => load.fcpMs),
    0.5,
  );
const sum = (values: readonly number[]): number => values.reduce((total, value) => total + value, 0);
const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number): string => `${value.toFixed(0)} ms`;

function progress(message: string): void {
  process.stderr.write(`${message}\n`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = (await runBenchmarks([pageBudgetBenchmarkOf([EXAMPLE_SITE, ...process.argv.slice(2).map((dir) => resolve(dir))])])) ? 1 : 0;
}
