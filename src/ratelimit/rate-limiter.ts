// The RateLimiter: rolling-window quotas shared by every request (and, on Redis, every instance).

/** A named quota: at most `limit` units per rolling window of `windowSeconds`. */
export interface RateLimitPolicy {
  /** Stable name, used in keys and in the `RateLimit-Policy` header (`mcp-user`, `search`, …). */
  name: string;
  limit: number;
  windowSeconds: number;
}

/** The outcome of one check. */
export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  /** Units still available in the rolling window after this check. */
  remaining: number;
  /** Seconds until the current window ends (refused: until the next unit is available). */
  resetSeconds: number;
  /** Refused: seconds to wait before a retry can succeed (at least 1); allowed: 0. */
  retryAfterSeconds: number;
}

/**
 * Rolling-window counters keyed by policy and subject (a client address, a site). Each check
 * consumes `cost` units (default 1) when they fit, atomically. Throws
 * `RateLimiterUnavailableError` when its backend cannot be reached.
 */
export interface RateLimiter {
  readonly engine: 'memory' | 'redis';
  check(policy: RateLimitPolicy, key: string, cost?: number): Promise<RateLimitDecision>;
  /**
   * Gives back up to `cost` units (default 1) an earlier check of `key` consumed and that still
   * count, newest first: for counting only what turns out to be a failure (a sign-in attempt
   * reserves a unit before the password is checked, and returns it when it was right).
   */
  refund(policy: RateLimitPolicy, key: string, cost?: number): Promise<void>;
  /** Resolves when the backend answers (for `/readyz`); throws `RateLimiterUnavailableError` otherwise. */
  ping(): Promise<void>;
  /** Releases connections and timers. Idempotent. */
  close(): Promise<void>;
}

/** The limiter's backend cannot be reached; the runtime applies its failure policy (open or closed). */
export class RateLimiterUnavailableError extends Error {
  override readonly name = 'RateLimiterUnavailableError';
  constructor(message = 'The rate limiter is unavailable', options?: ErrorOptions) {
    super(message, options);
  }
}

/** A request went over a quota; the HTTP layer answers 429 with `Retry-After`. */
export class RateLimitExceededError extends Error {
  override readonly name = 'RateLimitExceededError';
  constructor(
    readonly policy: RateLimitPolicy,
    readonly retryAfterSeconds: number,
  ) {
    super(
      `Rate limit exceeded: at most ${policy.limit} ${policy.name} requests per ${policy.windowSeconds} seconds; retry after ${retryAfterSeconds} seconds.`,
    );
  }
}
