// The failure throttle on its own: addresses it counts against, right secrets not counted, and what it does when the limiter is down.
import type { Request } from 'express';
import { describe, expect, it } from 'vitest';
import { memoryRateLimiter, RateLimiterUnavailableError, type RateLimiter } from '../../src/ratelimit/index.js';
import { addressKeyOf, failureThrottle, TooManyFailuresError } from '../../src/auth/index.js';

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
