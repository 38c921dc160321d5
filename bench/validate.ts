// Benchmark: validate throughput on 1,000 and 10,000 generated pages, against the bare MDX parse.
import { availableParallelism } from 'node:os';
import { discoverFiles } from '../src/content/index.js';
import { validate, type ValidateOptions } from '../src/site/index.js';
import { bareParse } from './bare-parse.js';
import { benchCorpus, type Corpus } from './corpus.js';
import { peakRssMb, seconds } from './measure.js';
import { count, type Benchmark, type BenchmarkReport, type Check } from './report.js';
import { sourceParse } from './source-workers.js';

const SIZES = [1_000, 10_000];
/** validate --jobs 1 may cost at most this much more than parsing alone. */
const MAX_OVERHEAD = 1.3;
/** 10,000 pages on every core must validate within this many seconds. */
const MAX_SECONDS_10K = 60;
/**
 * Shared VMs vary by 15% or more from run to run, so each size is timed several times
 * (interleaved) and the fastest run counts; BENCH_ROUNDS overrides.
 */
const roundsFor = (pages: number): number => Number(process.env.BENCH_ROUNDS) || (pages <= 1_000 ? 3 : 2);

const RUNS = ['bare', 'single', 'parallel'] as const;
type Run = (typeof RUNS)[number];
type Timings = Record<Run, number>;

export const validateBenchmark: Benchmark = {
  name: 'validate',
  title: `validate vs bare MDX parse (${availableParallelism()} cores)`,
  async run(): Promise<BenchmarkReport> {
    const cores = availableParallelism();
    const corpora = SIZES.map((pages) => {
      const corpus = benchCorpus(pages);
      progress(`corpus of ${count(pages)} pages ${corpus.reused ? 'kept' : 'written'}: ${corpus.dir}`);
      return corpus;
    });
    progress('warm-up:');
    await timeOnce(corpora[0]!, cores);

    const labels: Record<Run, string> = { bare: 'bare parse, 1 thread', single: 'validate, jobs 1', parallel: `validate, jobs ${cores}` };
    const rows: string[][] = [];
    const checks: Check[] = [];
    for (const corpus of corpora) {
      const { best, slowest } = await timeBest(corpus, cores, roundsFor(corpus.pages));
      const cells = [count(corpus.pages), `${(corpus.bytes / 1e6).toFixed(1)} MB`];
      const rss = `${count(peakRssMb())} MB`;
      for (const run of RUNS) {
        rows.push([
          ...cells,
          labels[run],
          `${best[run].toFixed(2)} s`,
          count(corpus.pages / best[run]),
          `${(best[run] / best.bare).toFixed(2)}x`,
          `${slowest[run].toFixed(2)} s`,
          rss,
        ]);
      }
      const overhead = best.single / best.bare;
      checks.push({
        label: `validate jobs 1 / bare parse, ${count(corpus.pages)} pages`,
        actual: `${overhead.toFixed(2)}x`,
        target: `<= ${MAX_OVERHEAD}x`,
        pass: overhead <= MAX_OVERHEAD,
      });
      if (corpus.pages === 10_000) {
        checks.push({
          label: `validate jobs ${cores}, 10,000 pages`,
          actual: `${best.parallel.toFixed(1)} s`,
          target: `< ${MAX_SECONDS_10K} s`,
          pass: best.parallel < MAX_SECONDS_10K,
        });
      }
    }
    return {
      table: { columns: ['pages', 'corpus', 'run', 'best time', 'pages/s', 'vs bare', 'slowest', 'peak RSS'], rows },
      checks,
      notes: [
        `best of ${SIZES.map((pages) => `${roundsFor(pages)} runs at ${count(pages)} pages`).join(', ')} (BENCH_ROUNDS overrides); "slowest" shows the run-to-run noise.`,
        'peak RSS is the whole process (worker threads included) up to the end of that size.',
        `validate runs the src/ worker through bench/parse-worker.mjs (tsx does not hook worker threads); with jobs 1 too, as a site of 100 pages or more parses on a worker.`,
      ],
    };
  },
};

/** Times every run `rounds` times, interleaved so slow spells of the machine hit all runs alike. */
async function timeBest(corpus: Corpus, cores: number, rounds: number): Promise<{ best: Timings; slowest: Timings }> {
  const all: Timings[] = [];
  for (let round = 1; round <= rounds; round++) {
    progress(`${count(corpus.pages)} pages, round ${round} of ${rounds}:`);
    all.push(await timeOnce(corpus, cores));
  }
  const pick = (choose: (...n: number[]) => number): Timings => Object.fromEntries(RUNS.map((run) => [run, choose(...all.map((t) => t[run]))])) as Timings;
  return { best: pick(Math.min), slowest: pick(Math.max) };
}

/** Times bare parse, validate in this thread, and validate on every core, once each. */
async function timeOnce(corpus: Corpus, cores: number): Promise<Timings> {
  const { pages: files } = await discoverFiles(corpus.dir);
  const bare = await seconds(() => bareParse(corpus.dir, files));
  progress(`  bare parse ${bare.toFixed(2)} s`);
  const single = await seconds(() => validateClean(corpus, { jobs: 1, parse: sourceParse(1) }));
  progress(`  validate, jobs 1 ${single.toFixed(2)} s`);
  const parallel = await seconds(() => validateClean(corpus, { jobs: cores, parse: sourceParse(cores) }));
  progress(`  validate, jobs ${cores} ${parallel.toFixed(2)} s`);
  return { bare, single, parallel };
}

/** Validates, and fails the benchmark if the corpus is not clean: timings of a broken corpus mean nothing. */
async function validateClean(corpus: Corpus, options: ValidateOptions): Promise<void> {
  const report = await validate(corpus.dir, options);
  const problems = [...report.errors, ...report.warnings];
  if (problems.length > 0 || report.pageCount !== corpus.pages) {
    const first = problems[0];
    throw new Error(
      `Corpus ${corpus.dir} is not clean: ${problems.length} problems, ${report.pageCount} pages${first ? `; first: ${first.file}:${first.line} ${first.code} ${first.message}` : ''}`,
    );
  }
}

function progress(message: string): void {
  process.stderr.write(`${message}\n`);
}
