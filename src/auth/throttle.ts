// Throttling of guessed secrets: wrong passwords per account and per address, wrong client secrets per client and per address, counted in the RateLimiter.
import { createHash } from 'node:crypto';
import { isIPv6 } from 'node:net';
import type { Request } from 'express';
import { RateLimiterUnavailableError, type RateLimitDecision, type RateLimiter, type RateLimitPolicy } from '../ratelimit/index.js';

/** What is being guessed: a local user's password, or a client's secret at the token or revocation endpoint. */
export type GuessKind = 'password' | 'client-secret';

/** The rolling window failures are counted over. */
export const THROTTLE_WINDOW_SECONDS = 900;

/** Failures allowed per window: of one subject (account or client id) from one address, of one subject from all addresses, and from one address for all subjects. */
export interface ThrottleLimits {
  subjectAtAddress: number;
  subject: number;
  address: number;
}

/**
 * The limits: one address is stopped after a few tries at one account; an account guessed at
 * from many addresses is stopped for everyone (the right secret included) only after five times
 * as many, so one address cannot lock a user out; and one address trying many accounts is
 * stopped too. A lockout ends at most one window after the failures stop.
 */
export const THROTTLE_LIMITS: Readonly<ThrottleLimits> = { subjectAtAddress: 10, subject: 50, address: 50 };

/** The three counters of each kind, named in the limiter's keys. */
function policiesOf(limits: ThrottleLimits): Record<GuessKind, RateLimitPolicy[]> {
  const policy = (name: string, limit: number): RateLimitPolicy => ({ name, limit, windowSeconds: THROTTLE_WINDOW_SECONDS });
  return {
    password: [
      policy('sign-in-account-address', limits.subjectAtAddress),
      policy('sign-in-account', limits.subject),
      policy('sign-in-address', limits.address),
    ],
    'client-secret': [
      policy('client-secret-client-address', limits.subjectAtAddress),
      policy('client-secret-client', limits.subject),
      policy('client-secret-address', limits.address),
    ],
  };
}

/** Too many recent failures: refuse (with 429) without checking the secret. */
export class TooManyFailuresError extends Error {
  override readonly name = 'TooManyFailuresError';
  constructor(
    readonly kind: GuessKind,
    readonly retryAfterSeconds: number,
  ) {
    super(`Too many failed ${kind === 'password' ? 'sign-in attempts' : 'client authentications'}; retry after ${retryAfterSeconds} seconds.`);
  }
}

/** One attempt at a secret, counted as a failure unless it turns out right. */
export interface GuessAttempt {
  /** The secret was right: the attempt does not count. */
  succeeded(): Promise<void>;
}

/** Counts failed guesses and refuses attempts past the limits. */
export interface FailureThrottle {
  /**
   * Reserves one failure of `subject` (a username or client id) from the request's address
   * before the secret is checked, so concurrent guesses cannot slip past the limits. Throws
   * `TooManyFailuresError` when any limit is used up (nothing is counted then), or
   * `RateLimiterUnavailableError` when the limiter is down and fails closed.
   */
  attempt(kind: GuessKind, subject: string, req: Request): Promise<GuessAttempt>;
}

/** What the throttle counts in, and what it does when the limiter cannot be reached. */
export interface FailureThrottleOptions {
  limiter: RateLimiter;
  /** `open`: let attempts through unthrottled; `closed`: refuse them (503). */
  onLimiterFailure: 'open' | 'closed';
  /** Default `THROTTLE_LIMITS`. */
  limits?: ThrottleLimits;
}

/**
 * The address guesses are counted against: an IPv4 address, or the /64 network of an IPv6
 * address (a single host usually holds a whole /64).
 */
export function addressKeyOf(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

/** A short digest of a subject: keys stay small, and usernames stay out of the limiter. */
function keyOf(subject: string): string {
  return createHash('sha256').update(subject).digest('base64url').slice(0, 22);
}

/** An attempt let through while the limiter is down (failing open). */
const NOT_COUNTED: GuessAttempt = { succeeded: async () => undefined };

/** A throttle over `limiter` (memory or Redis: with Redis every instance counts together). */
export function failureThrottle({ limiter, onLimiterFailure, limits = THROTTLE_LIMITS }: FailureThrottleOptions): FailureThrottle {
  const policies = policiesOf(limits);
  return {
    async attempt(kind, subject, req) {
      const address = addressKeyOf(req.ip ?? req.socket.remoteAddress ?? 'unknown');
      const account = keyOf(subject);
      const keys = [`${account}|${address}`, account, address];
      const checks = policies[kind].map((policy, i) => ({ policy, key: keys[i]! }));
      let decisions: RateLimitDecision[];
      try {
        decisions = await Promise.all(checks.map(({ policy, key }) => limiter.check(policy, key)));
      } catch (error) {
        if (error instanceof RateLimiterUnavailableError && onLimiterFailure === 'open') return NOT_COUNTED;
        throw error;
      }
      const counted = checks.filter((_, i) => decisions[i]!.allowed);
      // Giving units back is best effort: a limiter gone meanwhile only leaves a failure counted.
      const refund = (): Promise<void> =>
        Promise.all(counted.map(({ policy, key }) => limiter.refund(policy, key))).then(
          () => undefined,
          (error: unknown) => {
            if (!(error instanceof RateLimiterUnavailableError)) throw error;
          },
        );
      if (counted.length < checks.length) {
        // A refused attempt counts nowhere: guesses stopped at one address do not add up against the account.
        await refund();
        throw new TooManyFailuresError(kind, Math.max(...decisions.map((decision) => decision.retryAfterSeconds)));
      }
      return { succeeded: refund };
    },
  };
}
