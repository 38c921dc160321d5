// Runs the compiled package in child processes for the benchmarks: builds (with their peak memory) and bare parses.
import { execFile, spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { BATCH_NODE_FLAGS } from '../src/cli/batch-process.js';

/** What one child build reported (see bench/build-child.mjs), with its wall time. */
export interface ChildBuild {
  /** Wall seconds of the whole `node` process: what `docsite build` costs a user. */
  seconds: number;
  ok: boolean;
  problems: number;
  firstProblem: string | null;
  pageCount: number;
  cacheHits: number;
  filesWritten: number;
  /** Peak resident memory of the build process, worker threads included, in MB (2^20 bytes). */
  peakRssMb: number;
}

const DIST_ENTRY = fileURLToPath(new URL('../dist/index.js', import.meta.url));

/**
 * Builds `dir` into `out` on `jobs` threads in a fresh process running dist/, started as `docsite
 * build` starts it; with `oneCore`, on one CPU only, as the single-core bare parse runs (see ONE_CORE).
 */
export async function childBuild(dir: string, out: string, jobs: number, { oneCore = false } = {}): Promise<ChildBuild> {
  const started = performance.now();
  const result = JSON.parse(await runChild('build-child.mjs', [dir, out, String(jobs)], oneCore ? ONE_CORE : [])) as Omit<ChildBuild, 'seconds'>;
  return { ...result, seconds: (performance.now() - started) / 1000 };
}

/**
 * Seconds a fresh process takes to read and parse every page of `dir` on `threads` threads (see
 * bench/parse-child.mjs), started with the same `node` flags as a build, so both run alike. With `oneCore`, the process may run on one CPU only (when `taskset` is
 * there, see ONE_CORE): a single JavaScript thread still keeps V8's garbage collection threads
 * busy on the other cores.
 */
export async function childBareParse(dir: string, threads: number, { oneCore = false } = {}): Promise<number> {
  return (JSON.parse(await runChild('parse-child.mjs', [dir, String(threads)], oneCore ? ONE_CORE : [])) as { seconds: number }).seconds;
}

/** The command prefix that runs a process on CPU 0 alone (Linux's util-linux), or none where that does not work. */
export const ONE_CORE: readonly string[] = spawnSync('taskset', ['-c', '0', 'true']).status === 0 ? ['taskset', '-c', '0'] : [];

/**
 * Flushes the file system's pending writes, so that a run never pays for the previous one's. With
 * `dropCache` and BENCH_DROP_CACHES=1 (Linux, as root), it also empties the kernel's page cache, as
 * `hyperfine --prepare` is often told to, so that the run reads the pages from disk.
 */
export function settleFileSystem({ dropCache = false } = {}): void {
  spawnSync('sync');
  if (!dropCache || process.env.BENCH_DROP_CACHES !== '1') return;
  try {
    writeFileSync('/proc/sys/vm/drop_caches', '1');
  } catch (error) {
    throw new Error(`BENCH_DROP_CACHES=1 needs a writable /proc/sys/vm/drop_caches (Linux, root): ${(error as Error).message}`);
  }
}

function runChild(script: string, args: string[], prefix: readonly string[] = []): Promise<string> {
  if (!existsSync(DIST_ENTRY)) throw new Error('dist/ is missing: run `npm run build` first (`npm run bench` does).');
  const [command, ...rest] = [...prefix, process.execPath, ...BATCH_NODE_FLAGS, fileURLToPath(new URL(`./${script}`, import.meta.url)), ...args];
  return new Promise((resolve, reject) => {
    execFile(command!, rest, { maxBuffer: 16 * 2 ** 20 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`bench/${script} ${args.join(' ')} failed: ${stderr || error.message}`));
      else resolve(stdout);
    });
  });
}
