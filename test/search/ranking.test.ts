// Relevance: field weights, all words before some, case, prefixes, title-only matches and limits.
import { describe, expect, it } from 'vitest';
import { recordsOf, SearchIndex, type Reader } from '../../src/search/index.js';
import { filler, page, type PageSpec } from './fixtures.js';

const reader: Reader = { kind: 'unrestricted' };
const build = (specs: Record<string, PageSpec>): SearchIndex => SearchIndex.build(recordsOf(Object.entries(specs).map(([path, spec]) => page(path, spec))));
const urls = (index: SearchIndex, query: string, limit?: number): string[] => index.search(query, { reader, limit }).map((h) => h.url);

describe('ranking', () => {
  it('puts a page whose title matches above a page that mentions the word once', () => {
    const index = build({
      'a-events': { title: 'Events', intro: `${filler(30)} webhooks ${filler(30)}` },
      'z-webhooks': { title: 'Webhooks', intro: filler(40) },
    });
    expect(urls(index, 'webhooks')).toEqual(['/z-webhooks', '/a-events']);
  });

  it('gives the same results whatever words no page has are added to a query', () => {
    const index = build({
      'a-webhooks': { title: 'Webhooks', intro: `Retry failed deliveries. ${filler(20)}` },
      'b-jobs': { title: 'Jobs', intro: `Jobs retry on failure. ${filler(20)}`, sections: [{ heading: 'Webhook jobs', text: filler(10) }] },
      'c-keys': { title: 'Keys', intro: `Rotate keys. ${filler(20)} webhook` },
    });
    const plain = index.search('retry webhook', { reader });
    expect(plain.length).toBeGreaterThan(1);
    expect(index.search('retry webhook zyxwv qqqq plover frobnicate xylyl', { reader })).toEqual(plain);
    expect(index.search('zyxwv qqqq', { reader })).toEqual([]);
  });

  it('ranks a section matching all words of a long question first, among many matching all but one', () => {
    const words = ['rotate', 'signing', 'secret', 'webhook', 'endpoint', 'production', 'staging', 'deploy'];
    const specs: Record<string, PageSpec> = {};
    // Forty pages each missing one word, then the one page with every word, last in index order.
    for (let i = 0; i < 40; i++)
      specs[`p${String(i).padStart(2, '0')}`] = { title: 'Guide', intro: `${words.filter((_, w) => w !== i % words.length).join(' ')} ${filler(10)}` };
    specs.zz = { title: 'Guide', intro: `${words.join(' ')} ${filler(10)}` };
    const index = build(specs);
    const question = `how do I ${words.join(' ')}`;
    expect(urls(index, question, 1)).toEqual(['/zz']);
    expect(urls(index, question, 5)).toEqual(urls(index, question, 50).slice(0, 5));
    expect(urls(index, question, 50)).toHaveLength(41);
  });

  it('puts a heading match above a body mention', () => {
    const index = build({
      'a-overview': { title: 'Overview', intro: `${filler(10)} limits ${filler(10)}` },
      'z-api': { title: 'API', intro: filler(10), sections: [{ heading: 'Rate limits', text: filler(20) }] },
    });
    expect(urls(index, 'limits')).toEqual(['/z-api#rate-limits', '/a-overview']);
  });

  it('puts sections matching all words above sections matching some, even in the title', () => {
    const index = build({
      'a-webhooks': { title: 'Webhooks', intro: filler(20) },
      'b-signing': { title: 'Signing', intro: filler(20) },
      'z-security': { title: 'Security', intro: `${filler(20)} webhooks carry a signature header ${filler(5)}` },
    });
    expect(urls(index, 'webhooks signature')[0]).toBe('/z-security');
  });

  it('ranks the section whose heading and page title together match every word first', () => {
    const index = build({
      webhooks: { title: 'Webhooks', intro: 'Receive events.', sections: [{ heading: 'Retries', text: 'Failed deliveries are sent again.' }] },
      jobs: { title: 'Jobs', intro: 'Retries of jobs.' },
    });
    expect(urls(index, 'webhook retries')[0]).toBe('/webhooks#retries');
  });

  it('matches case-insensitively and folds accents', () => {
    const index = build({ cv: { title: 'Résumé upload', intro: 'Upload a CV.' } });
    expect(urls(index, 'WEBHOOKS')).toEqual([]);
    expect(urls(index, 'RESUME')).toEqual(['/cv']);
    expect(urls(index, 'résumé')).toEqual(['/cv']);
    expect(urls(index, 'UPLOAD')).toEqual(['/cv']);
  });

  it('matches the start of longer words, preferring whole words', () => {
    const index = build({
      'a-config': { title: 'Setup', intro: `${filler(5)} the configuration file ${filler(5)}` },
      'b-webhooks': { title: 'Events', intro: `${filler(5)} webhooks ${filler(5)}` },
      'c-webhook': { title: 'Hooks', intro: `${filler(5)} one webhook ${filler(5)}` },
    });
    expect(urls(index, 'config')).toEqual(['/a-config']);
    expect(urls(index, 'webhook')).toEqual(['/c-webhook', '/b-webhooks']);
    expect(urls(index, 'we')).toEqual([]);
  });

  it('answers a match on the page title alone with the page introduction only', () => {
    const index = build({
      webhooks: {
        title: 'Webhooks',
        intro: filler(10),
        sections: [
          { heading: 'Setup', text: filler(10) },
          { heading: 'Testing', text: filler(10) },
        ],
      },
    });
    expect(urls(index, 'webhooks')).toEqual(['/webhooks']);
  });

  it('finds a page without any text by its title', () => {
    const index = build({ empty: { title: 'Changelog' } });
    expect(urls(index, 'changelog')).toEqual(['/empty']);
  });

  it('ignores words that appear nowhere and queries without words', () => {
    const index = build({ webhooks: { title: 'Webhooks', intro: filler(10) } });
    expect(urls(index, 'webhooks xyzzyq')).toEqual(['/webhooks']);
    expect(urls(index, '   ')).toEqual([]);
    expect(urls(index, '?!…')).toEqual([]);
  });

  it('returns the same order every time', () => {
    const specs = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`p${i}`, { title: `Page ${i}`, intro: `deploy ${filler(i)}` }]));
    const index = build(specs);
    expect(urls(index, 'deploy', 50)).toEqual(urls(index, 'deploy', 50));
    expect(urls(build(specs), 'deploy', 50)).toEqual(urls(index, 'deploy', 50));
  });
});

describe('limit', () => {
  const index = build(
    Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`p${String(i).padStart(2, '0')}`, { title: `Page ${i}`, intro: `token ${filler(5)}` }])),
  );

  it('defaults to 10', () => {
    expect(urls(index, 'token')).toHaveLength(10);
  });

  it('takes a smaller limit and caps a larger one at 50', () => {
    expect(urls(index, 'token', 3)).toHaveLength(3);
    expect(urls(index, 'token', 500)).toHaveLength(50);
    expect(urls(index, 'token', 0)).toHaveLength(1);
    expect(urls(index, 'token', Number.NaN)).toHaveLength(10);
  });

  it('returns the best hits first whatever the limit', () => {
    expect(urls(index, 'token', 3)).toEqual(urls(index, 'token', 50).slice(0, 3));
  });
});
