// Which redirect URIs clients may register and use (SPEC.md 5.4, RFC 8252 §7.3).
import { BLOCKED_REDIRECT_SCHEMES, type AllowedRedirect } from '../../config/index.js';

/** Why a redirect URI may not be used: `forbidden` ones are never valid anywhere, the others are just not allowed on this site. */
export interface RedirectProblem {
  /** In words, to follow "The redirect URI … ". */
  reason: string;
  /** Malformed, or a blocked scheme, fragment or user info: a registration listing it is refused whole. */
  forbidden: boolean;
}

/** Decides about redirect URIs at registration and at each authorization request. */
export interface RedirectPolicy {
  /** What is wrong with `uri` as a redirect target; undefined when it may be one. */
  problemWith(uri: string): RedirectProblem | undefined;
  /** Whether `requested` is one of `registered`: exactly, or a loopback URI that differs only in its port. */
  isRegistered(requested: string, registered: readonly string[]): boolean;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

function parse(uri: string): URL | undefined {
  try {
    return new URL(uri);
  } catch {
    return undefined;
  }
}

function isLoopback(url: URL): boolean {
  return (url.protocol === 'http:' || url.protocol === 'https:') && LOOPBACK_HOSTS.has(url.hostname);
}

/**
 * The policy for the configured entries: loopback URIs (any port, any path) always, other
 * URIs when an entry allows them (same scheme and host, and the entry's path if it has one),
 * and never `javascript:`, `data:`, `file:` or `vbscript:`, nor URIs with a fragment or user info.
 */
export function redirectPolicy(allowed: readonly AllowedRedirect[]): RedirectPolicy {
  return {
    problemWith(uri) {
      const forbidden = (reason: string): RedirectProblem => ({ reason, forbidden: true });
      const url = uri.length <= 2048 ? parse(uri) : undefined;
      if (!url) return forbidden('is not a valid absolute URI');
      if (BLOCKED_REDIRECT_SCHEMES.has(url.protocol)) return forbidden(`uses ${url.protocol}, which is never allowed`);
      if (uri.includes('#')) return forbidden('must not contain a fragment');
      if (url.username || url.password) return forbidden('must not contain a user name or password');
      if (isLoopback(url)) return undefined;
      const host = url.host.toLowerCase();
      const match = allowed.some(
        (entry) => entry.protocol === url.protocol && entry.host === host && (entry.path === undefined || entry.path === url.pathname),
      );
      return match
        ? undefined
        : { reason: "is not allowed on this site: only loopback addresses and the site's allowed OAuth redirect URIs are", forbidden: false };
    },
    isRegistered(requested, registered) {
      if (registered.includes(requested)) return true;
      const url = parse(requested);
      if (!url || !isLoopback(url)) return false;
      return registered.some((candidate) => {
        const other = parse(candidate);
        return (
          other !== undefined &&
          isLoopback(other) &&
          other.protocol === url.protocol &&
          other.hostname === url.hostname &&
          other.pathname === url.pathname &&
          other.search === url.search
        );
      });
    },
  };
}
