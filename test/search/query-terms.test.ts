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

const typos = SearchIndex.build(
  recordsOf([
    page('redirects', { title: 'Redirects', intro: 'Send readers from a moved page to its new URL.' }),
    page('custom-domain', { title: 'Custom domain', intro: 'Serve your docs from a domain you own.' }),
    page('authentication', { title: 'Authentication', intro: 'Require a login before readers see the docs.' }),
    page('deploy', { title: 'Deploy', intro: 'Publish the site when the main branch changes.' }),
    page('redact', { title: 'Redact', intro: 'Hide secrets in logs.' }),
  ]),
);
const typoUrls = (query: string): string[] => typos.search(query, { reader: { kind: 'unrestricted' } }).map((h) => h.url);

describe('misspelled and inflected queries', () => {
  it('find the word a typo or two away when no indexed word matches as typed', () => {
    expect(typoUrls('redirets')[0]).toBe('/redirects');
    expect(typoUrls('custm domian')[0]).toBe('/custom-domain');
    expect(typoUrls('authentcation')).toEqual(['/authentication']);
  });

  it('take a word that is indexed as typed, and short words as typed', () => {
    expect(typoUrls('redact')).toEqual(['/redact']);
    expect(typoUrls('dpl')).toEqual([]);
    expect(typoUrls('xyzzy')).toEqual([]);
  });

  it('find the stem of inflected query words', () => {
    expect(typoUrls('redirecting pages')[0]).toBe('/redirects');
    expect(typoUrls('authenticated users')[0]).toBe('/authentication');
    expect(typoUrls('deploying')).toEqual(['/deploy']);
  });
});

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

  it('find nothing for a query of stop words only, rather than every page that has them', () => {
    expect(urls('the')).toEqual([]);
    expect(urls('how do I do it?')).toEqual([]);
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
