// Query terms: stop words, word forms, and words FlexSearch's default encoder would conflate.
import { describe, expect, it } from 'vitest';
import { recordsOf, SearchIndex } from '../../src/search/index.js';
import { filler, page } from './fixtures.js';

const index = SearchIndex.build(
  recordsOf([
    page('webhooks', { title: 'Webhooks', intro: filler(10), sections: [{ heading: 'Retries', text: 'Failed deliveries are retried with backoff.' }] }),
    page('keys', { title: 'Keys', intro: filler(10), sections: [{ heading: 'Rotating keys', text: 'Rotate a key every 90 days.' }] }),
    page('sso', { title: 'Single sign-on', intro: 'Sign in with SSO and add users to groups.' }),
    page('so', { title: 'Notes', intro: 'So it goes, nothing else to add. Rate limited requests get HTTP 429.' }),
  ]),
);
const urls = (query: string): string[] => index.search(query, { reader: { kind: 'unrestricted' } }).map((h) => h.url);

describe('query terms', () => {
  it('find other forms of a word', () => {
    expect(urls('retry')).toEqual(['/webhooks#retries']);
    expect(urls('retrying')).toEqual(['/webhooks#retries']);
    expect(urls('rotation')).toEqual(['/keys#rotating-keys']);
    expect(urls('keys')).toEqual(['/keys#rotating-keys', '/keys']);
    expect(urls('rotated')).toEqual(['/keys#rotating-keys']);
  });

  it('leave out stop words when the query has other words', () => {
    expect(urls('how do I rotate a key')[0]).toBe('/keys#rotating-keys');
    expect(urls('how')).toEqual([]);
  });

  it('keep repeated letters and whole numbers', () => {
    expect(urls('sso')).toEqual(['/sso']);
    expect(urls('add').sort()).toEqual(['/so', '/sso']);
    expect(urls('ad')).toEqual([]);
    expect(urls('429')).toEqual(['/so']);
    expect(urls('42')).toEqual([]);
  });

  it('do not turn a word into a shorter, different word', () => {
    expect(urls('notes')).toEqual(['/so']);
    expect(index.search('notes', { reader: { kind: 'unrestricted' } })[0]!.snippet).not.toContain('…');
    expect(urls('nothings')).toEqual(['/so']);
  });
});
