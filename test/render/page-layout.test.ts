// The page layout: pages carry a sidebar marker, each sidebar is rendered once and marked per page, and layout keys.
import { describe, expect, it } from 'vitest';
import { createSiteLayout, insertSidebar, isConsistentSidebar, sidebarForPage, type SiteLayout } from '../../src/render/index.js';
import { defaultTree, loadSite, type SiteModel } from '../../src/site/index.js';
import { page, writeSite } from '../helpers/site.js';

const FILES = {
  'docs.json': {
    name: 'Docs',
    navigation: {
      groups: [
        { group: 'Start', pages: ['index', 'intro'] },
        { group: 'More', expanded: false, pages: ['deep/one', { group: 'Inner', expanded: false, pages: ['deep/two'] }] },
        { group: 'Last', pages: ['last'] },
      ],
    },
  },
  'index.mdx': page({ title: 'Home' }, '## First steps\n\nText.'),
  'intro.mdx': page({ title: 'Intro', sidebarTitle: 'Introduction' }, 'Hello.'),
  'deep/one.mdx': page({ title: 'One' }, 'One.'),
  'deep/two.mdx': page({ title: 'Two' }, 'Two.'),
  'last.mdx': page({ title: 'Last' }, 'Last.'),
  'orphan.mdx': page({ title: 'Orphan' }, 'Outside navigation.'),
};

async function siteOf(files: Record<string, string | object>): Promise<SiteModel> {
  const { site, diagnostics } = await loadSite(writeSite(files), { jobs: 1 });
  expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return site!;
}

/** Each page's layout key, with the page source standing in for its body key. */
function keysOf(site: SiteModel, layout: SiteLayout): Map<string, string> {
  return new Map(site.pages.map((p) => [p.url, layout.key(layout.inputs(p, treeOf(site, p)), p.title)]));
}

const treeOf = (site: SiteModel, p: SiteModel['pages'][number]) => (p.inNavigation ? defaultTree(site.navigation) : undefined);

describe('page layout', () => {
  it('puts a sidebar marker in pages, not the sidebar, and none in pages outside navigation', async () => {
    const site = await siteOf(FILES);
    const layout = createSiteLayout(site);
    const intro = layout.inputs(site.pages.find((p) => p.path === 'intro')!, defaultTree(site.navigation));
    const html = layout.page(intro, '<p>Hello.</p>');
    expect(html).toContain('<nav class="sidebar" id="sidebar" aria-label="Docs documentation"><!--docsite:sidebar t0--></nav>');
    expect(html).not.toContain('nav-tree');
    expect(html).toContain('<a data-access="login" data-choice="prev" class="pager-previous" href="/" rel="prev">');
    const orphan = layout.page(layout.inputs(site.pages.find((p) => p.path === 'orphan')!, undefined), '');
    expect(orphan).toContain('<nav class="sidebar" id="sidebar" aria-label="Docs documentation"></nav>');
  });

  it("shows the site's tabs, none current, on a page outside navigation (a hidden landing page), with no sidebar", async () => {
    const site = await siteOf({
      'docs.json': {
        name: 'Tabs',
        navigation: {
          tabs: [
            { tab: 'Guides', pages: ['guides/start'] },
            { tab: 'CLI', pages: ['cli/run'] },
          ],
        },
      },
      'index.mdx': page({ title: 'Welcome' }, 'Start in the guides.'),
      'guides/start.mdx': page({ title: 'Start' }, 'Start.'),
      'cli/run.mdx': page({ title: 'Run' }, 'Run.'),
    });
    const layout = createSiteLayout(site);
    const home = layout.page(layout.inputs(site.pages.find((p) => p.path === 'index')!, undefined), '');
    expect(home).toMatch(
      /<nav class="tabs-nav" aria-label="Sections"><ul><li[^>]*><a href="\/guides\/start">Guides<\/a><\/li><li[^>]*><a href="\/cli\/run">CLI<\/a><\/li><\/ul><\/nav>/,
    );
    expect(home).toContain('<nav class="sidebar" id="sidebar" aria-label="Tabs documentation"></nav>');
  });

  it('ends every page with the feedback widget for its URL, before the previous and next links, shown only with the script', async () => {
    const site = await siteOf(FILES);
    const layout = createSiteLayout(site);
    for (const p of site.pages) {
      const html = layout.page(layout.inputs(p, treeOf(site, p)), '<p>Body.</p>');
      const widget = `<section class="feedback-widget js-only" aria-labelledby="docsite-feedback-question" data-endpoint="/_docsite/feedback" data-path="${p.url}">`;
      expect(html, p.url).toContain(widget);
      expect(html.indexOf(widget), p.url).toBeGreaterThan(html.indexOf('<p>Body.</p>'));
      if (html.includes('class="pager"')) expect(html.indexOf(widget), p.url).toBeLessThan(html.indexOf('class="pager"'));
      expect(html, p.url).toContain('<textarea id="docsite-feedback-comment" name="comment" rows="3" maxlength="2000"></textarea>');
      // Lucide's outline thumbs (stroked), the smallest there are.
      expect(html, p.url).toMatch(
        /<button type="button" class="feedback-answer" data-helpful="false" aria-pressed="false"><svg class="icon"[^>]* stroke="currentColor"/,
      );
    }
    expect(layout.notFound()).not.toContain('feedback-widget');
  });

  it("marks the page's link current and opens only the collapsed groups around it", async () => {
    const site = await siteOf(FILES);
    const layout = createSiteLayout(site);
    for (const p of site.pages) layout.inputs(p, treeOf(site, p));
    const sidebar = layout.sidebar('t0');
    expect(isConsistentSidebar(sidebar)).toBe(true);
    expect(sidebar.html).toContain('<details data-group="g2"><summary>More</summary>');
    expect(sidebar.html).not.toContain('aria-current');

    const two = sidebarForPage(sidebar, '/deep/two');
    expect(two).toContain('<details data-group="g2" open><summary>More</summary>');
    expect(two).toContain('<details data-group="g3" open><summary>Inner</summary>');
    expect(two).toContain('<a href="/deep/two" aria-current="page">Two</a>');
    expect(two.replace(' aria-current="page"', '').replaceAll(' open>', '>')).toBe(sidebar.html.replaceAll(' open>', '>'));

    const one = sidebarForPage(sidebar, '/deep/one');
    expect(one).toContain('<details data-group="g2" open>');
    expect(one).toContain('<details data-group="g3">');
    const intro = sidebarForPage(sidebar, '/intro');
    expect(intro).toContain('<a href="/intro" aria-current="page">Introduction</a>');
    expect(intro.match(/aria-current/g)).toHaveLength(1);
    expect(intro).toContain('<details data-group="g2">');
    expect(sidebarForPage(sidebar, '/orphan')).toBe(sidebar.html);
  });

  it('puts the marked sidebar in place of the marker, and refuses a marker naming no sidebar', async () => {
    const site = await siteOf(FILES);
    const layout = createSiteLayout(site);
    const html = layout.page(layout.inputs(site.pages.find((p) => p.path === 'deep/one')!, defaultTree(site.navigation)), '<p>One.</p>');
    const composed = insertSidebar(html, '/deep/one', (key) => (key === 't0' ? layout.sidebar(key) : undefined));
    expect(composed).toContain(`<nav class="sidebar" id="sidebar" aria-label="Docs documentation">${sidebarForPage(layout.sidebar('t0'), '/deep/one')}</nav>`);
    expect(composed).not.toContain('docsite:sidebar');
    expect(() => insertSidebar(html, '/deep/one', () => undefined)).toThrow(/sidebar "t0"/);
    expect(insertSidebar('<p>no marker</p>', '/x', () => undefined)).toBe('<p>no marker</p>');
  });

  it('frames a body between the HTML before and after it, whatever the title and description hold', async () => {
    const mark = '<!--docsite:body x-->';
    const site = await siteOf({ ...FILES, 'intro.mdx': page({ title: `Intro ${mark}`, description: `About ${mark}` }, 'Hello.') });
    const layout = createSiteLayout(site);
    const inputs = layout.inputs(site.pages.find((p) => p.path === 'intro')!, defaultTree(site.navigation));
    const [before, after] = layout.frame(inputs);
    expect(before).toMatch(/<div class="prose">$/);
    expect(after).toMatch(/^<\/div>/);
    expect(before).toContain('<meta name="description" content="About <!--docsite:body x-->">');
    expect(`${before}<p>Hello.</p>${after}`).toBe(layout.page(inputs, '<p>Hello.</p>'));
  });

  it('flags sidebar files whose offsets do not fit their HTML', () => {
    expect(isConsistentSidebar({ html: '<a href="/">x</a>', pages: { '/': [11] } })).toBe(true);
    expect(isConsistentSidebar({ html: '<a href="/">x</a>', pages: { '/': [3] } })).toBe(false);
    expect(isConsistentSidebar({ html: '<a href="/">x</a>', pages: { '/': [] } })).toBe(false);
  });
});

describe('layout keys', () => {
  it('are the same for the same site, body and page, and lay out the same page', async () => {
    const [a, b] = [await siteOf(FILES), await siteOf(FILES)];
    const [layoutA, layoutB] = [createSiteLayout(a), createSiteLayout(b)];
    expect(keysOf(a, layoutA)).toEqual(keysOf(b, layoutB));
    const intro = (site: SiteModel, layout: SiteLayout) =>
      layout.page(layout.inputs(site.pages.find((p) => p.path === 'intro')!, defaultTree(site.navigation)), '<p>Hello.</p>');
    expect(intro(a, layoutA)).toBe(intro(b, layoutB));
  });

  it('change with the body key', async () => {
    const site = await siteOf(FILES);
    const layout = createSiteLayout(site);
    const inputs = layout.inputs(site.pages[0]!, defaultTree(site.navigation));
    expect(layout.key(inputs, 'a')).not.toBe(layout.key(inputs, 'b'));
  });

  it("change for a retitled page's neighbours but not for other pages, whose sidebar is not in them", async () => {
    const before = await siteOf(FILES);
    const after = await siteOf({ ...FILES, 'deep/one.mdx': page({ title: 'One, renamed' }, 'One.') });
    const [keysBefore, keysAfter] = [keysOf(before, createSiteLayout(before)), keysOf(after, createSiteLayout(after))];
    const changed = [...keysBefore.keys()].filter((url) => keysBefore.get(url) !== keysAfter.get(url));
    expect(changed.sort()).toEqual(['/deep/one', '/deep/two', '/intro']);
  });

  it('change on every page with the shared parts (site name)', async () => {
    const before = await siteOf(FILES);
    const after = await siteOf({ ...FILES, 'docs.json': { ...FILES['docs.json'], name: 'Other' } });
    const [keysBefore, keysAfter] = [keysOf(before, createSiteLayout(before)), keysOf(after, createSiteLayout(after))];
    for (const [url, key] of keysBefore) expect(keysAfter.get(url), url).not.toBe(key);
  });

  it('writes no script URL of docs.json, should a site with them (a validate error) get as far as the layout', async () => {
    const { site } = await loadSite(
      writeSite({
        ...FILES,
        'docs.json': {
          ...FILES['docs.json'],
          logo: { light: 'data:image/png;base64,AAAA', href: ' javascript:alert(1)' },
          navigation: { ...FILES['docs.json'].navigation, global: { anchors: [{ anchor: 'Evil', href: 'java\tscript:alert(2)' }] } },
          contextual: {
            options: [
              { title: 'Evil', href: 'VBScript:msgbox(3)' },
              { title: 'Fine', href: 'https://example.test/' },
            ],
          },
        },
      }),
      { jobs: 1 },
    );
    const layout = createSiteLayout(site!);
    const html = layout.page(layout.inputs(site!.pages.find((p) => p.path === 'intro')!, defaultTree(site!.navigation)), '');
    expect(html).not.toMatch(/script:/i);
    expect(html).toContain('<a class="brand">');
    expect(html).toContain('<li><a>Evil</a></li>');
    expect(html).toContain('<li><a href="https://example.test/">Fine</a></li>');
  });
});
