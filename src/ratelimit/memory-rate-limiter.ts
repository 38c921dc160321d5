// The default RateLimiter: counters in this process's memory, for a single instance.
import { decisionOf, usedUnits, windowOf } from './sliding-window.js';
import type { RateLimitDecision, RateLimiter, RateLimitPolicy } from './rate-limiter.js';

export interface MemoryRateLimiterOptions {
  /** Source of "now" in milliseconds; the system clock by default. */
  clock?: () => number;
  /** Most keys kept; past it expired keys are dropped, then the oldest. Default 100,000 (about 10 MB; `npx tsx bench/index.ts ratelimit` measures it). */
  maxKeys?: number;
}

interface Counter {
  index: number;
  previous: number;
  current: number;
  /** When both of its windows have passed and it counts nothing. */
  expiresAt: number;
}

/** How often expired counters are swept. */
const SWEEP_MS = 60_000;

export function memoryRateLimiter(options: MemoryRateLimiterOptions = {}): RateLimiter {
  const clock = options.clock ?? Date.now;
  const maxKeys = options.maxKeys ?? 100_000;
  const counters = new Map<string, Counter>();
  let lastSweep = -Infinity;
  const sweep = (): void => {
    const now = clock();
    lastSweep = now;
    for (const [key, counter] of counters) if (counter.expiresAt <= now) counters.delete(key);
  };
  const timer = setInterval(sweep, SWEEP_MS).unref();

  /** The counter of `key` moved to the window `index` (a fresh one when it has none or it expired). */
  const counterAt = (key: string, index: number, windowMs: number): Counter => {
    let counter = counters.get(key);
    if (!counter) {
      // A full map of live keys (a flood of addresses) must not cost a sweep per request: at most one a second.
      if (counters.size >= maxKeys && clock() - lastSweep >= 1000) sweep();
      // Still full: drop the oldest key (Map keeps insertion order).
      if (counters.size >= maxKeys) counters.delete(counters.keys().next().value!);
      counter = { index, previous: 0, current: 0, expiresAt: 0 };
      counters.set(key, counter);
    } else if (counter.index !== index) {
      counter.previous = counter.index === index - 1 ? counter.current : 0;
      counter.current = 0;
      counter.index = index;
    }
    counter.expiresAt = (index + 2) * windowMs;
    return counter;
  };

  return {
    engine: 'memory',
    async check(policy: RateLimitPolicy, key: string, cost = 1): Promise<RateLimitDecision> {
      const windowMs = policy.windowSeconds * 1000;
      const { index, elapsed } = windowOf(clock(), windowMs);
      const counter = counterAt(`${policy.name}\u0000${key}`, index, windowMs);
      const allowed = usedUnits(counter, elapsed, windowMs) + cost <= policy.limit;
      if (allowed) counter.current += cost;
      return decisionOf(policy, allowed, counter, elapsed, cost);
    },
    async refund(policy: RateLimitPolicy, key: string, cost = 1): Promise<void> {
      const name = `${policy.name}\u0000${key}`;
      if (!counters.has(name)) return;
      const windowMs = policy.windowSeconds * 1000;
      const counter = counterAt(name, windowOf(clock(), windowMs).index, windowMs);
      const fromCurrent = Math.min(counter.current, cost);
      counter.current -= fromCurrent;
      counter.previous = Math.max(0, counter.previous - (cost - fromCurrent));
    },
    async ping() {},
    async close() {
      clearInterval(timer);
      counters.clear();
    },
  };
}
