// The RateLimiter contract: every implementation must pass it (memory here, Redis against a real server).
import { afterEach, describe, expect, it } from 'vitest';
import type { RateLimiter, RateLimitPolicy } from '../../src/ratelimit/index.js';

/** Makes a fresh limiter whose "now" is `clock()`. */
export type LimiterFactory = (clock: () => number) => Promise<RateLimiter>;

const HOUR: RateLimitPolicy = { name: 'search', limit: 5, windowSeconds: 3600 };
/** A moment at the very start of a fixed hour window. */
const T0 = Date.UTC(2030, 0, 1, 12, 0, 0);

export function rateLimiterContract(name: string, make: LimiterFactory): void {
  describe(`RateLimiter contract (${name})`, () => {
    let now = T0;
    const limiters: RateLimiter[] = [];
    const fresh = async (): Promise<RateLimiter> => {
      now = T0;
      const limiter = await make(() => now);
      limiters.push(limiter);
      return limiter;
    };
    afterEach(async () => {
      for (const limiter of limiters.splice(0)) await limiter.close();
    });

    it('allows up to the limit, counting down, then refuses with a retry time', async () => {
      const limiter = await fresh();
      const remaining: number[] = [];
      for (let i = 0; i < 5; i++) {
        const decision = await limiter.check(HOUR, '203.0.113.7');
        expect(decision).toMatchObject({ allowed: true, limit: 5, retryAfterSeconds: 0, resetSeconds: 3600 });
        remaining.push(decision.remaining);
      }
      expect(remaining).toEqual([4, 3, 2, 1, 0]);
      now += 600_000;
      const refused = await limiter.check(HOUR, '203.0.113.7');
      expect(refused).toMatchObject({ allowed: false, limit: 5, remaining: 0 });
      // Everything was used in this window: nothing frees up before it ends (50 minutes), and a little after.
      expect(refused.retryAfterSeconds).toBeGreaterThan(3000);
      expect(refused.retryAfterSeconds).toBeLessThanOrEqual(3000 + 720);
      expect(refused.resetSeconds).toBe(refused.retryAfterSeconds);
    });

    it('keeps each subject and each policy apart', async () => {
      const limiter = await fresh();
      for (let i = 0; i < 5; i++) await limiter.check(HOUR, 'a');
      expect((await limiter.check(HOUR, 'a')).allowed).toBe(false);
      expect((await limiter.check(HOUR, 'b')).remaining).toBe(4);
      expect((await limiter.check({ ...HOUR, name: 'filesystem' }, 'a')).remaining).toBe(4);
    });

    it('rolls: the previous window counts in proportion to how much of it is still within the last hour', async () => {
      const limiter = await fresh();
      const policy = { ...HOUR, limit: 10 };
      for (let i = 0; i < 10; i++) await limiter.check(policy, 'k');
      now += 3_600_000; // the next window starts: the last hour still holds all 10
      expect((await limiter.check(policy, 'k')).allowed).toBe(false);
      now += 1_800_000; // half-way: half of the 10 still count
      const allowed = [];
      for (let i = 0; i < 7; i++) allowed.push((await limiter.check(policy, 'k')).allowed);
      expect(allowed).toEqual([true, true, true, true, true, false, false]);
      now += 2 * 3_600_000; // two windows later nothing counts
      expect((await limiter.check(policy, 'k')).remaining).toBe(9);
    });

    it('is right about when to retry', async () => {
      const limiter = await fresh();
      for (let i = 0; i < 5; i++) await limiter.check(HOUR, 'k');
      now += 600_000;
      const refused = await limiter.check(HOUR, 'k');
      expect(refused.allowed).toBe(false);
      now += (refused.retryAfterSeconds - 2) * 1000;
      expect((await limiter.check(HOUR, 'k')).allowed).toBe(false);
      now += 2000;
      expect((await limiter.check(HOUR, 'k')).allowed).toBe(true);
    });

    it('consumes a cost of several units at once, or none of them', async () => {
      const limiter = await fresh();
      expect(await limiter.check(HOUR, 'k', 3)).toMatchObject({ allowed: true, remaining: 2 });
      expect(await limiter.check(HOUR, 'k', 3)).toMatchObject({ allowed: false, remaining: 2 });
      expect(await limiter.check(HOUR, 'k', 2)).toMatchObject({ allowed: true, remaining: 0 });
    });

    it('takes back refunded units, newest first, never below zero and only for that subject', async () => {
      const limiter = await fresh();
      for (let i = 0; i < 5; i++) await limiter.check(HOUR, 'k');
      await limiter.check(HOUR, 'other');
      await limiter.refund(HOUR, 'k', 2);
      expect(await limiter.check(HOUR, 'k')).toMatchObject({ allowed: true, remaining: 1 });
      expect(await limiter.check(HOUR, 'other')).toMatchObject({ allowed: true, remaining: 3 });
      await limiter.refund(HOUR, 'k', 50);
      expect(await limiter.check(HOUR, 'k')).toMatchObject({ allowed: true, remaining: 4 });
      await limiter.refund(HOUR, 'never-checked');
      expect(await limiter.check(HOUR, 'never-checked')).toMatchObject({ allowed: true, remaining: 4 });
    });

    it('refunds what still counts from the previous window after the window turned', async () => {
      const limiter = await fresh();
      for (let i = 0; i < 5; i++) await limiter.check(HOUR, 'k');
      now += 3_600_000; // the next window: the last hour still holds all 5
      expect((await limiter.check(HOUR, 'k')).allowed).toBe(false);
      await limiter.refund(HOUR, 'k');
      expect(await limiter.check(HOUR, 'k')).toMatchObject({ allowed: true, remaining: 0 });
    });

    it('never lets concurrent checks through past the limit', async () => {
      const limiter = await fresh();
      const policy = { ...HOUR, limit: 20 };
      const decisions = await Promise.all(Array.from({ length: 60 }, () => limiter.check(policy, 'burst')));
      expect(decisions.filter((d) => d.allowed)).toHaveLength(20);
    });
  });
}
