// The runtime's rate limits: quotas of the runtime config checked against the RateLimiter, the RateLimit headers, and the limiter failure policy.
import type { Request, RequestHandler, Response } from 'express';
import type { QuotaName, RateLimitsConfig } from '../config/index.js';
import { RateLimitExceededError, RateLimiterUnavailableError, type RateLimitDecision, type RateLimiter, type RateLimitPolicy } from '../ratelimit/index.js';
import type { Logger } from './logger.js';

/** Each quota's policy name: in the `RateLimit-Policy` and `RateLimit` headers and in the limiter's keys. */
const POLICY_NAMES: Record<QuotaName, string> = {
  mcpPerUser: 'mcp-user',
  search: 'search',
  filesystem: 'filesystem',
  authedSearch: 'authed-search',
  authedFilesystem: 'authed-filesystem',
  oauthToken: 'oauth-token',
  oauthRegister: 'oauth-register',
  analytics: 'analytics',
  playgroundProxy: 'playground-proxy',
  readerSearch: 'reader-search',
  readerAssistant: 'reader-assistant',
  readerFeedback: 'reader-feedback',
};

/** Units of one quota a request consumes, for one subject (a client address, a site). */
export interface QuotaCheck {
  quota: QuotaName;
  subject: string;
  cost?: number;
}

/** How `/readyz` sees the limiter: fine, not ready (a problem), or degraded but serving (failing open). */
export type LimiterReadiness = undefined | string | { degraded: string };

export interface RateLimits {
  /**
   * Consumes the units of each check in order, adding its `RateLimit-Policy` and `RateLimit`
   * headers to `res`. Throws `RateLimitExceededError` at the first quota whose units do not fit
   * (later checks are not made, so they spend nothing), and `RateLimiterUnavailableError` when
   * the limiter is down and the policy is closed.
   */
  admit(res: Response, checks: QuotaCheck[]): Promise<void>;
  /** Middleware consuming one unit of `quota` per request, for the subject `subjectOf` names. */
  limit(quota: QuotaName, subjectOf: (req: Request) => string): RequestHandler;
  readiness(): Promise<LimiterReadiness>;
}

/** The address of the client (after `trust proxy` hops): the subject of per-user quotas. */
export function clientAddress(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}

export interface RateLimitsOptions {
  limiter: RateLimiter;
  config: RateLimitsConfig;
  logger: Logger;
}

export function createRateLimits({ limiter, config, logger }: RateLimitsOptions): RateLimits {
  const policies = Object.fromEntries(
    Object.entries(POLICY_NAMES).map(([quota, name]) => [quota, { name, limit: config.quotas[quota as QuotaName], windowSeconds: config.windowSeconds }]),
  ) as Record<QuotaName, RateLimitPolicy>;
  let failing = false;
  /** Logs once when the limiter starts failing and once when it is back, never per request. */
  const noteFailure = (now: boolean, error?: unknown): void => {
    if (now === failing) return;
    failing = now;
    // The cause's name only (ClientOfflineError, ConnectionTimeoutError…): driver messages may hold addresses.
    const cause = (error as Error | undefined)?.cause;
    if (now)
      logger.warn(
        `rate limiter unavailable: ${config.onLimiterFailure === 'open' ? 'letting requests through unlimited (failing open)' : 'refusing limited requests with 503 (failing closed)'}`,
        { engine: limiter.engine, error: cause instanceof Error ? cause.name : 'unknown' },
      );
    else logger.info('rate limiter available again', { engine: limiter.engine });
  };

  /** One check: consumes its units when they fit; undefined when the limiter is down and the policy is open. */
  const decide = async ({ quota, subject, cost }: QuotaCheck): Promise<RateLimitDecision | undefined> => {
    try {
      const decision = await limiter.check(policies[quota], subject, cost);
      noteFailure(false);
      return decision;
    } catch (error) {
      if (!(error instanceof RateLimiterUnavailableError)) throw error;
      noteFailure(true, error);
      if (config.onLimiterFailure === 'open') return undefined;
      throw error;
    }
  };

  /** Gives back the units of checks a refused request had passed; best effort, as the limiter may be down. */
  const refund = async (checks: QuotaCheck[]): Promise<void> => {
    for (const { quota, subject, cost } of checks) await limiter.refund(policies[quota], subject, cost).catch(() => undefined);
  };

  // In order, one at a time: a request refused by one quota spends nothing of the quotas after it,
  // and gets back what the quotas before it took.
  const admit = async (res: Response, checks: QuotaCheck[]): Promise<void> => {
    const passed: QuotaCheck[] = [];
    for (const check of checks) {
      const decision = await decide(check);
      if (!decision) return;
      const policy = policies[check.quota];
      res.append('RateLimit-Policy', `"${policy.name}";q=${policy.limit};w=${policy.windowSeconds}`);
      res.append('RateLimit', `"${policy.name}";r=${decision.remaining};t=${decision.resetSeconds}`);
      if (!decision.allowed) {
        await refund(passed);
        res.set('Retry-After', String(decision.retryAfterSeconds));
        throw new RateLimitExceededError(policy, decision.retryAfterSeconds);
      }
      passed.push(check);
    }
  };

  return {
    admit,
    limit: (quota, subjectOf) => async (req, res, next) => {
      await admit(res, [{ quota, subject: subjectOf(req) }]);
      next();
    },
    async readiness() {
      try {
        await limiter.ping();
        return undefined;
      } catch {
        const problem = `${limiter.engine} rate limiter unreachable`;
        return config.onLimiterFailure === 'open' ? { degraded: `${problem}; requests are not limited (failing open)` } : problem;
      }
    },
  };
}
