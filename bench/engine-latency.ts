// The search engine's latency in this process: every query timed one by one, after a warm-up round,
// in several passes of which the one with the lowest p99 counts (shared machines are noisy).
import type { LoadedBundle } from '../src/bundle/index.js';
import type { SearchOptions } from '../src/search/index.js';

/** A query as the engine takes it, without the reader (a client credential's). */
export interface EngineQuery {
  query: string;
  options: Omit<SearchOptions, 'reader'>;
}

export interface EngineLatency {
  queries: number;
  /** Queries with a version or language filter or a limit. */
  filtered: number;
  calls: number;
  seconds: number;
  p50: number;
  p99: number;
  /** The p99 of the slowest pass. */
  worstP99: number;
}

/** `bundle.search.search` over `queries`, `rounds` times per pass, the best of `tries` passes by p99. */
export function engineLatency(bundle: LoadedBundle, queries: readonly EngineQuery[], rounds: number, tries: number): EngineLatency {
  const reader = { kind: 'client-credential' } as const;
  for (const { query, options } of queries) bundle.search.search(query, { reader, ...options });
  const passes = Array.from({ length: tries }, () => {
    const times: number[] = [];
    const start = performance.now();
    for (let round = 0; round < rounds; round++) {
      for (const { query, options } of queries) {
        const t = performance.now();
        bundle.search.search(query, { reader, ...options });
        times.push(performance.now() - t);
      }
    }
    const seconds = (performance.now() - start) / 1000;
    times.sort((a, b) => a - b);
    const at = (q: number): number => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
    return { calls: times.length, seconds, p50: at(0.5), p99: at(0.99) };
  });
  const best = passes.reduce((a, b) => (b.p99 < a.p99 ? b : a));
  return {
    queries: queries.length,
    filtered: queries.filter((q) => Object.keys(q.options).length > 0).length,
    ...best,
    worstP99: Math.max(...passes.map((p) => p.p99)),
  };
}
