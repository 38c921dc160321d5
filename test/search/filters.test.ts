// Version and language filters: tagged content or content for all, combined with each other and access.
import { describe, expect, it } from 'vitest';
import { recordsOf, SearchIndex, type Reader, type SearchOptions } from '../../src/search/index.js';
import { page } from './fixtures.js';

const everyone: Reader = { kind: 'unrestricted' };
const pages = [
  page('all', { intro: 'deploy everywhere' }),
  page('v1', { intro: 'deploy old', versions: ['v1'] }),
  page('v2', { intro: 'deploy new', versions: ['v2'] }),
  page('v1-v2', { intro: 'deploy both', versions: ['v1', 'v2'] }),
  page('en', { intro: 'deploy english', languages: ['en'] }),
  page('es', { intro: 'deploy spanish', languages: ['es'] }),
  page('v2-es', { intro: 'deploy new spanish', versions: ['v2'], languages: ['es'] }),
  page('v2-es-login', { intro: 'deploy new spanish members', versions: ['v2'], languages: ['es'], public: false }),
];
const index = SearchIndex.build(recordsOf(pages));
const urls = (options: Partial<SearchOptions>): string[] =>
  index
    .search('deploy', { reader: everyone, limit: 50, ...options })
    .map((h) => h.url)
    .sort();

// Without a language, "deploy" (in both) is taken as Spanish, the language of most sections here:
// see query-language.test.ts.
describe('version filter', () => {
  it('returns content of that version and content of all versions', () => {
    expect(urls({ version: 'v1' })).toEqual(['/all', '/es', '/v1', '/v1-v2']);
    expect(urls({ version: 'v2' })).toEqual(['/all', '/es', '/v1-v2', '/v2', '/v2-es', '/v2-es-login']);
    expect(urls({ version: 'v1', language: 'en' })).toEqual(['/all', '/en', '/v1', '/v1-v2']);
  });

  it('returns every version without a version', () => {
    expect(urls({})).toEqual(['/all', '/es', '/v1', '/v1-v2', '/v2', '/v2-es', '/v2-es-login']);
  });

  it('returns the all-versions content for a version nothing is tagged with', () => {
    // FlexSearch returns nothing at all when one asked tag value is unknown: the index must not.
    expect(urls({ version: 'v9' })).toEqual(['/all', '/es']);
  });
});

describe('language filter', () => {
  it('returns content in that language and content in all languages', () => {
    expect(urls({ language: 'es' })).toEqual(['/all', '/es', '/v1', '/v1-v2', '/v2', '/v2-es', '/v2-es-login']);
  });

  it('returns the all-languages content for an unknown language', () => {
    expect(urls({ language: 'fr' })).toEqual(['/all', '/v1', '/v1-v2', '/v2']);
  });
});

describe('combined filters', () => {
  it('needs every filter to match, not any of them', () => {
    expect(urls({ version: 'v1', language: 'es' })).toEqual(['/all', '/es', '/v1', '/v1-v2']);
    expect(urls({ version: 'v2', language: 'en' })).toEqual(['/all', '/en', '/v1-v2', '/v2']);
  });

  it('applies access on top of version and language', () => {
    expect(urls({ version: 'v2', language: 'es', reader: { kind: 'anonymous' } })).toEqual(['/all', '/es', '/v1-v2', '/v2', '/v2-es']);
    expect(urls({ version: 'v2', language: 'es', reader: { kind: 'client-credential' } })).toContain('/v2-es-login');
  });
});
