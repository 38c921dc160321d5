// The in-memory RateLimiter: the contract, and memory that stays bounded.
import { describe, expect, it } from 'vitest';
import { openRateLimiter } from '../../src/ratelimit/index.js';
import { rateLimiterContract } from './contract.js';

rateLimiterContract('memory', (clock) => openRateLimiter({ clock }));

describe('In-memory RateLimiter', () => {
  it('keeps at most maxKeys subjects, dropping the oldest, so a flood of addresses cannot grow it', async () => {
    const limiter = await openRateLimiter({ maxKeys: 100 });
    const policy = { name: 'mcp-user', limit: 1, windowSeconds: 3600 };
    for (let i = 0; i < 1000; i++) await limiter.check(policy, `10.0.${i >> 8}.${i & 255}`);
    // The newest subjects are still counted; the first ones were forgotten.
    expect((await limiter.check(policy, '10.0.3.231')).allowed).toBe(false);
    expect((await limiter.check(policy, '10.0.0.0')).allowed).toBe(true);
    await limiter.close();
  });

  it('forgets subjects whose windows have passed', async () => {
    let now = Date.UTC(2030, 0, 1);
    const limiter = await openRateLimiter({ clock: () => now, maxKeys: 10 });
    const policy = { name: 'mcp-user', limit: 1, windowSeconds: 60 };
    for (let i = 0; i < 10; i++) await limiter.check(policy, `old-${i}`);
    now += 120_000;
    await limiter.check(policy, 'new');
    // The sweep that made room dropped expired subjects, not live ones.
    expect((await limiter.check(policy, 'new')).allowed).toBe(false);
    await limiter.close();
  });
});
