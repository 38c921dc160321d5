// Parsers for option values shared by several commands.
import { InvalidArgumentError } from 'commander';

/** Parses a whole number >= 1, for options like --jobs and --port. */
export function parsePositiveInt(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('expected a whole number of at least 1.');
  return n;
}

/** Parses an http(s) URL and drops a trailing slash, for --site-url. */
export function parseSiteUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new InvalidArgumentError('expected a URL such as https://docs.example.com.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new InvalidArgumentError('expected an http:// or https:// URL.');
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}
