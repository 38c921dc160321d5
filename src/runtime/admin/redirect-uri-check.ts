// The dashboard's check of an allowed OAuth redirect URI entry (SPEC.md 5.4): the runtime config's parser, and loopback refused as needless.
import { parseRedirectEntry } from '../../config/index.js';

/**
 * Whether a parsed entry names a loopback host, which is always allowed and never listed.
 * Self-contained: the browser runs this very function (admin-assets.ts).
 */
export function isLoopbackEntry(host: string): boolean {
  const name = host.replace(/:\d+$/, '');
  return name === 'localhost' || name === '127.0.0.1' || name === '[::1]';
}

/**
 * What is wrong with `entry` as an allowed redirect URI, in words, or undefined when it may be
 * added. Uses only `parse` and `isLoopbackEntry`, so the browser can run it too, given the
 * same parser (a module's imports are not part of a function's text).
 */
export function redirectUriProblem(entry: string, parse: typeof parseRedirectEntry = parseRedirectEntry): string | undefined {
  if (entry.trim() === '') return 'Enter a host name or a URI.';
  const parsed = parse(entry);
  if (typeof parsed === 'string') return `Not allowed: ${parsed}.`;
  if (isLoopbackEntry(parsed.host)) return 'Loopback addresses are always allowed: there is no need to add them.';
  return undefined;
}
