// What every endpoint of the authorization server knows: the state, the rules, and where the site is.
import type { Request, RequestHandler } from 'express';
import type { TokenLifetimes } from '../../config/index.js';
import type { Store } from '../../store/index.js';
import type { AuthLogger } from '../logger.js';
import type { FailureThrottle } from '../throttle.js';
import { OAUTH_PATHS } from '../paths.js';
import type { RedirectPolicy } from './redirect-policy.js';

/** Shared by the authorization server's endpoint factories. */
export interface OAuthServerContext {
  store: Store;
  lifetimes: TokenLifetimes;
  /** The redirect rules in force now (allowed redirect URIs are owner settings that change at run time). */
  redirects(): Promise<RedirectPolicy>;
  siteName: string;
  logger: AuthLogger;
  /** The URL the site is reached at, without a trailing slash. */
  siteUrlOf(req: Request): string;
  /** Rate limit of an endpoint: middleware that lets a request through or passes on the runtime's rate limit error. */
  rateLimit(endpoint: OAuthLimitedEndpoint): RequestHandler;
  /** Counts wrong client secrets at the token and revocation endpoints, per client and per address. */
  throttle: FailureThrottle;
}

/** The endpoints of the authorization server with a rate limit of their own (per client address). */
export type OAuthLimitedEndpoint = 'token' | 'register';

/** The protected resource, `<site>/authed/mcp`: the audience of every token. */
export function resourceOf(context: OAuthServerContext, req: Request): string {
  return `${context.siteUrlOf(req)}${OAUTH_PATHS.resource}`;
}

/** The authorization server's issuer identifier, `<site>/authed/mcp/oauth`. */
export function issuerOf(context: OAuthServerContext, req: Request): string {
  return `${context.siteUrlOf(req)}${OAUTH_PATHS.issuer}`;
}

/** Whether a `resource` parameter (RFC 8707) names this server; absent is fine. */
export function isOurResource(context: OAuthServerContext, req: Request, resource: string | undefined): boolean {
  return resource === undefined || resource.replace(/\/+$/, '') === resourceOf(context, req);
}
