// Timing and memory readings for benchmarks.

/** Runs `fn` and returns how long it took, in seconds. */
export async function seconds(fn: () => unknown): Promise<number> {
  const start = performance.now();
  await fn();
  return (performance.now() - start) / 1000;
}

/** The highest resident set size of this process so far (worker threads included), in MB. */
export function peakRssMb(): number {
  return process.resourceUsage().maxRSS / 1024;
}

/** Percentile `q` (0–1) of `values` in milliseconds, nearest rank; sorts a copy. */
export function percentile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? Number.NaN;
}
