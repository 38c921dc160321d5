// The pure parts of the real-sites benchmark: reading `mint broken-links` output, the set
// difference between its broken links and docsite's, and the skip when there is no site.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diffLinks, docsiteBrokenLinks, mintBrokenLinks } from '../../bench/link-diff.js';
import { parseMintBrokenLinks } from '../../bench/mint-peer.js';
import { realSitesBenchmark } from '../../bench/real-sites.js';

const SPINNER = '⠋ checking for broken links...\n\x1b[2K\x1b[1A\x1b[2K\x1b[G⠙ checking for broken links...\n';

describe('parseMintBrokenLinks', () => {
  it('reads each broken link under the page that holds it, through the spinner and colours', () => {
    const output = `${SPINNER}\x1b[2K\x1b[1A\x1b[2K\x1b[Gfound 3 broken links in 2 files\n\nchangelog.mdx\n ⎿  /ai/skillmd#discovery\n ⎿  organize/settings#api-configurations\n\nes/automations/create.mdx\n ⎿  #gitlab-setup\n`;
    expect(parseMintBrokenLinks(output)).toEqual({
      links: [
        { file: 'changelog.mdx', url: '/ai/skillmd#discovery' },
        { file: 'changelog.mdx', url: 'organize/settings#api-configurations' },
        { file: 'es/automations/create.mdx', url: '#gitlab-setup' },
      ],
    });
  });

  it('joins the lines ink wraps at 80 columns back into the link or page name they split', () => {
    const long = '#listresourcetemplatesresult-example-resource-templates-list-with-cursor-and';
    const page = 'specification/2025-11-25/a-page-whose-path-is-long-enough-to-be-wrapped-by-ink/at-eighty';
    const output = `found 2 broken links in 1 files\n\n${page.slice(0, 80)}\n${page.slice(80)}\n\u00a0⎿\u00a0\u00a0${long}\n-ttl\n\u00a0⎿\u00a0\u00a0#x\n\n`;
    expect(parseMintBrokenLinks(output)).toEqual({
      links: [
        { file: page, url: `${long}-ttl` },
        { file: page, url: '#x' },
      ],
    });
  });

  it('reads a clean site as no broken links', () => {
    expect(parseMintBrokenLinks(`${SPINNER}\x1b[2K\x1b[1A\x1b[2K\x1b[Gsuccess no broken links found\n`)).toEqual({ links: [] });
  });

  it('gives no answer for a syntax error, or a list that does not add up to the count announced', () => {
    expect(parseMintBrokenLinks(`${SPINNER}erro Syntax error - Unable to parse drafts/new-pricing.mdx - 15:1-15:13:\n`)).toBeUndefined();
    expect(parseMintBrokenLinks('found 2 broken links in 1 files\n\na.mdx\n ⎿  /x\n')).toBeUndefined();
  });
});

describe('diffLinks of docsite and mint', () => {
  const diagnostics = [
    { file: 'a.mdx', code: 'link/broken', message: 'Link "/gone" points to a page that does not exist.' },
    { file: 'a.mdx', code: 'link/broken-anchor', message: 'Link "/b#settings-with-%24ref": page "b" has no heading with anchor #settings-with-$ref.' },
    { file: 'a.mdx', code: 'link/broken', message: 'Image "/img/x.png" does not exist (or is ignored).' },
    { file: 'b.mdx', code: 'link/broken', message: 'Link "/gone" points to a page that does not exist.' },
    { file: 'b.mdx', code: 'link/broken', message: 'Link "/gone" points to a page that does not exist.' },
    { file: 'c.mdx', code: 'nav/missing-page', message: 'Page "gone" does not exist.' },
  ];
  const mint = [
    { file: 'a.mdx', url: '/b#settings-with-$ref' },
    { file: 'b.mdx', url: '/gone' },
    { file: 'b.mdx', url: '/gone' },
    { file: 'c.mdx', url: '#top' },
  ];

  it('keys links by page and link as written, escapes decoded, once each, and compares only broken-link codes', () => {
    const diff = diffLinks(docsiteBrokenLinks(diagnostics), mintBrokenLinks(mint));
    expect(diff.both).toEqual([
      { file: 'a.mdx', url: '/b#settings-with-$ref' },
      { file: 'b.mdx', url: '/gone' },
    ]);
    expect(diff.onlyDocsite).toEqual([
      { file: 'a.mdx', url: '/gone' },
      { file: 'a.mdx', url: '/img/x.png' },
    ]);
    expect(diff.onlyMint).toEqual([{ file: 'c.mdx', url: '#top' }]);
  });
});

describe('diffLinks of links inside snippets', () => {
  it('matches a link mint finds in a snippet file with the same link docsite reports on the pages that import it', () => {
    const docsite = [
      { file: 'components/cards.mdx', url: '/settings#param-icons' },
      { file: 'components/badge.mdx', url: '/settings#param-icons' },
      { file: 'components/badge.mdx', url: '/elsewhere' },
    ];
    const mint = [
      { file: 'snippets/icons-optional.mdx', url: '/settings#param-icons' },
      { file: 'snippets/other.mdx', url: '/only-in-mint' },
    ];
    const diff = diffLinks(docsite, mint);
    expect(diff.both).toEqual([]);
    expect(diff.viaSnippet).toEqual([
      { file: 'components/badge.mdx', url: '/settings#param-icons' },
      { file: 'components/cards.mdx', url: '/settings#param-icons' },
      { file: 'snippets/icons-optional.mdx', url: '/settings#param-icons' },
    ]);
    expect(diff.onlyDocsite).toEqual([{ file: 'components/badge.mdx', url: '/elsewhere' }]);
    expect(diff.onlyMint).toEqual([{ file: 'snippets/other.mdx', url: '/only-in-mint' }]);
  });
});

describe('the real-sites benchmark without sites', () => {
  it('skips, saying why, when the folder is missing, empty, or holds no docs.json', async () => {
    const missing = await realSitesBenchmark(join(tmpdir(), 'docsite-no-such-folder')).run();
    expect(missing.skipped).toMatch(/^no folder .*docsite-no-such-folder .*BENCH_REAL_SITES/);
    const empty = mkdtempSync(join(tmpdir(), 'docsite-real-sites-test-'));
    try {
      expect((await realSitesBenchmark(empty).run()).skipped).toMatch(/holds no folders/);
      mkdirSync(join(empty, 'notes'));
      expect((await realSitesBenchmark(empty).run()).skipped).toBe(`no folder of ${empty} holds a docs.json (notes)`);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
