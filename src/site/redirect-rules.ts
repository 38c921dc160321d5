// docs.json redirects: exact paths, `:name` segments and a trailing `:name*` wildcard.
import { sameSiteLocation } from './same-site-location.js';

export interface RedirectRule {
  source: string;
  destination: string;
  permanent: boolean;
}

interface CompiledRedirect {
  pattern: RegExp;
  names: string[];
  rule: RedirectRule;
  /** No parameter of the source fills the destination. */
  fixed: boolean;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function compile(rule: RedirectRule): CompiledRedirect {
  const names: string[] = [];
  const segments = rule.source
    .replace(/\/+$/, '')
    .split('/')
    .map((segment) => {
      const param = /^:(\w+)(\*)?$/.exec(segment);
      if (!param) return escapeRegExp(segment);
      names.push(param[1]!);
      return param[2] ? '(.*)' : '([^/]+)';
    });
  const filled = fill(rule.destination, new Map(names.map((name) => [name, ''])));
  return { pattern: new RegExp(`^${segments.join('/') || ''}/?$`), names, rule, fixed: filled === rule.destination };
}

/** Destinations that leave the site: absolute http(s) URLs that docs.json names. Anything else is a path of the site. */
const EXTERNAL = /^https?:\/\//i;

/** `destination` with each `:name` (and `:name*`) of `values` replaced by its value; other colons stay. */
function fill(destination: string, values: ReadonlyMap<string, string>): string {
  return destination.replace(/:(\w+)\*?/g, (written, name: string) => values.get(name) ?? written);
}

/** A captured part of a path as it goes into a URL: percent-encoded, its slashes kept. */
function encodedParam(value: string): string {
  return value.split('/').map(encodeURIComponent).join('/');
}

/**
 * The Location of a rule's destination with parameters filled in. A path (whatever the parameters
 * hold: `/docs//evil.com` gives `//evil.com` to `/:slug*`) stays on the site; an http(s) URL that
 * docs.json names keeps its origin, else there is no redirect.
 */
function locationOf(destination: string, values: ReadonlyMap<string, string>): string | undefined {
  const filled = fill(destination, values);
  if (!EXTERNAL.test(destination)) return sameSiteLocation(filled);
  try {
    const named = new URL(fill(destination, new Map([...values.keys()].map((name) => [name, '']))));
    const url = new URL(filled);
    return url.origin === named.origin ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** Where a matched rule sends the reader. */
export interface RedirectTarget {
  /** The Location, parameters filled in. */
  location: string;
  permanent: boolean;
  /** Whether the destination is written out in docs.json (no parameters fill it). */
  fixed: boolean;
}

/** Finds the redirect for a (decoded) path. */
export function redirectMatcher(rules: readonly RedirectRule[]): (path: string) => RedirectTarget | undefined {
  const compiled = rules.map(compile);
  return (path) => {
    for (const { pattern, names, rule, fixed } of compiled) {
      const match = pattern.exec(path);
      if (!match) continue;
      const location = locationOf(rule.destination, new Map(names.map((name, i) => [name, encodedParam(match[i + 1] ?? '')])));
      if (location !== undefined) return { location, permanent: rule.permanent, fixed };
    }
    return undefined;
  };
}
