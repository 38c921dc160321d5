// Benchmark: the author's loop of `docsite dev` on a 1,000-page site. A page is saved; the time runs
// until the server tells open tabs to reload (its event stream, read as the browser's reload script
// reads it) and then serves the page's new HTML. Held to 300 ms, beside a floor measured in the same
// run: the same server answering the same page unchanged. BENCH_DEV_SITE names a real docs folder to
// measure as well (it is copied first: the benchmark edits pages).
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { CORPUS_ROOT, writeCorpus } from './corpus.js';
import { percentile } from './measure.js';
import type { Benchmark, BenchmarkReport, Check } from './report.js';
import { BIN } from './serve-process.js';

const PAGES = 1_000;
const EDITS = 10;
/** Edit to new HTML served, at the median. */
const TARGET_MS = 300;
/** Any one step waits this long before the benchmark gives up. */
const STEP_TIMEOUT_MS = 60_000;
/** Folders of a docs folder that hold no pages, or that `docsite dev` writes. */
const NOT_PAGES = new Set(['dist', '.docsite', 'snippets', 'node_modules', '.git']);

interface LoopTimes {
  site: string;
  /** Per edit: save to reload signal, and save to the new HTML served (ms). */
  signal: number[];
  served: number[];
  /** The same pages, unchanged, served by the same server (ms): the floor. */
  unchanged: number[];
  /** Rebuild times the server printed (s). */
  rebuilds: number[];
}

export const devLoopBenchmark: Benchmark = {
  name: 'dev-loop',
  title: `docsite dev on a ${PAGES.toLocaleString('en-US')}-page site: a page saved to its new HTML served after the reload signal (${EDITS} edits)`,
  async run(): Promise<BenchmarkReport> {
    const corpus = writeCorpus(join(CORPUS_ROOT, `dev-${PAGES}`), PAGES);
    const runs = [await measureLoop(corpus.dir, `generated, ${PAGES} pages`)];
    const real = process.env.BENCH_DEV_SITE;
    if (real) {
      // Copied over the previous copy: its dist/ (and page cache) stays, so only this run's edits rebuild.
      const copy = join(CORPUS_ROOT, `dev-site-${basename(real)}`);
      // Links stay as written (`.mintlify/skills -> ../skills` leads into the copy, not back into the original).
      cpSync(real, copy, { recursive: true, verbatimSymlinks: true, filter: (path) => !/[\\/](dist|\.docsite)$/.test(path) });
      runs.push(await measureLoop(copy, basename(real)));
    }
    const p50 = (ms: number[]): number => percentile(ms, 0.5);
    const p95 = (ms: number[]): number => percentile(ms, 0.95);
    const cell = (ms: number[]): string => `${p50(ms).toFixed(0)} / ${p95(ms).toFixed(0)} ms`;
    const generated = runs[0]!;
    const checks: Check[] = [
      {
        label: `edit to new HTML served, median, ${generated.site}`,
        actual: `${p50(generated.served).toFixed(0)} ms (${(p50(generated.served) / p50(generated.unchanged)).toFixed(1)}x the unchanged page's ${p50(generated.unchanged).toFixed(0)} ms)`,
        target: `<= ${TARGET_MS} ms`,
        pass: p50(generated.served) <= TARGET_MS,
      },
    ];
    return {
      table: {
        columns: ['site', 'save to reload signal p50/p95', 'save to new HTML p50/p95', 'floor: unchanged page p50/p95', 'rebuild printed p50'],
        rows: runs.map((run) => [run.site, cell(run.signal), cell(run.served), cell(run.unchanged), `${p50(run.rebuilds).toFixed(2)} s`]),
      },
      checks,
      notes: [
        'each edit appends a paragraph to another page and is undone before the next (the undo is not timed); the first build, cold or from the cache, is not timed.',
        ...(real ? [] : ['set BENCH_DEV_SITE to a docs folder (e.g. ../corpora/mintlify-docs) to measure it too.']),
      ],
    };
  },
};

/** Starts `docsite dev` on `dir`, saves EDITS pages one after another and times each to its new HTML. */
async function measureLoop(dir: string, site: string): Promise<LoopTimes> {
  const dev = await startDev(dir);
  const times: LoopTimes = { site, signal: [], served: [], unchanged: [], rebuilds: [] };
  try {
    const events = await dev.events();
    const pages = await pagesToEdit(dir, dev.url);
    for (const [i, file] of pages.entries()) {
      const url = `${dev.url}${pageUrlOf(file)}`;
      let started = performance.now();
      await pageHtml(url);
      times.unchanged.push(performance.now() - started);
      const path = join(dir, file);
      const original = readFileSync(path, 'utf8');
      const marker = `Saved by the dev-loop benchmark, edit ${i}.`;
      started = performance.now();
      writeFileSync(path, `${original}\n\n${marker}\n`);
      try {
        await events.next();
        times.signal.push(performance.now() - started);
        // A stray reload (a burst of changes split in two builds) comes before the page is new: ask until it is.
        while (!(await pageHtml(url)).includes(marker)) await events.next();
        times.served.push(performance.now() - started);
      } finally {
        writeFileSync(path, original);
      }
      await events.next();
    }
    times.rebuilds = dev.rebuildSeconds();
    return times;
  } finally {
    await dev.stop();
  }
}

interface DevProcess {
  url: string;
  /** Opens the reload event stream; `next` resolves at the next reload event. */
  events(): Promise<{ next(): Promise<void> }>;
  /** The rebuild times printed after saves so far. */
  rebuildSeconds(): number[];
  stop(): Promise<void>;
}

/** `docsite dev` of the compiled package on a free port; resolves once it serves. */
async function startDev(dir: string): Promise<DevProcess> {
  const child: ChildProcess = spawn(process.execPath, [BIN, 'dev', dir, '--port', '0'], { stdio: ['ignore', 'pipe', 'ignore'] });
  const killOnExit = (): void => void child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve())).finally(() => process.off('exit', killOnExit));
  let printed = '';
  child.stdout!.setEncoding('utf8').on('data', (text: string) => (printed += text));
  const url = await new Promise<string>((resolve, reject) => {
    const check = setInterval(() => {
      const match = / at (http:\/\/\S+) \(watching/.exec(printed);
      if (match) {
        clearInterval(check);
        resolve(match[1]!);
      }
    }, 20);
    void exited.then(() => {
      clearInterval(check);
      reject(new Error(`docsite dev exited: ${printed.slice(-2000)}`));
    });
  });
  return {
    url,
    async events() {
      const reader = (await fetch(`${url}/_docsite/dev/events`)).body!.getReader();
      const decoder = new TextDecoder();
      let buffered = '';
      return {
        async next() {
          const deadline = Date.now() + STEP_TIMEOUT_MS;
          while (!buffered.includes('data: ')) {
            if (Date.now() > deadline) throw new Error('no reload event');
            const { value, done } = await reader.read();
            if (done) throw new Error('the reload event stream ended');
            buffered += decoder.decode(value);
          }
          buffered = buffered.slice(buffered.indexOf('\n\n', buffered.indexOf('data: ')) + 2);
        },
      };
    },
    rebuildSeconds: () => [...printed.matchAll(/after saving .* in ([\d.]+)s/g)].map((match) => Number(match[1])),
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** EDITS page files spread over the site (sorted paths, evenly spaced), each served as a page. */
async function pagesToEdit(dir: string, url: string): Promise<string[]> {
  const files = pageFiles(dir).sort();
  const picked: string[] = [];
  for (let i = 0; picked.length < EDITS && i < files.length; i++) {
    const file = files[Math.floor((i * files.length) / EDITS) % files.length]!;
    if (picked.includes(file)) continue;
    const response = await fetch(`${url}${pageUrlOf(file)}`, { headers: { Accept: 'text/html' } });
    await response.arrayBuffer();
    if (response.ok) picked.push(file);
  }
  if (picked.length < EDITS) throw new Error(`only ${picked.length} pages of ${dir} could be edited`);
  return picked;
}

function pageFiles(dir: string, prefix = ''): string[] {
  return readdirSync(join(dir, prefix), { withFileTypes: true }).flatMap((entry) => {
    const path = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return NOT_PAGES.has(entry.name) || entry.name.startsWith('.') ? [] : pageFiles(dir, path);
    return /\.mdx$/.test(entry.name) && existsSync(join(dir, path)) ? [path] : [];
  });
}

/** `guides/intro.mdx` → `/guides/intro`; `index.mdx` → `/`; `guides/index.mdx` → `/guides`. */
function pageUrlOf(file: string): string {
  const path = file.replace(/\.mdx$/, '').replace(/(^|\/)index$/, '');
  return `/${path}`;
}

async function pageHtml(url: string): Promise<string> {
  const response = await fetch(url, { headers: { Accept: 'text/html' } });
  const text = await response.text();
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return text;
}
