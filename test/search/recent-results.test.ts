// Remembered results: a repeated search answers as a fresh one would, never across readers,
// filters or limits, and what it hands out cannot be changed by a caller.
import { describe, expect, it } from 'vitest';
import { recordsOf, SearchIndex, type Reader } from '../../src/search/index.js';
import { MAX_QUERY_LENGTH } from '../../src/search/query-terms.js';
import { filler, page } from './fixtures.js';

const pages = [
  page('keys', { title: 'API keys', intro: `Rotate keys ${filler(12)}`, sections: [{ heading: 'Rotation', text: `rotate every key ${filler(8)}` }] }),
  page('admin-keys', { title: 'Admin keys', intro: `Rotate admin keys ${filler(12)}`, public: false, groups: ['admin'] }),
  page('v2-keys', { title: 'Keys in v2', intro: `Rotate keys in version two ${filler(6)}`, versions: ['v2'] }),
  page('v1-keys', { title: 'Keys in v1', intro: `Rotate keys in version one ${filler(6)}`, versions: ['v1'] }),
];
const records = recordsOf(pages);
const anonymous: Reader = { kind: 'anonymous' };
const admin: Reader = { kind: 'user', groups: ['admin'] };
const urls = (hits: readonly { url: string }[]): string[] => hits.map((h) => h.url);

describe('remembered search results', () => {
  it('answer a repeated search with the same hits a fresh index gives', () => {
    const index = SearchIndex.build(records);
    const fresh = SearchIndex.build(records, { recentResults: 0 });
    const first = index.search('rotate keys', { reader: anonymous });
    const again = index.search('rotate keys', { reader: anonymous });
    expect(again).toBe(first);
    expect(again).toEqual(fresh.search('rotate keys', { reader: anonymous }));
  });

  it('are never shared between readers who may read different pages', () => {
    const index = SearchIndex.build(records);
    expect(urls(index.search('rotate', { reader: anonymous, limit: 50 }))).not.toContain('/admin-keys');
    expect(urls(index.search('rotate', { reader: admin, limit: 50 }))).toContain('/admin-keys');
    expect(urls(index.search('rotate', { reader: anonymous, limit: 50 }))).not.toContain('/admin-keys');
  });

  it('are kept apart by version, language and limit', () => {
    const index = SearchIndex.build(records);
    const reader: Reader = { kind: 'unrestricted' };
    expect(urls(index.search('keys', { reader, version: 'v1', limit: 50 }))).not.toContain('/v2-keys');
    expect(urls(index.search('keys', { reader, version: 'v2', limit: 50 }))).toContain('/v2-keys');
    expect(urls(index.search('keys', { reader, version: 'v2', limit: 50 }))).not.toContain('/v1-keys');
    expect(index.search('keys', { reader, limit: 1 })).toHaveLength(1);
    expect(index.search('keys', { reader, limit: 3 })).toHaveLength(3);
  });

  it('cannot be changed by a caller', () => {
    const index = SearchIndex.build(records);
    const hits = index.search('rotate keys', { reader: anonymous });
    expect(() => ((hits[0] as { title: string }).title = 'changed')).toThrow(TypeError);
    expect(() => (hits[0]!.headingPath as string[]).push('changed')).toThrow(TypeError);
    expect(() => (hits as unknown[]).pop()).toThrow(TypeError);
    expect(index.search('rotate keys', { reader: anonymous })[0]!.title).toBe('API keys');
  });

  it('are forgotten least recently used first, beyond the number kept', () => {
    const index = SearchIndex.build(records, { recentResults: 2 });
    const reader = anonymous;
    const keys = index.search('keys', { reader });
    const rotate = index.search('rotate', { reader });
    expect(index.search('keys', { reader })).toBe(keys); // now the most recently used
    index.search('version', { reader }); // a third search: "rotate" goes
    expect(index.search('keys', { reader })).toBe(keys);
    const rotateAgain = index.search('rotate', { reader });
    expect(rotateAgain).not.toBe(rotate);
    expect(rotateAgain).toEqual(rotate);
  });

  it('are remembered by the part of a query that counts, so long queries cost no more memory', () => {
    const index = SearchIndex.build(records);
    const long = `rotate keys ${'x'.repeat(MAX_QUERY_LENGTH)}`;
    const first = index.search(`${long} first`, { reader: anonymous });
    expect(index.search(`${long} second`, { reader: anonymous })).toBe(first);
    expect(first).toEqual(SearchIndex.build(records, { recentResults: 0 }).search(long, { reader: anonymous }));
  });

  it('are not kept at all with recentResults 0', () => {
    const index = SearchIndex.build(records, { recentResults: 0 });
    const first = index.search('keys', { reader: anonymous });
    expect(index.search('keys', { reader: anonymous })).not.toBe(first);
    expect(index.search('keys', { reader: anonymous })).toEqual(first);
  });
});
