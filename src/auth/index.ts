// Site authentication: identity providers, sessions, the OAuth authorization server of /authed/mcp, bearer tokens.
export { createSiteAuth, type SiteAuth, type SiteAuthOptions } from './site-auth.js';
export { isApiKey, bearerTokenOf } from './bearer.js';
export { comesFromSite, createCsrf, type Csrf } from './csrf.js';
export { escapeHtml, hiddenInputs } from './html.js';
export { localProvider } from './local-provider.js';
export { logoutRoute } from './logout-route.js';
export { groupsOf } from './oidc-provider.js';
export { redirectPolicy, type RedirectPolicy, type RedirectProblem } from './oauth/redirect-policy.js';
export { AUTHORIZATION_SERVER_METADATA_PATHS, PROTECTED_RESOURCE_METADATA_PATHS } from './oauth/metadata-route.js';
export { AUTH_PATHS, OAUTH_PATHS, MCP_SCOPE, loginUrl } from './paths.js';
export { createSessions, type SessionUser, type Sessions, type SignedInUser } from './sessions.js';
export { createSigner, type Signer } from './signed-value.js';
export {
  addressKeyOf,
  failureThrottle,
  THROTTLE_LIMITS,
  THROTTLE_WINDOW_SECONDS,
  TooManyFailuresError,
  type FailureThrottle,
  type ThrottleLimits,
} from './throttle.js';
export type { AuthLogger } from './logger.js';
export type { OAuthLimitedEndpoint } from './oauth/context.js';
