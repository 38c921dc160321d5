// Runs benchmarks one after another and prints each one's table, PASS/FAIL lines and notes.
import { formatCheck, formatTable, type Benchmark, type BenchmarkReport } from './report.js';

function isReport(value: unknown): value is BenchmarkReport {
  return typeof value === 'object' && value !== null && 'table' in value && 'checks' in value;
}

/** Runs `benchmarks` in order; true when one missed a target or could not finish. */
export async function runBenchmarks(benchmarks: readonly Benchmark[]): Promise<boolean> {
  let failed = false;
  for (const benchmark of benchmarks) {
    console.log(`\n## ${benchmark.name}: ${benchmark.title}\n`);
    // A benchmark that cannot finish (a service it needs went away, a server that would not start) fails; the others still run.
    const report = await benchmark.run().catch((error: unknown) => error);
    if (!isReport(report)) {
      console.log(`FAIL  ${benchmark.name} did not finish: ${report instanceof Error ? report.message : String(report)}`);
      failed = true;
      continue;
    }
    // Nothing to measure here (e.g. no real sites laid out): said, and neither passed nor failed.
    if (report.skipped !== undefined) {
      console.log(`SKIP  ${benchmark.name}: ${report.skipped}`);
      continue;
    }
    console.log(formatTable(report.table));
    // Every benchmark holds its figures to targets: one that only prints fails.
    const checks = report.checks.length > 0 ? report.checks : [{ label: `${benchmark.name} targets`, actual: 'none', target: 'at least one', pass: false }];
    console.log(`\n${checks.map(formatCheck).join('\n')}`);
    for (const note of report.notes ?? []) console.log(`note: ${note}`);
    failed ||= checks.some((check) => !check.pass);
  }
  return failed;
}
