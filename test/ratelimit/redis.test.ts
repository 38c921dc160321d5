// The Redis RateLimiter: the contract against this machine's Redis; one script call per check; failing and recovering with a server this test stops and starts.
import { ClientOfflineError, SocketClosedUnexpectedlyError } from '@redis/client';
import { afterAll, expect, it } from 'vitest';
import { openRateLimiter, RateLimiterUnavailableError } from '../../src/ratelimit/index.js';
import { deleteKeys, ownRedisServer, redisUnreachable, TEST_REDIS_URL, uniquePrefix, withRedis } from '../helpers/redis.js';
import { describeWhenReachable } from '../helpers/services.js';
import { rateLimiterContract } from './contract.js';

const prefix = uniquePrefix();
const policy = { name: 'search', limit: 3, windowSeconds: 3600 };

describeWhenReachable('Redis RateLimiter', await redisUnreachable(), () => {
  afterAll(() => deleteKeys(prefix));

  rateLimiterContract('redis', (clock) => openRateLimiter({ url: TEST_REDIS_URL, keyPrefix: `${prefix}${uniquePrefix()}`, clock }));

  it('keeps its counters under the key prefix, expiring', async () => {
    const own = `${prefix}own:`;
    const limiter = await openRateLimiter({ url: TEST_REDIS_URL, keyPrefix: own });
    await limiter.check(policy, '198.51.100.4');
    await limiter.close();
    const keys = await withRedis(TEST_REDIS_URL, async (client) => {
      const found: string[] = [];
      for await (const batch of client.scanIterator({ MATCH: `${own}*` })) found.push(...batch);
      return Promise.all(found.map(async (key) => ({ key, ttl: await client.pTTL(key) })));
    });
    expect(keys).toHaveLength(1);
    expect(keys[0]!.key).toMatch(new RegExp(`^${own}search:\\{198\\.51\\.100\\.4\\}:\\d+$`));
    expect(keys[0]!.ttl).toBeGreaterThan(0);
    expect(keys[0]!.ttl).toBeLessThanOrEqual(2 * 3600 * 1000);
  });
});

describeWhenReachable('Redis RateLimiter on a server that stops', await redisUnreachable(), () => {
  it('sends one EVALSHA per check', async () => {
    const redis = await ownRedisServer();
    const limiter = await openRateLimiter({ url: redis.url });
    try {
      await limiter.ping();
      for (let i = 0; i < 10; i++) await limiter.check(policy, 'k');
      const stats = await withRedis(redis.url, (client) => client.info('commandstats'));
      const calls = (name: string) => Number(new RegExp(`cmdstat_${name}:calls=(\\d+)`).exec(stats)?.[1] ?? 0);
      // The first check loads the script (NOSCRIPT, then EVAL); every later one is a single EVALSHA.
      expect(calls('evalsha')).toBe(10);
      expect(calls('eval')).toBe(1);
    } finally {
      await limiter.close();
      await redis.stop();
    }
  });

  it('fails fast while Redis is down and recovers by itself when it returns', async () => {
    const redis = await ownRedisServer();
    const limiter = await openRateLimiter({ url: redis.url });
    try {
      await limiter.ping();
      expect((await limiter.check(policy, 'k')).remaining).toBe(2);
      await redis.stop();
      // Failing fast is failing without waiting on Redis: once the client sees the connection gone it
      // sends nothing (no offline queue), so no check waits for a command timeout (a TimeoutError).
      const causes: unknown[] = [];
      for (const attempt of [() => limiter.check(policy, 'k'), () => limiter.ping(), () => limiter.check(policy, 'k')]) {
        const error = await attempt().catch((caught: unknown) => caught);
        expect(error).toBeInstanceOf(RateLimiterUnavailableError);
        causes.push((error as Error).cause);
      }
      // The first check may have been on its way when the socket closed.
      expect(causes[0] instanceof ClientOfflineError || causes[0] instanceof SocketClosedUnexpectedlyError, String(causes[0])).toBe(true);
      for (const cause of causes.slice(1)) expect(cause).toBeInstanceOf(ClientOfflineError);
      await redis.start();
      await expect
        .poll(
          () =>
            limiter.ping().then(
              () => true,
              () => false,
            ),
          { timeout: 10_000, interval: 100 },
        )
        .toBe(true);
      // A new server process: the counters started again (it kept no data).
      expect((await limiter.check(policy, 'k')).remaining).toBe(2);
    } finally {
      await limiter.close();
      await redis.stop();
    }
  });
});
