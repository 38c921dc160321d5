// Run by the build benchmarks in a child process: one `build` of the compiled package (dist/), as
// `docsite build` runs it, so the process's peak memory is the build's alone. Prints one JSON line.
// Usage: node bench/build-child.mjs DOCS_DIR OUT_DIR JOBS
import { build } from '../dist/index.js';

const [dir, out, jobs] = process.argv.slice(2);
const report = await build(dir, { out, jobs: Number(jobs) });
const first = report.errors[0] ?? report.warnings[0];
process.stdout.write(
  `${JSON.stringify({
    ok: report.ok,
    problems: report.errors.length + report.warnings.length,
    firstProblem: first ? `${first.file}:${first.line} ${first.code} ${first.message}` : null,
    pageCount: report.pageCount,
    cacheHits: report.cacheHits,
    filesWritten: report.filesWritten,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
  })}\n`,
);
