// The RateLimiter factory: in memory by default, Redis when given a URL (its client is loaded only then).
import { memoryRateLimiter, type MemoryRateLimiterOptions } from './memory-rate-limiter.js';
import type { RateLimiter } from './rate-limiter.js';
import type { RedisRateLimiterOptions } from './redis-rate-limiter.js';

export type OpenRateLimiterOptions = MemoryRateLimiterOptions | RedisRateLimiterOptions;

export async function openRateLimiter(options: OpenRateLimiterOptions = {}): Promise<RateLimiter> {
  if ('url' in options) {
    const { redisRateLimiter } = await import('./redis-rate-limiter.js');
    return redisRateLimiter(options);
  }
  return memoryRateLimiter(options);
}
