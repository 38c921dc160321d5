// Site authentication, composed: sessions, the identity provider, sign-out, the OAuth server and bearer tokens.
import { randomBytes } from 'node:crypto';
import { Router, type Request, type RequestHandler, type Response } from 'express';
import type { AuthenticationConfig, RuntimeConfig } from '../config/index.js';
import { memoryRateLimiter, type RateLimiter } from '../ratelimit/index.js';
import { whileMcpIs, type LiveSettings, type SiteSettings } from '../settings/index.js';
import { ANONYMOUS, type Principal } from '../site/index.js';
import { StoreUnavailableError, type Store } from '../store/index.js';
import { withAccountLink } from './account-link.js';
import { bearerAuth } from './bearer.js';
import { createCsrf, type Csrf } from './csrf.js';
import type { IdentityProvider } from './identity-provider.js';
import { localProvider } from './local-provider.js';
import type { AuthLogger } from './logger.js';
import { logoutRoute } from './logout-route.js';
import { authorizationServer } from './oauth/authorization-server.js';
import { resourceOf, type OAuthLimitedEndpoint, type OAuthServerContext } from './oauth/context.js';
import { resourceMetadataUrl } from './oauth/metadata-route.js';
import { redirectPolicy, type RedirectPolicy } from './oauth/redirect-policy.js';
import { oidcProvider } from './oidc-provider.js';
import { createSessions, type SignedInUser } from './sessions.js';
import { createSigner } from './signed-value.js';
import { failureThrottle, type ThrottleLimits } from './throttle.js';

/** Everything site authentication is built from: the runtime config, the Store and the site. */
export interface SiteAuthOptions {
  authentication: AuthenticationConfig;
  oauth: Pick<RuntimeConfig['oauth'], 'tokenLifetimes'>;
  /**
   * The owner settings in force: whether `/authed/mcp` and its authorization server are served
   * (SPEC.md 4.4), and the allowed redirect URIs (which replace `oauth.allowedRedirects`).
   */
  settings: LiveSettings;
  store: Store;
  siteName: string;
  logger: AuthLogger;
  /** The URL the site is reached at, without a trailing slash. */
  siteUrlOf(req: Request): string;
  /** Rate limits of the token and registration endpoints (the runtime's); none when omitted. */
  rateLimit?(endpoint: OAuthLimitedEndpoint): RequestHandler;
  /** Where wrong passwords and client secrets are counted (the runtime's limiter, shared through Redis); this process's memory when omitted. */
  limiter?: RateLimiter;
  /** What the throttle does while `limiter` cannot be reached (`rateLimits.onLimiterFailure`); default `open`. */
  onLimiterFailure?: 'open' | 'closed';
  /** Failures the throttle allows; default `THROTTLE_LIMITS`. */
  throttleLimits?: ThrottleLimits;
}

/** What the runtime needs from site authentication. */
export interface SiteAuth {
  /** The signed-in user of a page request (looked up by `router`, which must run first), else anonymous. Bearer tokens do not count here. */
  principalOf(req: Request): Principal;
  /** Looks up every request's session; serves the sign-in and sign-out pages, and with MCP on the OAuth authorization server and its metadata. */
  router: Router;
  /** Looks up the bearer token of `/authed/mcp` requests; mount before the MCP route. */
  resolveBearer: RequestHandler;
  /** The principal of an `/authed/mcp` request, or undefined after answering 401/403. */
  bearerPrincipalOf(req: Request, res: Response): Principal | undefined;
  /** Adds the account link to a page's header. */
  decorateHtml(html: string, req: Request): string;
  /** The CSRF check of the site's forms, for other forms of the site (the owner's dashboard). */
  csrf: Csrf;
  /** The owner settings it was built with, for the runtime's MCP routes. */
  settings: LiveSettings;
}

/** The redirect rules of each settings value read (the same object while the settings cache holds it). */
const policies = new WeakMap<SiteSettings, RedirectPolicy>();

function policyOf(settings: SiteSettings): RedirectPolicy {
  let policy = policies.get(settings);
  if (!policy) {
    policy = redirectPolicy(settings.allowedRedirects);
    policies.set(settings, policy);
  }
  return policy;
}

/** Builds site authentication from the runtime config. */
export function createSiteAuth(options: SiteAuthOptions): SiteAuth {
  const { authentication, store, siteName, logger, siteUrlOf } = options;
  if (!authentication.session.secret)
    logger.warn(
      'no authentication.session.secret configured: form tokens use a random key, so forms opened before a restart or on another instance fail once; set one shared by every instance',
    );
  const signer = createSigner(authentication.session.secret ?? randomBytes(32).toString('base64url'));
  const isSecure = (req: Request): boolean => siteUrlOf(req).startsWith('https:');
  const sessions = createSessions({ store, provider: authentication.provider.type, lifetimeSeconds: authentication.session.lifetimeSeconds, isSecure });
  const csrf = createCsrf({ signer, isSecure, originOf: (req) => new URL(siteUrlOf(req)).origin });
  const throttle = failureThrottle({
    limiter: options.limiter ?? memoryRateLimiter(),
    onLimiterFailure: options.onLimiterFailure ?? 'open',
    ...(options.throttleLimits ? { limits: options.throttleLimits } : {}),
  });
  const provider: IdentityProvider =
    authentication.provider.type === 'local'
      ? localProvider({ users: store, sessions, csrf, throttle, siteName })
      : oidcProvider({
          config: authentication.provider,
          sessions,
          signer,
          siteUrlOf,
          isSecure,
          onError: (message, error) => logger.error(message, { error: error instanceof Error ? error.message : String(error) }),
        });
  const rateLimit = options.rateLimit ?? (() => (_req, _res, next) => next());
  const context: OAuthServerContext = {
    store,
    lifetimes: options.oauth.tokenLifetimes,
    redirects: async () => policyOf(await options.settings.current()),
    siteName,
    logger,
    siteUrlOf,
    rateLimit,
    throttle,
  };
  const bearer = bearerAuth({ tokens: store, resourceOf: (req) => resourceOf(context, req), metadataUrlOf: (req) => resourceMetadataUrl(context, req) });

  const signedIn = new WeakMap<Request, SignedInUser | undefined>();
  const router = Router();
  router.use(async (req, res, next) => {
    // What a page shows depends on who asks: shared caches must not keep it.
    res.vary('Cookie').set('Cache-Control', 'private, no-cache');
    // With the database down, pages are still served from the bundle: to a signed-in reader as to a visitor.
    const user = await sessions.read(req).catch((error: unknown) => {
      if (error instanceof StoreUnavailableError) return undefined;
      throw error;
    });
    signedIn.set(req, user);
    next();
  });
  router.use(provider.router, logoutRoute({ sessions, csrf, siteName }));
  // Mounted always, entered only while MCP is on: the owner can switch it at run time.
  router.use(Router().use(whileMcpIs(true, options.settings), authorizationServer({ ...context, sessions, csrf })));

  return {
    principalOf(req) {
      const user = signedIn.get(req);
      return user ? { kind: 'user', id: user.id, groups: user.groups } : ANONYMOUS;
    },
    router,
    resolveBearer: bearer.resolve,
    bearerPrincipalOf: bearer.principalOf,
    decorateHtml: (html, req) => withAccountLink(html, signedIn.get(req), req.originalUrl),
    csrf,
    settings: options.settings,
  };
}
