// Benchmark: `build` on 1,000 and 10,000 generated pages: cold build against the bare MDX parse,
// one-page rebuild, bundle and search index size, peak memory; and what syntax highlighting costs,
// against the same pages with their code left plain. Builds and parses run the compiled package
// (dist/) in fresh processes, as `docsite build` does.
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { basename, join } from 'node:path';
import { BUNDLE_PATHS } from '../src/bundle/index.js';
import { discoverFiles } from '../src/content/index.js';
import { benchCorpus, CORPUS_ROOT, type Corpus } from './corpus.js';
import { BATCH_NODE_FLAGS } from '../src/cli/batch-process.js';
import { childBareParse, childBuild, ONE_CORE, settleFileSystem, type ChildBuild } from './dist-runs.js';
import { count, type Benchmark, type BenchmarkReport, type Check } from './report.js';

/** Sizes built; BENCH_BUILD_PAGES=1000 (comma-separated) measures fewer, e.g. for a quick look. */
const SIZES = process.env.BENCH_BUILD_PAGES ? process.env.BENCH_BUILD_PAGES.split(',').map(Number) : [1_000, 10_000];
/** A cold build on N threads may take at most this many times (bare single-core parse / N). */
const MAX_VS_PARSE = 1.5;
/** Rebuilding the 10,000-page site after one page changed must take less than this many seconds. */
const MAX_REBUILD_SECONDS_10K = 3;
/** Peak RSS of the 10,000-page build (whole process, workers included) must stay under this, in MB (1.5 GB). */
const MAX_RSS_MB_10K = 1.5 * 1024;
/** Sizes also built as their plain-code twin (see plainCodeTwin), to price highlighting. */
const PLAIN_CODE_SIZES = new Set([1_000]);
/** A cold build may take at most this many times its plain-code twin's: highlighting's share (issue: 1.3x of the build before Shiki). */
const MAX_VS_PLAIN_CODE = 1.3;
/** A one-page rebuild may take at most this many times its plain-code twin's: highlighting one page must not show. */
const MAX_REBUILD_VS_PLAIN_CODE = 1.1;
/** Shared VMs are noisy: each size is timed several times and the fastest run counts; BENCH_ROUNDS overrides. */
const roundsFor = (pages: number): number => Number(process.env.BENCH_ROUNDS) || (pages <= 1_000 ? 3 : 2);

/** How a run held to one core is labelled: nothing where `taskset` is missing (see ONE_CORE). */
const ON_ONE_CORE = ONE_CORE.length > 0 ? ' on one core' : '';
/** The same, as a table column's suffix. */
const ONE_CORE_COLUMN = ONE_CORE.length > 0 ? ', 1 core' : '';

/** Text appended to one page for the rebuild run; the page is restored afterwards. */
const EDIT = '\nThis paragraph was added by the rebuild benchmark.\n';

interface Timings {
  /** The bare parse on one thread and, where the machine allows, one core (see ONE_CORE). */
  bare: number;
  /** The same bare parse on one thread per job: how far this machine's cores scale on parsing alone. */
  bareParallel: number;
  cold: number;
  /**
   * A cold build with --jobs 1 on one core (as `bare` runs): held to the same target with one
   * core used, it shows the build's own cost beside the parse, apart from how far this machine's
   * cores scale.
   */
  coldOneJob: number;
  /** One rebuild after editing a page, one after restoring it: both change exactly one page. */
  rebuild: number;
  /** The cold build and rebuild of the plain-code twin, at PLAIN_CODE_SIZES. */
  coldPlainCode?: number | undefined;
  rebuildPlainCode?: number | undefined;
}

interface SizeResult {
  best: Timings;
  slowest: Timings;
  bundleBytes: number;
  searchIndexBytes: number;
  rebuildWrites: number;
  rssMb: number;
}

export const buildBenchmark: Benchmark = {
  name: 'build',
  title: `cold build, one-page rebuild, sizes, memory (${availableParallelism()} cores)`,
  async run(): Promise<BenchmarkReport> {
    const jobs = availableParallelism();
    const corpora = SIZES.map((pages) => {
      const corpus = benchCorpus(pages);
      progress(`corpus of ${count(pages)} pages ${corpus.reused ? 'kept' : 'written'}: ${corpus.dir}`);
      return corpus;
    });

    const rows: string[][] = [];
    const checks: Check[] = [];
    const notes: string[] = [];
    const results: SizeResult[] = [];
    try {
      for (const corpus of corpora) results.push(await measureSize(corpus, jobs, roundsFor(corpus.pages)));
    } finally {
      deleteSetAside();
    }
    for (const [i, corpus] of corpora.entries()) {
      const result = results[i]!;
      const { best, slowest } = result;
      const floor = best.bare / jobs;
      rows.push([
        count(corpus.pages),
        `${mb(corpus.bytes)} MB`,
        String(jobs),
        `${best.bare.toFixed(2)} s`,
        `${best.bareParallel.toFixed(2)} s`,
        `${best.cold.toFixed(2)} s`,
        count(corpus.pages / best.cold),
        `${(best.cold / floor).toFixed(2)}x`,
        `${best.coldOneJob.toFixed(2)} s`,
        `${(best.coldOneJob / best.bare).toFixed(2)}x`,
        `${best.rebuild.toFixed(2)} s`,
        `${mb(result.bundleBytes)} MB`,
        `${mb(result.searchIndexBytes)} MB`,
        `${count(result.rssMb)} MB`,
      ]);
      checks.push({
        label: `cold build jobs ${jobs} / (bare parse / ${jobs}), ${count(corpus.pages)} pages`,
        actual: `${(best.cold / floor).toFixed(2)}x (${best.cold.toFixed(1)} s vs ${floor.toFixed(1)} s)`,
        target: `<= ${MAX_VS_PARSE}x`,
        pass: best.cold <= MAX_VS_PARSE * floor,
      });
      if (jobs > 1) {
        checks.push({
          label: `cold build jobs 1${ON_ONE_CORE} / bare parse, ${count(corpus.pages)} pages`,
          actual: `${(best.coldOneJob / best.bare).toFixed(2)}x (${best.coldOneJob.toFixed(1)} s vs ${best.bare.toFixed(1)} s)`,
          target: `<= ${MAX_VS_PARSE}x`,
          pass: best.coldOneJob <= MAX_VS_PARSE * best.bare,
        });
      }
      if (best.coldPlainCode !== undefined && best.rebuildPlainCode !== undefined) {
        checks.push({
          label: `cold build / the same with plain code (no grammar runs), ${count(corpus.pages)} pages`,
          actual: `${(best.cold / best.coldPlainCode).toFixed(2)}x (${best.cold.toFixed(2)} s vs ${best.coldPlainCode.toFixed(2)} s)`,
          target: `<= ${MAX_VS_PLAIN_CODE}x`,
          pass: best.cold <= MAX_VS_PLAIN_CODE * best.coldPlainCode,
        });
        checks.push({
          label: `one-page rebuild / the same with plain code, ${count(corpus.pages)} pages`,
          actual: `${(best.rebuild / best.rebuildPlainCode).toFixed(2)}x (${best.rebuild.toFixed(2)} s vs ${best.rebuildPlainCode.toFixed(2)} s)`,
          target: `<= ${MAX_REBUILD_VS_PLAIN_CODE}x`,
          pass: best.rebuild <= MAX_REBUILD_VS_PLAIN_CODE * best.rebuildPlainCode,
        });
      }
      if (corpus.pages === 10_000) {
        checks.push({
          label: 'one-page rebuild, 10,000 pages',
          actual: `${best.rebuild.toFixed(2)} s`,
          target: `< ${MAX_REBUILD_SECONDS_10K} s`,
          pass: best.rebuild < MAX_REBUILD_SECONDS_10K,
        });
        checks.push({
          label: 'peak RSS, 10,000 pages',
          actual: `${count(result.rssMb)} MB`,
          target: `< ${count(MAX_RSS_MB_10K)} MB`,
          pass: result.rssMb < MAX_RSS_MB_10K,
        });
      }
      notes.push(
        `${count(corpus.pages)} pages, slowest runs: bare ${slowest.bare.toFixed(2)} s, bare on ${jobs} threads ${slowest.bareParallel.toFixed(2)} s, cold ${slowest.cold.toFixed(2)} s, cold with --jobs 1 ${slowest.coldOneJob.toFixed(2)} s, rebuild ${slowest.rebuild.toFixed(2)} s; a one-page rebuild wrote ${count(result.rebuildWrites)} files.`,
        `${count(corpus.pages)} pages: the bare parse on ${jobs} threads runs ${(best.bare / best.bareParallel).toFixed(2)}x as fast as on one (${jobs}x would be perfect scaling); the cold build takes ${(best.cold / best.bareParallel).toFixed(2)}x that parallel parse; the target allows it ${((MAX_VS_PARSE * best.bare) / jobs / best.bareParallel).toFixed(2)}x (${MAX_VS_PARSE}x times the ${(best.bare / best.bareParallel / jobs).toFixed(2)} of perfect scaling the parse itself reaches here).`,
      );
    }
    return {
      table: {
        columns: [
          'pages',
          'corpus',
          'jobs',
          `bare parse 1 thread${ONE_CORE_COLUMN}`,
          'bare parse N threads',
          'cold build',
          'pages/s',
          'vs bare/jobs',
          `cold build --jobs 1${ONE_CORE_COLUMN}`,
          'vs bare',
          '1-page rebuild',
          'bundle',
          'search index',
          'peak RSS',
        ],
        rows,
      },
      checks,
      notes: [
        ...notes,
        `best of ${SIZES.map((pages) => `${roundsFor(pages)} rounds at ${count(pages)} pages`).join(', ')} (BENCH_ROUNDS overrides); each round times a bare parse on 1 and on ${jobs} threads, a cold build with --jobs 1${jobs > 1 ? `${ON_ONE_CORE} and with --jobs ${jobs}` : ''} and two one-page rebuilds (edit, restore).`,
        `every run is a fresh \`node ${BATCH_NODE_FLAGS.join(' ')}\` process on dist/, as \`docsite build\` runs (bench/build-child.mjs, bench/parse-child.mjs): times are whole-process wall times for builds, first read to last parse for bare parses; both start with a cold JIT.`,
        process.env.BENCH_DROP_CACHES === '1'
          ? 'BENCH_DROP_CACHES=1: each bare parse and cold build started with the page cache emptied (pages read from disk); rebuilds start after a sync only.'
          : 'each run starts after a sync; BENCH_DROP_CACHES=1 (Linux, root) also empties the page cache before each bare parse and cold build.',
        ONE_CORE.length > 0
          ? `the single-core bare parse and the --jobs 1 build run under \`${ONE_CORE.join(' ')}\`: on one thread but free to use the other cores, V8's garbage collection threads would do part of its work there.`
          : "the single-core bare parse is on one thread but not held to one core (no `taskset` here): V8's garbage collection threads may do part of its work on other cores, so it reads faster than one core is.",
        'cold build: empty output folder and cache; "jobs" is the --jobs given (a rebuild of one page runs in the main thread).',
        `plain code: at ${[...PLAIN_CODE_SIZES].map(count).join(', ')} pages, each round also builds a twin of the corpus whose code fences are all \`text\` (the same pages, no grammar runs: the build as it was before highlighting), cold and with the same one-page rebuilds, in the same round.`,
        'before a cold build, the previous output is moved aside, and deleted once every build is timed: deleted right before, it would tax the build (see setAside).',
        `bundle excludes .cache/; search index is the parts under ${BUNDLE_PATHS.searchIndex}; MB of files are 10^6 bytes, MB of RSS are 2^20; the last build of each size stays in bench/.corpus/build-N/.`,
        `pages carry a sidebar marker, each sidebar is written once under ${BUNDLE_PATHS.sidebars} (the runtime puts it in); from 1,000 pages with several jobs, the search index is built on a thread of its own.`,
        'peak RSS is the largest of the build processes of that size (worker threads included).',
      ],
    };
  },
};

/** Times bare parses, cold build and one-page rebuilds `rounds` times; sizes come from the last round. */
async function measureSize(corpus: Corpus, jobs: number, rounds: number): Promise<SizeResult> {
  const { pages: files } = await discoverFiles(corpus.dir);
  const edited = [...files].sort()[Math.floor(files.length / 2)]!;
  restoreIfEdited(join(corpus.dir, edited));
  const twin = PLAIN_CODE_SIZES.has(corpus.pages) ? plainCodeTwin(corpus) : undefined;
  const all: Timings[] = [];
  let bundleBytes = 0;
  let searchIndexBytes = 0;
  let rebuildWrites = 0;
  let rssMb = 0;
  for (let round = 1; round <= rounds; round++) {
    progress(`${count(corpus.pages)} pages, round ${round} of ${rounds}:`);
    settleFileSystem({ dropCache: true });
    const bare = await childBareParse(corpus.dir, 1, { oneCore: true });
    settleFileSystem({ dropCache: true });
    const bareParallel = await childBareParse(corpus.dir, jobs);
    progress(`  bare parse ${bare.toFixed(2)} s, on ${jobs} threads ${bareParallel.toFixed(2)} s`);
    const coldOneJob = jobs > 1 ? await coldBuild(corpus, 1, { oneCore: true }) : undefined;
    const cold = await coldBuild(corpus, jobs);
    rssMb = Math.max(rssMb, cold.peakRssMb, coldOneJob?.peakRssMb ?? 0);
    bundleBytes = folderBytes(outDirOf(corpus), ['.cache']);
    searchIndexBytes = folderBytes(join(outDirOf(corpus), BUNDLE_PATHS.searchIndex));
    const rebuilds = await oneSiteRebuilds(corpus, edited, jobs);
    rebuildWrites = rebuilds[0].filesWritten;
    for (const run of rebuilds) rssMb = Math.max(rssMb, run.peakRssMb);
    progress(`  one-page rebuilds of ${edited}: ${rebuilds.map((run) => `${run.seconds.toFixed(2)} s`).join(', ')}`);
    let plainCode: Pick<Timings, 'coldPlainCode' | 'rebuildPlainCode'> = {};
    if (twin) {
      const coldPlainCode = (await coldBuild(twin, jobs)).seconds;
      const twinRebuilds = await oneSiteRebuilds(twin, edited, jobs);
      progress(`  plain-code twin: one-page rebuilds ${twinRebuilds.map((run) => `${run.seconds.toFixed(2)} s`).join(', ')}`);
      plainCode = { coldPlainCode, rebuildPlainCode: Math.min(...twinRebuilds.map((run) => run.seconds)) };
    }
    all.push({
      bare,
      bareParallel,
      cold: cold.seconds,
      coldOneJob: (coldOneJob ?? cold).seconds,
      rebuild: Math.min(...rebuilds.map((run) => run.seconds)),
      ...plainCode,
    });
  }
  const pick = (choose: (...n: number[]) => number): Timings => ({
    bare: choose(...all.map((t) => t.bare)),
    bareParallel: choose(...all.map((t) => t.bareParallel)),
    cold: choose(...all.map((t) => t.cold)),
    coldOneJob: choose(...all.map((t) => t.coldOneJob)),
    rebuild: choose(...all.map((t) => t.rebuild)),
    ...(twin ? { coldPlainCode: choose(...all.map((t) => t.coldPlainCode!)), rebuildPlainCode: choose(...all.map((t) => t.rebuildPlainCode!)) } : {}),
  });
  return { best: pick(Math.min), slowest: pick(Math.max), bundleBytes, searchIndexBytes, rebuildWrites, rssMb };
}

/** Rebuilds after editing `edited`, then after restoring it: two builds that each change exactly one page. */
async function oneSiteRebuilds(corpus: Corpus, edited: string, jobs: number): Promise<[ChildBuild, ChildBuild]> {
  const file = join(corpus.dir, edited);
  const original = readFileSync(file, 'utf8');
  try {
    writeFileSync(file, original + EDIT);
    const afterEdit = await rebuild(corpus, jobs);
    writeFileSync(file, original);
    return [afterEdit, await rebuild(corpus, jobs)];
  } finally {
    writeFileSync(file, original);
  }
}

/**
 * A copy of `corpus` beside it whose code fences are all `text`: the same pages and code, but no
 * grammar runs, as the build was before highlighting. Written anew each run (a second or two).
 */
function plainCodeTwin(corpus: Corpus): Corpus {
  const dir = `${corpus.dir}-plain-code`;
  rmSync(dir, { recursive: true, force: true });
  cpSync(corpus.dir, dir, { recursive: true });
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.mdx')) continue;
    const file = join(entry.parentPath, entry.name);
    writeFileSync(file, readFileSync(file, 'utf8').replace(/^(\s*)(`{3,}|~{3,})[^\s`]+/gm, '$1$2text'));
  }
  return { ...corpus, dir, reused: false };
}

/** Builds into an empty output folder (no cache); with `oneCore`, on one CPU (see ONE_CORE). */
async function coldBuild(corpus: Corpus, jobs: number, { oneCore = false } = {}): Promise<ChildBuild> {
  setAside(outDirOf(corpus));
  settleFileSystem({ dropCache: true });
  const run = await buildClean(corpus, jobs, { oneCore });
  if (run.cacheHits !== 0) throw new Error(`A cold build of ${corpus.dir} hit the cache ${run.cacheHits} times.`);
  progress(
    `  cold build, --jobs ${jobs}${oneCore ? ON_ONE_CORE : ''}: ${run.seconds.toFixed(2)} s, ${count(run.filesWritten)} files written, peak RSS ${count(run.peakRssMb)} MB`,
  );
  return run;
}

/** Rebuilds over the previous output; exactly one page may change, so at most one misses the cache. */
async function rebuild(corpus: Corpus, jobs: number): Promise<ChildBuild> {
  // A rebuild follows a build: it finds that build's files in the page cache, as a user's would.
  settleFileSystem();
  const run = await buildClean(corpus, jobs);
  if (run.cacheHits < corpus.pages - 1)
    throw new Error(`A one-page rebuild of ${corpus.dir} hit the cache ${run.cacheHits} times, not ${corpus.pages - 1} or more.`);
  return run;
}

/** Builds, and fails the benchmark if the corpus does not build cleanly: timings of a broken build mean nothing. */
async function buildClean(corpus: Corpus, jobs: number, options: { oneCore?: boolean } = {}): Promise<ChildBuild> {
  const run = await childBuild(corpus.dir, outDirOf(corpus), jobs, options);
  if (!run.ok || run.problems > 0 || run.pageCount !== corpus.pages) {
    throw new Error(
      `Corpus ${corpus.dir} does not build cleanly: ${run.problems} problems, ${run.pageCount} pages${run.firstProblem ? `; first: ${run.firstProblem}` : ''}`,
    );
  }
  return run;
}

/** Where the outputs replaced by cold builds wait to be deleted (see setAside). */
const SET_ASIDE = join(CORPUS_ROOT, 'set-aside');
let setAsideCount = 0;

/**
 * Moves the output folder `dir` out of a cold build's way; deleteSetAside deletes it later.
 * Deleted right before the build, its 20,000 files would cost the build seconds: ext4 without a
 * journal (as on the VMs this was measured on) passes over the inodes freed in the last minute
 * when it allocates new ones, so each file the build creates scans past the ones just deleted.
 */
function setAside(dir: string): void {
  if (!existsSync(dir)) return;
  mkdirSync(SET_ASIDE, { recursive: true });
  renameSync(dir, join(SET_ASIDE, `${process.pid}-${++setAsideCount}`));
}

/** Deletes the outputs setAside moved, with those a killed run left. */
function deleteSetAside(): void {
  rmSync(SET_ASIDE, { recursive: true, force: true });
}

/** Undoes the edit a benchmark killed mid-rebuild left behind (a kill skips `finally`), so the corpus matches its stamp again. */
function restoreIfEdited(file: string): void {
  const text = readFileSync(file, 'utf8');
  if (text.endsWith(EDIT)) writeFileSync(file, text.slice(0, -EDIT.length));
}

/** Where a corpus is built: beside it under bench/.corpus/ (gitignored), never inside it. */
function outDirOf(corpus: Corpus): string {
  return join(CORPUS_ROOT, `build-${basename(corpus.dir).replace(/^pages-/, '')}`);
}

/** Total size of the files below `dir`, skipping its top-level entries named in `skip`. */
function folderBytes(dir: string, skip: readonly string[] = []): number {
  let bytes = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (skip.includes(entry.name)) continue;
    if (entry.isDirectory()) bytes += folderBytes(path);
    else if (entry.isFile()) bytes += statSync(path).size;
  }
  return bytes;
}

function mb(bytes: number): string {
  return (bytes / 1e6).toFixed(1);
}

function progress(message: string): void {
  process.stderr.write(`${message}\n`);
}
