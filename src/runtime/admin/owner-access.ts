// Who is an owner: a member of the owners group of the site's identity provider, or, without site authentication, a `docsite users add --owner` account signed in at the dashboard's own sign-in page.
import { randomBytes } from 'node:crypto';
import { Router, type Request } from 'express';
import { createCsrf, createSessions, createSigner, failureThrottle, localProvider, loginUrl, logoutRoute, type Csrf, type SiteAuth } from '../../auth/index.js';
import type { LimiterFailurePolicy } from '../../config/index.js';
import { memoryRateLimiter, type RateLimiter } from '../../ratelimit/index.js';
import type { Store } from '../../store/index.js';
import { ADMIN_PATHS } from './admin-paths.js';

/** How the dashboard tells owners from everyone else, and protects its forms. */
export interface OwnerAccess {
  /** The owner's user id, or undefined for anyone who is not a signed-in owner. */
  ownerOf(req: Request): Promise<string | undefined>;
  csrf: Csrf;
  /** Serves `ADMIN_PATHS.login` (and, without site authentication, the sign-out page). */
  router: Router;
}

/** With site authentication: owners are signed-in people of its identity provider in `ownersGroup`; they sign in where every reader does. */
export function siteOwnerAccess(auth: SiteAuth, ownersGroup: string): OwnerAccess {
  const router = Router();
  router.get(ADMIN_PATHS.login, (_req, res) => res.redirect(303, loginUrl(ADMIN_PATHS.home)));
  return {
    async ownerOf(req) {
      const principal = auth.principalOf(req);
      return principal.kind === 'user' && principal.groups.includes(ownersGroup) ? principal.id : undefined;
    },
    csrf: auth.csrf,
    router,
  };
}

/** What the dashboard's own sign-in needs on a site without authentication. */
export interface OwnerAccountOptions {
  store: Store;
  siteName: string;
  /** Whether the request reached the site over https (cookies are then Secure). */
  isSecure(req: Request): boolean;
  originOf(req: Request): string;
  /** Where wrong passwords are counted (the runtime's limiter); this process's memory when omitted. */
  limiter?: RateLimiter | undefined;
  onLimiterFailure?: LimiterFailurePolicy | undefined;
}

/** How long an owner's session lasts without site authentication (as readers' sessions by default). */
const OWNER_SESSION_SECONDS = 43_200;

/**
 * Without site authentication: owner accounts sign in at `ADMIN_PATHS.login` with the local
 * provider's form, password check, throttle and Store sessions. Only owner accounts may start a
 * session there, so every session of such a site is an owner's.
 */
export function ownerAccountAccess(options: OwnerAccountOptions): OwnerAccess {
  const { store, isSecure } = options;
  // Form tokens only: sessions themselves live in the Store and work on every instance.
  const csrf = createCsrf({ signer: createSigner(randomBytes(32).toString('base64url')), isSecure, originOf: options.originOf });
  const sessions = createSessions({ store, provider: 'local', lifetimeSeconds: OWNER_SESSION_SECONDS, isSecure });
  const owners = {
    verifyUser: async (username: string, password: string) => {
      const user = await store.verifyUser(username, password);
      return user?.owner ? user : undefined;
    },
  };
  const throttle = failureThrottle({ limiter: options.limiter ?? memoryRateLimiter(), onLimiterFailure: options.onLimiterFailure ?? 'open' });
  const signIn = localProvider({
    users: owners,
    sessions,
    csrf,
    throttle,
    siteName: `${options.siteName} dashboard`,
    path: ADMIN_PATHS.login,
    home: ADMIN_PATHS.home,
  });
  const router = Router();
  router.use(signIn.router, logoutRoute({ sessions, csrf, siteName: options.siteName }));
  return {
    async ownerOf(req) {
      return (await sessions.read(req))?.id;
    },
    csrf,
    router,
  };
}
