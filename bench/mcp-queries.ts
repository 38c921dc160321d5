// The fixed queries of the serving benchmarks: what agents and readers type into docs search,
// 1 to 4 words from the generated corpus's vocabulary (bench/corpus-words.ts), a few that match nothing.
import type { SearchOptions } from '../src/search/index.js';

export const SEARCH_QUERIES: readonly string[] = [
  'webhook',
  'refund',
  'invoice',
  'api key',
  'tax rate',
  'rate limit',
  'quota',
  'pagination',
  'rotate secret',
  'create invoice',
  'list customers',
  'cancel subscription',
  'deploy pipeline',
  'export report',
  'verify certificate',
  'revoke token',
  'payout schedule',
  'starting_after',
  'idempotent requests',
  'sandbox environment',
  'retry failed webhook',
  'update customer email',
  'invite team member',
  'restore archived project',
  'regional bucket encryption',
  'audit log export',
  'batch job queue',
  'signed webhook events',
  'dispute evidence',
  'currency conversion',
  'how to rotate a key',
  'configure custom domain',
  'migrate to versioned api',
  'paginate list results',
  'expand metadata field',
  'schedule recurring payout',
  'debug pending transfer',
  'checkout cart order',
  'inventory product catalog',
  'scoped permission role',
  'kubernetes helm chart',
  'oauth device flow',
];

/** Engine-level queries: the ones above, and some again with version or language filters (tag masks). */
export function engineQueries(): { query: string; options: Omit<SearchOptions, 'reader'> }[] {
  const plain = SEARCH_QUERIES.map((query) => ({ query, options: {} }));
  const filtered = SEARCH_QUERIES.filter((_, i) => i % 4 === 0).map((query, i) => ({
    query,
    options: i % 3 === 0 ? { version: 'v2' } : i % 3 === 1 ? { language: 'en' } : { version: 'v1', language: 'en', limit: 5 },
  }));
  return [...plain, ...filtered];
}
