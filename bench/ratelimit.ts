// Benchmark: RateLimiter checks per second and their p99 latency, in memory and on Redis (this machine's, under a throwaway key prefix), and the memory limiter's size at its key cap.
import { randomBytes } from 'node:crypto';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createClient } from '@redis/client';
import { openRateLimiter, type RateLimiter } from '../src/ratelimit/index.js';
import { count, type Benchmark, type BenchmarkReport, type Check } from './report.js';

const REDIS_URL = process.env.DOCSITE_BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** Checks in flight at once for the throughput run, as concurrent requests of one instance would make them. */
const CONCURRENCY = 32;
const CHECKS = 50_000;
/** The latency run: one check at a time, the time a check adds to a request. */
const LATENCY_CHECKS = 5_000;
/** A check must never be what makes a request slow. */
const MAX_P99_MS = { memory: 1, redis: 5 };
const POLICY = { name: 'bench', limit: 1_000_000_000, windowSeconds: 3600 };

/** Runs `checks` checks over 1,000 subjects with `concurrency` in flight; returns checks/s and the p99 in ms. */
async function load(limiter: RateLimiter, checks: number, concurrency: number): Promise<{ perSecond: number; p99: number }> {
  const latencies = new Float64Array(checks);
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < checks) {
        const i = next++;
        const began = performance.now();
        await limiter.check(POLICY, `subject-${i % 1000}`);
        latencies[i] = performance.now() - began;
      }
    }),
  );
  const elapsed = (performance.now() - start) / 1000;
  latencies.sort();
  return { perSecond: checks / elapsed, p99: latencies[Math.floor(checks * 0.99)]! };
}

/** A full garbage collection, so heap readings count live objects only. */
function fullGc(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

/** Heap growth of a memory limiter holding `keys` subjects, in MB. */
async function heapOfKeys(keys: number): Promise<number> {
  fullGc();
  const before = process.memoryUsage().heapUsed;
  const limiter = await openRateLimiter({ maxKeys: keys });
  for (let i = 0; i < keys * 2; i++) await limiter.check(POLICY, `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`);
  fullGc();
  const grown = (process.memoryUsage().heapUsed - before) / 1024 / 1024;
  await limiter.close();
  return grown;
}

async function deletePrefix(prefix: string): Promise<void> {
  // No reconnecting: against a Redis that is gone, connect fails instead of waiting forever.
  const client = createClient({ url: REDIS_URL, socket: { connectTimeout: 2000, reconnectStrategy: false } }).on('error', () => undefined);
  await client.connect();
  for await (const keys of client.scanIterator({ MATCH: `${prefix}*`, COUNT: 1000 })) if (keys.length > 0) await client.del(keys);
  client.destroy();
}

export const rateLimitBenchmark: Benchmark = {
  name: 'ratelimit',
  title: `RateLimiter checks: latency one at a time, throughput with ${CONCURRENCY} in flight`,
  async run(): Promise<BenchmarkReport> {
    const rows: string[][] = [];
    const checks: Check[] = [];
    const notes: string[] = [];
    const engines: { engine: 'memory' | 'redis'; open: () => Promise<RateLimiter> }[] = [
      { engine: 'memory', open: () => openRateLimiter() },
      { engine: 'redis', open: () => openRateLimiter({ url: REDIS_URL, keyPrefix }) },
    ];
    const keyPrefix = `docsite-bench:${randomBytes(6).toString('hex')}:`;
    for (const { engine, open } of engines) {
      const limiter = await open();
      try {
        await limiter.ping();
      } catch {
        // Measuring Redis is part of the benchmark: without it the run fails, it does not pass on memory alone.
        checks.push({ label: `${engine} limiter reachable`, actual: `${REDIS_URL} unreachable`, target: 'reachable (DOCSITE_BENCH_REDIS_URL)', pass: false });
        await limiter.close();
        continue;
      }
      await load(limiter, LATENCY_CHECKS, 1); // warm-up
      const { p99 } = await load(limiter, LATENCY_CHECKS, 1);
      const { perSecond } = await load(limiter, CHECKS, CONCURRENCY);
      await limiter.close();
      rows.push([engine, p99.toFixed(3), count(perSecond)]);
      checks.push({ label: `${engine} check p99`, actual: `${p99.toFixed(3)} ms`, target: `<= ${MAX_P99_MS[engine]} ms`, pass: p99 <= MAX_P99_MS[engine] });
    }
    await deletePrefix(keyPrefix).catch(() => undefined);
    const heap = await heapOfKeys(100_000);
    notes.push(`memory limiter at its cap of 100,000 subjects (200,000 seen): heap +${heap.toFixed(1)} MB`);
    return { table: { columns: ['engine', 'p99 ms (1 in flight)', `checks/s (${CONCURRENCY} in flight)`], rows }, checks, notes };
  },
};
