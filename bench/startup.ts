// Benchmark: how long `docsite` and a build worker thread take to start, before any work, each held
// to a floor measured in the same run: a bare `node -e ''` process, and a bare worker thread that
// answers its first message. Both run the compiled package (dist/), whose entry points are bundled
// (tools/bundle-entries.mjs).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { percentile } from './measure.js';
import type { Benchmark, BenchmarkReport, Check } from './report.js';

const RUNS = 15;
const BIN = fileURLToPath(new URL('../bin/docsite.js', import.meta.url));
const PAGE_WORKER = new URL('../dist/bundle/page-worker.js', import.meta.url);
/** A worker thread doing nothing but answering: the least any worker costs to start. */
const BARE_WORKER = "require('node:worker_threads').parentPort.once('message', () => require('node:worker_threads').parentPort.postMessage([]));";
/**
 * Medians at most this many times their floor's. Over eight runs on a loaded 2-core machine
 * `docsite --version` stood at 2.2-3.0x a bare `node` start and the page worker at 2.8-4.8x a
 * bare worker: the CLI must not load what a command needs before it runs, nor a worker the
 * modules of the other role or a second copy of its own.
 */
const TARGETS = { cliVsNode: 3.5, workerVsBare: 6 };

export const startupBenchmark: Benchmark = {
  name: 'startup',
  title: `start of the CLI and of a build worker thread against bare node and a bare worker (median and slowest of ${RUNS})`,
  async run(): Promise<BenchmarkReport> {
    const times = { node: [] as number[], cli: [] as number[], bareWorker: [] as number[], worker: [] as number[] };
    // Interleaved, so that a busy spell of the machine weighs on each floor as on what it holds. Workers
    // start without this process's tsx loader (execArgv: []), as `docsite build`'s do.
    for (let i = 0; i < RUNS; i++) {
      times.node.push(processStart(['-e', '']));
      times.cli.push(processStart([BIN, '--version']));
      times.bareWorker.push(await workerStart(() => new Worker(BARE_WORKER, { eval: true, execArgv: [] })));
      times.worker.push(await workerStart(() => new Worker(PAGE_WORKER, { execArgv: [] })));
    }
    const median = (ms: number[]): number => percentile(ms, 0.5);
    const row = (what: string, ms: number[]): string[] => [what, `${median(ms).toFixed(0)} ms`, `${Math.max(...ms).toFixed(0)} ms`];
    const check = (label: string, ms: number[], floor: number[], most: number): Check => {
      const ratio = median(ms) / median(floor);
      return {
        label,
        actual: `${ratio.toFixed(2)}x (${median(ms).toFixed(0)} ms / ${median(floor).toFixed(0)} ms)`,
        target: `<= ${most}x`,
        pass: ratio <= most,
      };
    };
    return {
      table: {
        columns: ['what', 'median', 'slowest'],
        rows: [
          row("floor: `node -e ''`, whole process", times.node),
          row('`docsite --version`, whole process', times.cli),
          row('floor: bare worker thread, spawned to first answer', times.bareWorker),
          row('build worker: spawned to first (empty) batch answered', times.worker),
        ],
      },
      checks: [
        check('`docsite --version` median vs bare node', times.cli, times.node, TARGETS.cliVsNode),
        check('build worker median vs bare worker', times.worker, times.bareWorker, TARGETS.workerVsBare),
      ],
      notes: ['the worker is the one `docsite build` starts per thread; its start is paid once per thread before it parses a page.'],
    };
  },
};

/** Milliseconds from spawning `node args…` to its exit; throws when it fails. */
function processStart(args: string[]): number {
  const start = performance.now();
  const run = spawnSync(process.execPath, args, { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`node ${args.join(' ')} failed: ${run.stderr}`);
  return performance.now() - start;
}

/** Milliseconds from creating a worker with `spawn` to its answer to an empty batch. */
function workerStart(spawn: () => Worker): Promise<number> {
  const start = performance.now();
  const worker = spawn();
  return new Promise((resolve, reject) => {
    worker.once('message', () => {
      const ms = performance.now() - start;
      void worker.terminate().then(() => resolve(ms));
    });
    worker.once('error', reject);
    // What `docsite build` sends a page worker: the docs root, the batch's files and the job's options.
    worker.postMessage({ root: '.', files: [], options: { snippets: '' } });
  });
}
