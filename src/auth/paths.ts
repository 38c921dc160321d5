// Paths of the site's sign-in pages and of the OAuth authorization server, in one place.
import { sameSiteLocation } from '../site/index.js';

/** Sign-in pages for people, under docsite's reserved prefix so no docs page can clash with them. */
export const AUTH_PATHS = {
  login: '/_docsite/login',
  logout: '/_docsite/logout',
  oidcCallback: '/_docsite/oidc/callback',
} as const;

/** The authenticated MCP server (the protected resource) and its authorization server (SPEC.md 4.2). */
export const OAUTH_PATHS = {
  resource: '/authed/mcp',
  issuer: '/authed/mcp/oauth',
  authorize: '/authed/mcp/oauth/authorize',
  token: '/authed/mcp/oauth/token',
  register: '/authed/mcp/oauth/register',
  revoke: '/authed/mcp/oauth/revoke',
} as const;

/** The one scope docsite grants. */
export const MCP_SCOPE = 'mcp:search';

/**
 * Where sign-in returns to: `value` read as a path of this site (`/x?y`). `/` for what is plainly
 * not one (not a path, `//host`, `/\host`, control characters); paths that a browser would still
 * resolve to another host (`/.//host`, `/x/..//host`, `/%2F%2Fhost`) become paths of this site
 * through `sameSiteLocation`: sign-in never redirects elsewhere.
 */
export function safeReturnTo(value: unknown): string {
  if (typeof value !== 'string' || value.length > 4096) return '/';
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\') || /[\u0000-\u001f\u007f]/.test(value)) return '/';
  return sameSiteLocation(value);
}

/** The sign-in page URL that comes back to `returnTo` afterwards. */
export function loginUrl(returnTo: string): string {
  return `${AUTH_PATHS.login}?return_to=${encodeURIComponent(returnTo)}`;
}
