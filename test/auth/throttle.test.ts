// The failure throttle on its own: addresses it counts against, right secrets not counted, and what it does when the limiter is down.
import type { Request } from 'express';
import { describe, expect, it } from 'vitest';
import { memoryRateLimiter, RateLimiterUnavailableError, type RateLimiter } from '../../src/ratelimit/index.js';
import { addressKeyOf, failureThrottle, THROTTLE_LIMITS, TooManyFailuresError } from '../../src/auth/index.js';

const from = (ip: string) => ({ ip, socket: {} }) as unknown as Request;

describe('addressKeyOf', () => {
  it('counts IPv4 addresses one by one and IPv6 addresses by their /64', () => {
    expect(addressKeyOf('198.51.100.7')).toBe('198.51.100.7');
    expect(addressKeyOf('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(addressKeyOf('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(addressKeyOf('2001:db8:1:2::9')).toBe('2001:db8:1:2::/64');
    expect(addressKeyOf('2001:DB8:0001:0002:ffff::1')).toBe('2001:db8:1:2::/64');
    expect(addressKeyOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKeyOf('::1')).toBe('0:0:0:0::/64');
  });
});

describe('failureThrottle', () => {
  /** How many of `count` failed attempts at `subject` from each of `addresses` get through before the throttle refuses. */
  async function admitted(throttle: ReturnType<typeof failureThrottle>, subjects: string[], addresses: string[], count: number): Promise<number> {
    let through = 0;
    for (const subject of subjects)
      for (const address of addresses)
        for (let i = 0; i < count; i++) {
          const ok = await throttle.attempt('password', subject, from(address)).then(
            () => true,
            (error: unknown) => {
              if (!(error instanceof TooManyFailuresError)) throw error;
              return false;
            },
          );
          if (ok) through += 1;
        }
    return through;
  }

  it('allows 10 failures per account from one address, 50 per account, and 50 per address (THROTTLE_LIMITS)', async () => {
    expect(THROTTLE_LIMITS).toEqual({ subjectAtAddress: 10, subject: 50, address: 50 });
    const throttle = failureThrottle({ limiter: memoryRateLimiter(), onLimiterFailure: 'open' });
    expect(await admitted(throttle, ['ann'], ['198.51.100.1'], 30)).toBe(10);
    // Refused attempts counted nowhere: ann has 10 failures, so 40 more addresses' worth get through.
    const many = Array.from({ length: 8 }, (_, i) => `203.0.113.${i}`);
    expect(await admitted(throttle, ['ann'], many, 10)).toBe(40);
    expect(await admitted(throttle, ['ann'], ['192.0.2.1'], 1)).toBe(0);
    const accounts = Array.from({ length: 8 }, (_, i) => `user${i}`);
    expect(await admitted(throttle, accounts, ['198.51.100.9'], 10)).toBe(50);
    expect(await admitted(throttle, ['bob'], ['198.51.100.9'], 1)).toBe(0);
    expect(await admitted(throttle, ['bob'], ['198.51.100.10'], 1)).toBe(1);
  });

  it('does not count attempts that succeed', async () => {
    const throttle = failureThrottle({ limiter: memoryRateLimiter(), onLimiterFailure: 'open' });
    for (let i = 0; i < 30; i++) await (await throttle.attempt('password', 'ann', from('198.51.100.1'))).succeeded();
    for (let i = 0; i < 10; i++) await throttle.attempt('password', 'ann', from('198.51.100.1'));
    await expect(throttle.attempt('password', 'ann', from('198.51.100.1'))).rejects.toBeInstanceOf(TooManyFailuresError);
  });

  it('keeps passwords and client secrets apart', async () => {
    const throttle = failureThrottle({ limiter: memoryRateLimiter(), onLimiterFailure: 'open' });
    for (let i = 0; i < 10; i++) await throttle.attempt('password', 'x', from('198.51.100.1'));
    await expect(throttle.attempt('password', 'x', from('198.51.100.1'))).rejects.toBeInstanceOf(TooManyFailuresError);
    await expect(throttle.attempt('client-secret', 'x', from('198.51.100.1'))).resolves.toBeDefined();
  });

  it('lets attempts through when the limiter is down and fails open, and refuses them when it fails closed', async () => {
    const down: RateLimiter = {
      engine: 'redis',
      check: () => Promise.reject(new RateLimiterUnavailableError()),
      refund: () => Promise.reject(new RateLimiterUnavailableError()),
      ping: () => Promise.reject(new RateLimiterUnavailableError()),
      close: async () => undefined,
    };
    const open = await failureThrottle({ limiter: down, onLimiterFailure: 'open' }).attempt('password', 'ann', from('198.51.100.1'));
    await expect(open.succeeded()).resolves.toBeUndefined();
    await expect(failureThrottle({ limiter: down, onLimiterFailure: 'closed' }).attempt('password', 'ann', from('198.51.100.1'))).rejects.toBeInstanceOf(
      RateLimiterUnavailableError,
    );
  });
});
