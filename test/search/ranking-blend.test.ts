// Relevance causes of issue 28, each on a small site where ranking by coverage first failed: a
// generic page holding every word of a question beat the page about its topic, a title holding
// most of a terse query lost to pages mentioning all of it, keywords outweighed titles, and a
// boosted page mentioning the words beat the unboosted page titled with them.
import { describe, expect, it } from 'vitest';
import { recordsOf, SearchIndex, type SearchablePage } from '../../src/search/index.js';
import { filler, page, type PageSpec } from './fixtures.js';

const build = (pages: SearchablePage[]): SearchIndex => SearchIndex.build(recordsOf(pages));
const pageUrls = (index: SearchIndex, query: string): string[] => [
  ...new Set(index.search(query, { reader: { kind: 'unrestricted' } }).map((h) => h.url.split('#')[0]!)),
];

/** Pages about other things that mention `words` in passing, as a large site has many. */
function mentions(count: number, words: string, spec: (i: number) => PageSpec = () => ({})): SearchablePage[] {
  return Array.from({ length: count }, (_, i) =>
    page(`guides/g${String(i).padStart(2, '0')}`, { title: `Guide ${i}`, intro: `${filler(20)} ${words} ${filler(20)}`, ...spec(i) }),
  );
}

describe('ranking by a blended score', () => {
  it('puts the page titled with the topic of a question above generic pages holding every word', () => {
    const index = build([
      // Every word of the question, including the common ones ("set", "docs"), in a long guide.
      page('a-guide', {
        title: 'Hosting guide',
        intro: `Set up your docs. ${filler(30)} a custom header ${filler(10)} the domain of the proxy ${filler(30)}`,
      }),
      page('customize/custom-domain', {
        title: 'Custom domain',
        intro: 'Serve the site from a domain you own.',
        sections: [{ heading: 'Add your custom domain', text: 'Enter the domain in the dashboard.' }],
      }),
      // "set" and "docs" are common words of the site, as in any docs site.
      ...mentions(12, 'set the docs'),
    ]);
    expect(pageUrls(index, 'How do I set up a custom domain for my docs?')[0]).toBe('/customize/custom-domain');
  });

  it('puts the page whose title holds most of a terse query above pages mentioning all of it', () => {
    const index = build([
      page('api/analytics/views', { title: 'Get page views', intro: 'Views of each page over a period.' }),
      page('api/introduction', { title: 'REST API introduction', intro: `Call the api for a page of results. ${filler(10)} views ${filler(10)}` }),
      ...mentions(6, 'the api lists every page and its views', (i) => ({ title: `Endpoint ${i}` })),
      ...mentions(12, 'an api page', (i) => ({ title: `Reference ${i}` })).map((p, i) => ({ ...p, path: `ref/r${i}`, url: `/ref/r${i}` })),
    ]);
    expect(pageUrls(index, 'page views api')[0]).toBe('/api/analytics/views');
  });

  it('weighs keywords below the title: the page titled with the words comes first', () => {
    const index = build([
      { ...page('a-integrations', { title: 'Integrations', intro: `Connect tools. ${filler(10)}` }), keywords: ['google analytics', 'segment'] },
      page('z-google-analytics', { title: 'Google Analytics', intro: 'Send page events to your property.' }),
    ]);
    expect(pageUrls(index, 'google analytics')).toEqual(['/z-google-analytics', '/a-integrations']);
    // A keyword alone still finds its page.
    expect(pageUrls(index, 'segment')).toEqual(['/a-integrations']);
  });

  it('lets a boost order equal matches without outweighing a title match', () => {
    const boosted = (p: SearchablePage): SearchablePage => ({ ...p, boost: 3 });
    const index = build([
      boosted(page('a-hosting', { title: 'Hosting', intro: `Self managed servers host the site. ${filler(10)}` })),
      page('deploy/self-host', { title: 'Self-host', intro: 'Run the server on your machines.' }),
      boosted(page('b-same', { title: 'Notes', intro: 'Kiwi orchard.' })),
      page('c-same', { title: 'Notes', intro: 'Kiwi orchard.' }),
    ]);
    expect(pageUrls(index, 'self host')[0]).toBe('/deploy/self-host');
    expect(pageUrls(index, 'kiwi orchard')).toEqual(['/b-same', '/c-same']);
  });
});
