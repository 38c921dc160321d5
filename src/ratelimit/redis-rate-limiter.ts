// The RateLimiter of many instances: the same sliding-window counters in Redis, one atomic script call (EVALSHA) per check.
import { createClient, defineScript, type CommandParser } from '@redis/client';
import { decisionOf, windowOf } from './sliding-window.js';
import { RateLimiterUnavailableError, type RateLimitDecision, type RateLimiter, type RateLimitPolicy } from './rate-limiter.js';

export interface RedisRateLimiterOptions {
  /** `redis://[user:password@]host:port[/db]` or `rediss://…`. */
  url: string;
  /** Prepended to every key, so several sites (or test runs) can share one Redis. Default `docsite:ratelimit:`. */
  keyPrefix?: string;
  /** Source of "now" in milliseconds; the system clock by default (instances should keep their clocks in sync, e.g. NTP). */
  clock?: () => number;
}

/** A check's longest wait for Redis before the failure policy decides. */
const COMMAND_TIMEOUT_MS = 1000;

/**
 * KEYS: the current and the previous fixed window's counters. ARGV: limit, window (ms), elapsed
 * ms in the current window, cost. Consumes `cost` when it fits under the sliding-window estimate
 * (the formula of sliding-window.ts) and returns {allowed, previous, current}. Counters expire
 * once they can no longer count (two windows).
 */
const SLIDING_WINDOW_LUA = `
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local elapsed = tonumber(ARGV[3])
local cost = tonumber(ARGV[4])
local current = tonumber(redis.call('GET', KEYS[1]) or '0')
local previous = tonumber(redis.call('GET', KEYS[2]) or '0')
if math.floor(previous * (window - elapsed) / window) + current + cost <= limit then
  current = redis.call('INCRBY', KEYS[1], cost)
  if current == cost then redis.call('PEXPIRE', KEYS[1], window * 2) end
  return {1, previous, current}
end
return {0, previous, current}
`;

const SLIDING_WINDOW = defineScript({
  NUMBER_OF_KEYS: 2,
  SCRIPT: SLIDING_WINDOW_LUA,
  parseCommand(parser: CommandParser, current: string, previous: string, limit: number, windowMs: number, elapsed: number, cost: number) {
    parser.pushKeys([current, previous]);
    parser.push(String(limit), String(windowMs), String(elapsed), String(cost));
  },
  transformReply: (reply: unknown) => reply as [number, number, number],
});

/**
 * KEYS: the current and the previous fixed window's counters. ARGV: cost. Takes up to `cost`
 * units back, from the current window first; never below zero, expiry times untouched.
 */
const REFUND_LUA = `
local rest = tonumber(ARGV[1])
for _, key in ipairs(KEYS) do
  local count = tonumber(redis.call('GET', key) or '0')
  local take = math.min(count, rest)
  if take > 0 then
    redis.call('DECRBY', key, take)
    rest = rest - take
  end
end
return rest
`;

const REFUND = defineScript({
  NUMBER_OF_KEYS: 2,
  SCRIPT: REFUND_LUA,
  parseCommand(parser: CommandParser, current: string, previous: string, cost: number) {
    parser.pushKeys([current, previous]);
    parser.push(String(cost));
  },
  transformReply: (reply: unknown) => reply as number,
});

/** The keys of the current and previous fixed windows of `key` (one hash tag per subject keeps both in one slot of a Redis Cluster). */
function windowKeys(policy: RateLimitPolicy, key: string, index: number): [string, string] {
  const base = `${policy.name}:{${key}}:`;
  return [`${base}${index}`, `${base}${index - 1}`];
}

/** How long opening waits for the first connection; past it the limiter starts anyway and keeps trying. */
const FIRST_CONNECT_MS = 2000;

/**
 * Connects (waiting up to two seconds) and keeps reconnecting in the background; while Redis is
 * unreachable, checks fail at once (no offline queue) with `RateLimiterUnavailableError`.
 */
export async function redisRateLimiter(options: RedisRateLimiterOptions): Promise<RateLimiter> {
  const clock = options.clock ?? Date.now;
  const client = createClient({
    url: options.url,
    keyPrefix: options.keyPrefix ?? 'docsite:ratelimit:',
    disableOfflineQueue: true,
    commandOptions: { timeout: COMMAND_TIMEOUT_MS },
    socket: { connectTimeout: 2000, reconnectStrategy: (retries: number) => Math.min(100 * 2 ** retries, 2000) },
    scripts: { slidingWindow: SLIDING_WINDOW, refund: REFUND },
  });
  // Connection errors are reported by the failing checks; without a listener they would crash the process.
  client.on('error', () => undefined);
  const connecting = client.connect().catch(() => undefined);
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([connecting, new Promise((resolve) => (timer = setTimeout(resolve, FIRST_CONNECT_MS)))]);
  clearTimeout(timer);

  const call = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      throw new RateLimiterUnavailableError(undefined, { cause: error });
    }
  };

  return {
    engine: 'redis',
    async check(policy: RateLimitPolicy, key: string, cost = 1): Promise<RateLimitDecision> {
      const windowMs = policy.windowSeconds * 1000;
      const { index, elapsed } = windowOf(clock(), windowMs);
      const [current, previous] = windowKeys(policy, key, index);
      const reply = (await call(() => client.slidingWindow(current, previous, policy.limit, windowMs, elapsed, cost))) as [number, number, number];
      return decisionOf(policy, reply[0] === 1, { previous: reply[1], current: reply[2] }, elapsed, cost);
    },
    async refund(policy: RateLimitPolicy, key: string, cost = 1): Promise<void> {
      const [current, previous] = windowKeys(policy, key, windowOf(clock(), policy.windowSeconds * 1000).index);
      await call(() => client.refund(current, previous, cost));
    },
    async ping() {
      await call(() => client.ping());
    },
    async close() {
      if (client.isOpen) client.destroy();
    },
  };
}
