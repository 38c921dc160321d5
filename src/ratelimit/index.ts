// Rate limiting: the RateLimiter interface, its in-memory and Redis implementations.
export { RateLimitExceededError, RateLimiterUnavailableError, type RateLimitDecision, type RateLimiter, type RateLimitPolicy } from './rate-limiter.js';
export { openRateLimiter, type OpenRateLimiterOptions } from './open-rate-limiter.js';
export { memoryRateLimiter, type MemoryRateLimiterOptions } from './memory-rate-limiter.js';
export type { RedisRateLimiterOptions } from './redis-rate-limiter.js';
