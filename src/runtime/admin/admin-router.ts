// The owner's dashboard at /_docsite/admin: for owners only; to anyone else it is the same 404 as a missing page.
import { type Request, Router } from 'express';
import type { SiteAuth } from '../../auth/index.js';
import type { LimiterFailurePolicy, FixableSetting } from '../../config/index.js';
import type { RateLimiter } from '../../ratelimit/index.js';
import type { Store } from '../../store/index.js';
import { siteUrlOf } from '../site-url.js';
import { adminAssets } from './admin-assets.js';
import { analyticsPage } from './analytics-page.js';
import type { AdminContext } from './admin-context.js';
import { ADMIN_PATHS } from './admin-paths.js';
import { feedbackPage } from './feedback-page.js';
import { searchesPage } from './searches-page.js';
import { keysPage } from './keys-page.js';
import { mcpPage } from './mcp-page.js';
import { ownerAccountAccess, siteOwnerAccess } from './owner-access.js';
import { overviewPage } from './overview-page.js';

/** The initial value of each owner setting (the runtime config's) and which of them it fixes. */
export interface SettingsDefaults {
  mcpEnabled: boolean;
  /** `oauth.allowedRedirectUris` as written. */
  redirectUris: string[];
  fixed: FixableSetting[];
  /** The runtime config file's path (undefined: none was read), named when a change to a fixed setting is refused. */
  file: string | undefined;
}

/** What the dashboard is built from. */
export interface AdminRouterOptions {
  store: Store;
  projectId: string;
  siteName: string;
  /** Site authentication; undefined: owner accounts sign in at the dashboard's own page. */
  auth: SiteAuth | undefined;
  /** With site authentication: the identity provider's group of owners. */
  ownersGroup: string;
  settings: SettingsDefaults;
  /** The public URL of the site, when set (cookies are Secure on https; forms must come from its origin). */
  siteUrl: string | undefined;
  /** Where wrong owner passwords are counted without site authentication; this process's memory when omitted. */
  limiter?: RateLimiter | undefined;
  onLimiterFailure?: LimiterFailurePolicy | undefined;
}

/** Whether `path` is the dashboard's (its sign-in page aside, which anyone may open). */
function isAdminPath(path: string): boolean {
  return (path === ADMIN_PATHS.home || path.startsWith(`${ADMIN_PATHS.home}/`)) && path !== ADMIN_PATHS.login;
}

/**
 * The dashboard. Requests of anyone but a signed-in owner pass on untouched, so the runtime's
 * pages answer them with its 404, exactly as for a path that does not exist.
 */
export function adminRouter(options: AdminRouterOptions): Router {
  const { auth, store } = options;
  const access = auth
    ? siteOwnerAccess(auth, options.ownersGroup)
    : ownerAccountAccess({
        store,
        siteName: options.siteName,
        isSecure: (req) => siteUrlOf(req, options.siteUrl).startsWith('https:'),
        originOf: (req) => new URL(siteUrlOf(req, options.siteUrl)).origin,
        limiter: options.limiter,
        onLimiterFailure: options.onLimiterFailure,
      });
  const owners = new WeakMap<Request, string>();
  const ctx: AdminContext = {
    store,
    projectId: options.projectId,
    siteName: options.siteName,
    access,
    mcpPage: auth !== undefined,
    ownerOf: (req) => owners.get(req) ?? '',
  };
  const dashboard = Router();
  dashboard.use(async (req, res, next) => {
    const owner = isAdminPath(req.path) ? await access.ownerOf(req) : undefined;
    if (owner === undefined) return next('router');
    owners.set(req, owner);
    res.vary('Cookie').set('Cache-Control', 'private, no-store');
    next();
  });
  dashboard.use(adminAssets(), overviewPage(ctx), keysPage(ctx));
  if (auth) dashboard.use(mcpPage(ctx, options.settings));
  dashboard.use(analyticsPage(ctx), feedbackPage(ctx), searchesPage(ctx));

  const router = Router();
  router.use(access.router, dashboard);
  return router;
}
