// Entries of `oauth.allowedRedirectUris` (SPEC.md 5.4): https host names, or full URIs for other schemes.
import type { AllowedRedirect } from './runtime-config-types.js';

/** Schemes never allowed as redirect targets, whatever the config says. */
export const BLOCKED_REDIRECT_SCHEMES: ReadonlySet<string> = new Set(['javascript:', 'data:', 'file:', 'vbscript:']);

/**
 * Parses one entry: a bare host (`claude.ai`, `app.example.com:8443`) means https on that host
 * and any path; a full URI means its scheme and host, and exactly its path when it has one
 * beyond `/`. Returns a problem in words for a blocked scheme or an unparsable entry.
 */
export function parseRedirectEntry(entry: string): AllowedRedirect | string {
  const written = entry.trim();
  const bareHost = /^[A-Za-z0-9.-]+(:\d{1,5})?$/.test(written);
  let url: URL;
  try {
    url = new URL(bareHost ? `https://${written}` : written);
  } catch {
    return `"${entry}" is neither a host name nor a URI`;
  }
  if (BLOCKED_REDIRECT_SCHEMES.has(url.protocol)) return `${url.protocol} redirect URIs are never allowed`;
  if (url.username || url.password) return `"${entry}" must not contain a user name or password`;
  if (url.hash || written.includes('#')) return `"${entry}" must not contain a fragment`;
  const path = url.pathname === '' || url.pathname === '/' ? undefined : url.pathname;
  return { entry, protocol: url.protocol, host: url.host.toLowerCase(), path };
}

/** The web origins (`https://host`) of https entries: browser-based tools there may also call the MCP servers (SPEC.md 5.4). */
export function webOriginsOf(allowed: readonly AllowedRedirect[]): string[] {
  return [...new Set(allowed.filter((entry) => entry.protocol === 'https:' && entry.host).map((entry) => `https://${entry.host}`))];
}
