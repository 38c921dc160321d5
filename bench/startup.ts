// Benchmark: how long `docsite` and a build worker thread take to start, before any work. Both
// run the compiled package (dist/), whose entry points are bundled (tools/bundle-entries.mjs).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { percentile } from './measure.js';
import type { Benchmark, BenchmarkReport } from './report.js';

const RUNS = 15;
const BIN = fileURLToPath(new URL('../bin/docsite.js', import.meta.url));
const PAGE_WORKER = new URL('../dist/bundle/page-worker.js', import.meta.url);

export const startupBenchmark: Benchmark = {
  name: 'startup',
  title: `start of the CLI and of a build worker thread (median and slowest of ${RUNS})`,
  async run(): Promise<BenchmarkReport> {
    const cli: number[] = [];
    const worker: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      cli.push(cliStart());
      worker.push(await workerStart());
    }
    const row = (what: string, ms: number[]): string[] => [what, `${percentile(ms, 0.5).toFixed(0)} ms`, `${Math.max(...ms).toFixed(0)} ms`];
    return {
      table: {
        columns: ['what', 'median', 'slowest'],
        rows: [row('`docsite --version`, whole process', cli), row('build worker: spawned to first (empty) batch answered', worker)],
      },
      checks: [],
      notes: ['the worker is the one `docsite build` starts per thread; its start is paid once per thread before it parses a page.'],
    };
  },
};

function cliStart(): number {
  const start = performance.now();
  const run = spawnSync(process.execPath, [BIN, '--version'], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`docsite --version failed: ${run.stderr}`);
  return performance.now() - start;
}

function workerStart(): Promise<number> {
  const start = performance.now();
  const worker = new Worker(PAGE_WORKER);
  return new Promise((resolve, reject) => {
    worker.once('message', () => {
      const ms = performance.now() - start;
      void worker.terminate().then(() => resolve(ms));
    });
    worker.once('error', reject);
    worker.postMessage({ root: '.', files: [], options: undefined });
  });
}
