// `npm run bench` / `npx tsx bench/index.ts [name...]`: runs the benchmarks (all, or those named) and prints their tables.
import { availableParallelism, cpus } from 'node:os';
import { buildBenchmark } from './build.js';
import { dashboardPagesBenchmark } from './dashboard-pages.js';
import { dashboardBenchmark } from './dashboard-queries.js';
import { devLoopBenchmark } from './dev-loop.js';
import { exportBenchmark } from './export.js';
import { filesystemBenchmark } from './filesystem.js';
import { mcpBenchmark } from './mcp.js';
import { pageBudgetBenchmark } from './page-budget.js';
import { rateLimitBenchmark } from './ratelimit.js';
import { realSites } from './real-sites.js';
import { relevanceBenchmark } from './relevance.js';
import type { Benchmark } from './report.js';
import { runBenchmarks } from './run.js';
import { searchEndpointBenchmark } from './search-endpoint.js';
import { searchEngineBenchmark } from './search-engine.js';
import { soakBenchmark } from './soak.js';
import { startupBenchmark } from './startup.js';
import { validateBenchmark } from './validate.js';

/** Every benchmark, in the order they run; a new one (e.g. bench/build.ts) is one more entry. */
const BENCHMARKS: Benchmark[] = [
  startupBenchmark,
  validateBenchmark,
  buildBenchmark,
  devLoopBenchmark,
  mcpBenchmark,
  searchEngineBenchmark,
  searchEndpointBenchmark,
  relevanceBenchmark,
  pageBudgetBenchmark,
  filesystemBenchmark,
  exportBenchmark,
  dashboardBenchmark,
  dashboardPagesBenchmark,
  rateLimitBenchmark,
  realSites,
  soakBenchmark,
];

async function main(names: string[]): Promise<number> {
  const unknown = names.filter((name) => !BENCHMARKS.some((b) => b.name === name));
  if (unknown.length > 0) {
    console.error(`Unknown benchmark ${unknown.join(', ')}; available: ${BENCHMARKS.map((b) => b.name).join(', ')}.`);
    return 2;
  }
  const selected = names.length > 0 ? BENCHMARKS.filter((b) => names.includes(b.name)) : BENCHMARKS;
  console.log(`docsite benchmarks: Node ${process.version}, ${availableParallelism()} cores (${cpus()[0]?.model.trim() ?? 'unknown CPU'})`);
  return (await runBenchmarks(selected)) ? 1 : 0;
}

process.exitCode = await main(process.argv.slice(2));
