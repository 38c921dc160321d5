// `npm run bench` / `npx tsx bench/index.ts [name...]`: runs the benchmarks (all, or those named) and prints their tables.
import { availableParallelism, cpus } from 'node:os';
import { buildBenchmark } from './build.js';
import { exportBenchmark } from './export.js';
import { filesystemBenchmark } from './filesystem.js';
import { mcpBenchmark } from './mcp.js';
import { rateLimitBenchmark } from './ratelimit.js';
import { formatCheck, formatTable, type Benchmark, type BenchmarkReport } from './report.js';
import { soakBenchmark } from './soak.js';
import { startupBenchmark } from './startup.js';
import { validateBenchmark } from './validate.js';

/** Every benchmark, in the order they run; a new one (e.g. bench/build.ts) is one more entry. */
const BENCHMARKS: Benchmark[] = [
  startupBenchmark,
  validateBenchmark,
  buildBenchmark,
  mcpBenchmark,
  filesystemBenchmark,
  exportBenchmark,
  rateLimitBenchmark,
  soakBenchmark,
];

function isReport(value: unknown): value is BenchmarkReport {
  return typeof value === 'object' && value !== null && 'table' in value && 'checks' in value;
}

async function main(names: string[]): Promise<number> {
  const unknown = names.filter((name) => !BENCHMARKS.some((b) => b.name === name));
  if (unknown.length > 0) {
    console.error(`Unknown benchmark ${unknown.join(', ')}; available: ${BENCHMARKS.map((b) => b.name).join(', ')}.`);
    return 2;
  }
  const selected = names.length > 0 ? BENCHMARKS.filter((b) => names.includes(b.name)) : BENCHMARKS;
  console.log(`docsite benchmarks: Node ${process.version}, ${availableParallelism()} cores (${cpus()[0]?.model.trim() ?? 'unknown CPU'})`);
  let failed = false;
  for (const benchmark of selected) {
    console.log(`\n## ${benchmark.name}: ${benchmark.title}\n`);
    // A benchmark that cannot finish (a service it needs went away, a server that would not start) fails; the others still run.
    const report = await benchmark.run().catch((error: unknown) => error);
    if (!isReport(report)) {
      console.log(`FAIL  ${benchmark.name} did not finish: ${report instanceof Error ? report.message : String(report)}`);
      failed = true;
      continue;
    }
    console.log(formatTable(report.table));
    // Every benchmark holds its figures to targets: one that only prints fails.
    const checks = report.checks.length > 0 ? report.checks : [{ label: `${benchmark.name} targets`, actual: 'none', target: 'at least one', pass: false }];
    console.log(`\n${checks.map(formatCheck).join('\n')}`);
    for (const note of report.notes ?? []) console.log(`note: ${note}`);
    failed ||= checks.some((check) => !check.pass);
  }
  return failed ? 1 : 0;
}

process.exitCode = await main(process.argv.slice(2));
