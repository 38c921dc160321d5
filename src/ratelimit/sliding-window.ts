// The sliding-window counter both limiters share: two fixed windows, the previous one weighted by how much of it still overlaps the rolling window.
import type { RateLimitDecision, RateLimitPolicy } from './rate-limiter.js';

/** Counts of the fixed window holding "now" and of the one before it. */
export interface WindowCounts {
  previous: number;
  current: number;
}

/** Where `now` falls: the fixed window's index and the milliseconds elapsed in it. */
export function windowOf(now: number, windowMs: number): { index: number; elapsed: number } {
  const index = Math.floor(now / windowMs);
  return { index, elapsed: now - index * windowMs };
}

/**
 * Units used in the rolling window ending at `elapsed` into the current fixed window. Integer
 * arithmetic, so the Redis script (the same formula in Lua) gets exactly the same number.
 */
export function usedUnits({ previous, current }: WindowCounts, elapsed: number, windowMs: number): number {
  return Math.floor((previous * (windowMs - elapsed)) / windowMs) + current;
}

/** Milliseconds from `elapsed` until `cost` more units fit (counts as they are, refused). */
function waitMs(policy: RateLimitPolicy, { previous, current }: WindowCounts, elapsed: number, windowMs: number, cost: number): number {
  const { limit } = policy;
  // The first elapsed time e at which floor(weight * (windowMs - e) / windowMs) <= room.
  const firstFit = (weight: number, room: number): number => (weight === 0 ? 0 : Math.max(0, Math.floor(windowMs - ((room + 1) * windowMs) / weight) + 1));
  if (current + cost <= limit) return Math.max(1, firstFit(previous, limit - cost - current) - elapsed);
  // Only in the next window, where this window's count becomes the weighted one.
  return windowMs - elapsed + firstFit(current, Math.max(0, limit - cost));
}

/** The decision for counts read (refused) or written (allowed) at `elapsed`. */
export function decisionOf(policy: RateLimitPolicy, allowed: boolean, counts: WindowCounts, elapsed: number, cost: number): RateLimitDecision {
  const windowMs = policy.windowSeconds * 1000;
  const remaining = Math.max(0, policy.limit - usedUnits(counts, elapsed, windowMs));
  if (allowed) return { allowed, limit: policy.limit, remaining, resetSeconds: Math.ceil((windowMs - elapsed) / 1000), retryAfterSeconds: 0 };
  const retryAfterSeconds = Math.max(1, Math.ceil(waitMs(policy, counts, elapsed, windowMs, cost) / 1000));
  return { allowed, limit: policy.limit, remaining, resetSeconds: retryAfterSeconds, retryAfterSeconds };
}
