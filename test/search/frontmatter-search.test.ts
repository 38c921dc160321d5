// Frontmatter that steers site search, on a built bundle: `keywords` find a page, `boost` moves it
// up or down, `searchable: false` leaves it out of search only, and `hidden` leaves it out of search.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { build, readBundle, type LoadedBundle } from '../../src/bundle/index.js';
import { page, writeSite } from '../helpers/site.js';

const SITE = {
  'docs.json': {
    name: 'Search',
    navigation: {
      groups: [
        { group: 'Main', pages: ['index', 'domains', 'legacy', 'routing', 'internal', 'certificates', 'keyed'] },
        { group: 'Boosted', boost: 2, pages: ['alpha', { group: 'Damped', boost: 0.5, pages: ['beta'] }, 'gamma'] },
      ],
    },
  },
  'index.mdx': page({ title: 'Home' }, 'Welcome to the docs.'),
  'domains.mdx': page({ title: 'Custom domains', keywords: ['vanity url', 'cname'] }, 'Point your name at us.'),
  // The same text: without boost they would tie, and come in URL order.
  'legacy.mdx': page({ title: 'Old rules', boost: 0.25 }, 'Routing rules for traffic.'),
  'routing.mdx': page({ title: 'Rules' }, 'Routing rules for traffic.'),
  'certificates.mdx': page({ title: 'Certificates', boost: 3 }, 'Routing rules for traffic.'),
  'internal.mdx': page({ title: 'Internal notes', searchable: false }, 'Zebra crossing procedures.'),
  'secret.mdx': page({ title: 'Secret', hidden: true }, 'Zebra stripes.'),
  // Same text again: group boosts, the nearest one winning, and the page's own over both.
  'alpha.mdx': page({ title: 'Alpha' }, 'Kiwi orchard notes.'),
  'beta.mdx': page({ title: 'Beta' }, 'Kiwi orchard notes.'),
  'gamma.mdx': page({ title: 'Gamma', boost: 4 }, 'Kiwi orchard notes.'),
  'keyed.mdx': page({ title: 'Keyed', keywords: 'quartz, obsidian' }, 'Not listed.'),
};

let bundle: LoadedBundle;
let outDir: string;
beforeAll(async () => {
  const report = await build(writeSite(SITE), { out: mkdtempSync(join(tmpdir(), 'docsite-fm-search-')), jobs: 1 });
  expect(report.errors).toEqual([]);
  expect(report.warnings).toEqual([]);
  outDir = report.outDir;
  bundle = await readBundle(outDir);
}, 60_000);

const urlsFor = (query: string): string[] => bundle.search.search(query, { reader: { kind: 'unrestricted' } }).map((hit) => hit.url);

describe('frontmatter in site search', () => {
  it('finds a page by a keyword that is not in its text', () => {
    expect(urlsFor('cname')).toEqual(['/domains']);
    expect(urlsFor('vanity')).toEqual(['/domains']);
  });

  it('reads keywords written as one comma-separated string', () => {
    expect(urlsFor('obsidian')).toEqual(['/keyed']);
    expect(urlsFor('quartz')).toEqual(['/keyed']);
  });

  it('ranks by boost: a boosted page first, a de-prioritised one last', () => {
    expect(urlsFor('routing traffic')).toEqual(['/certificates', '/routing', '/legacy']);
  });

  it("inherits a navigation group's boost, the nearest group's, a page's own boost winning", () => {
    expect(urlsFor('kiwi orchard')).toEqual(['/gamma', '/alpha', '/beta']);
  });

  it('leaves `searchable: false` pages out of search only, and hidden pages out of search', () => {
    expect(urlsFor('zebra')).toEqual([]);
    expect(readFileSync(join(outDir, 'sitemap.xml'), 'utf8')).toContain('/internal');
    expect(readFileSync(join(outDir, 'sitemap.xml'), 'utf8')).not.toContain('/secret');
    const manifestPage = bundle.manifest.pages.find((p) => p.url === '/internal');
    expect(manifestPage?.inNavigation).toBe(true);
  });
});
