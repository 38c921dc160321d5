// Parsers for option values shared by several commands.
import { InvalidArgumentError } from 'commander';

/** Parses a whole number >= 1, for options like --jobs and --port. */
export function parsePositiveInt(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('expected a whole number of at least 1.');
  return n;
}

/** Parses a TCP port; 0 lets the system pick a free one. */
export function parsePort(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new InvalidArgumentError('expected a port from 0 to 65535.');
  return n;
}

/** Parses a whole number >= 0, for counts like --trust-proxy. */
export function parseCount(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new InvalidArgumentError('expected a whole number of at least 0.');
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

/** Whether `value` is a redis:// or rediss:// URL. */
export function isRedisUrl(value: string): boolean {
  return /^rediss?:\/\/./.test(value);
}

/** Parses a Redis URL, for --redis-url. */
export function parseRedisUrl(value: string): string {
  if (!isRedisUrl(value)) throw new InvalidArgumentError('expected a redis:// or rediss:// URL.');
  return value;
}
