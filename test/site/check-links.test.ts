// Link checking of real Mintlify sites: what a link or anchor leads to, as Mintlify serves it.
import { describe, expect, it } from 'vitest';
import { ConfinedFolder, parsePage } from '../../src/content/index.js';
import { loadSite } from '../../src/site/index.js';
import { page, writeSite } from '../helpers/site.js';

/** The link diagnostics of a site, as `file:line code message`. */
async function linkProblems(files: Record<string, string | object>): Promise<string[]> {
  const { diagnostics } = await loadSite(writeSite(files), { jobs: 1 });
  return diagnostics.filter((d) => d.code.startsWith('link/')).map((d) => `${d.file}:${d.line} ${d.code} ${d.message}`);
}

describe('links through docs.json redirects', () => {
  const site = (redirects: object[], body: string): Record<string, string | object> => ({
    'docs.json': { name: 'R', navigation: { pages: ['index', 'v2/guide'] }, redirects },
    'index.mdx': page({ title: 'Home' }, body),
    'v2/guide.mdx': page({ title: 'Guide' }, '## Setup steps\n'),
  });

  it('follows a wildcard redirect to the page it leads to', async () => {
    const redirects = [{ source: '/latest/:slug*', destination: '/v2/:slug*' }];
    expect(await linkProblems(site(redirects, '[a](/latest/guide) [b](/latest/guide#setup-steps)'))).toEqual([]);
  });

  it('follows a chain of redirects', async () => {
    const redirects = [
      { source: '/old/guide', destination: '/latest/guide' },
      { source: '/latest/:slug*', destination: '/v2/:slug*' },
    ];
    expect(await linkProblems(site(redirects, '[a](/old/guide)'))).toEqual([]);
  });

  it('reports a link whose redirect leads nowhere, and an anchor the final page lacks', async () => {
    const redirects = [{ source: '/latest/:slug*', destination: '/v2/:slug*' }];
    const problems = await linkProblems(site(redirects, '[a](/latest/missing)\n\n[b](/latest/guide#nope)'));
    expect(problems).toEqual([
      'index.mdx:5 link/broken Link "/latest/missing" is redirected to "/v2/missing", which is not a page.',
      'index.mdx:7 link/broken-anchor Link "/latest/guide#nope": page "v2/guide" has no heading with anchor #nope.',
    ]);
  });

  it('does not loop on a cycle of redirects', async () => {
    const redirects = [
      { source: '/a/:slug*', destination: '/b/:slug*' },
      { source: '/b/:slug*', destination: '/a/:slug*' },
    ];
    const problems = await linkProblems(site(redirects, '[a](/a/x)'));
    expect(problems).toEqual(['index.mdx:5 link/broken Link "/a/x" is redirected in a loop and leads to no page.']);
  });
});

describe('non-navigational hrefs', () => {
  it('does not check SVG sprite references or <link> elements as page links', async () => {
    const body = '<svg><use href="assets/icons.svg#icon-anchor" /></svg>\n\n<svg><image href="pic.png" /></svg>\n\n<a href="/nowhere">x</a>\n';
    const problems = await linkProblems({ 'docs.json': { name: 'S', navigation: { pages: ['index'] } }, 'index.mdx': page({ title: 'Home' }, body) });
    expect(problems).toEqual(['index.mdx:9 link/broken Link "/nowhere" points to a page that does not exist.']);
  });
});

describe('links written with a base path', () => {
  it('says so when a broken link names a page or file once its first folder is taken off', async () => {
    const problems = await linkProblems({
      'docs.json': { name: 'B', navigation: { pages: ['index', 'guide'] } },
      'index.mdx': page({ title: 'Home' }, '[g](/docs/guide)\n\n![shot](/docs/images/shot.png)\n\n[n](/docs/nothing)'),
      'guide.mdx': page({ title: 'Guide' }),
      'images/shot.png': 'png',
    });
    expect(problems).toEqual([
      'index.mdx:5 link/broken Link "/docs/guide" points to a page that does not exist. Without "/docs" it leads to /guide: is it written for a site served under that base path?',
      'index.mdx:7 link/broken Image "/docs/images/shot.png" does not exist (or is ignored). Without "/docs" it leads to /images/shot.png: is it written for a site served under that base path?',
      'index.mdx:9 link/broken Link "/docs/nothing" points to a page that does not exist.',
    ]);
  });
});

describe('anchors of elements', () => {
  it('finds an id written on an HTML element or a component that renders it, not on one that drops it', async () => {
    const body = '<div id="plain">a</div>\n\n<Accordion title="T" id="acc">b</Accordion>\n\n<Note id="note">c</Note>\n\n[1](#plain) [2](#acc) [3](#note)';
    const problems = await linkProblems({ 'docs.json': { name: 'E', navigation: { pages: ['index'] } }, 'index.mdx': page({ title: 'Home' }, body) });
    expect(problems).toEqual(['index.mdx:11 link/broken-anchor Link "#note": page "index" has no heading with anchor #note.']);
  });
});

describe('relative links without ./ or ../', () => {
  // Mintlify leaves them to the browser, which resolves them from the page's URL: from /guides for guides/index.mdx.
  it('lead from an index page where its URL leads, and a broken one says what the path names from the root', async () => {
    const problems = await linkProblems({
      'docs.json': { name: 'U', navigation: { pages: ['index', 'guides/index', 'guides/setup', 'guides/deploy'] } },
      'index.mdx': page({ title: 'Home' }),
      'guides/index.mdx': page({ title: 'Guides' }, '[setup](guides/setup) and [deploy](./deploy)'),
      'guides/setup.mdx': page({ title: 'Setup' }, '[deploy](deploy)'),
      'guides/deploy.mdx': page({ title: 'Deploy' }, 'Back to [setup](guides/setup).'),
    });
    expect(problems).toEqual([
      'guides/deploy.mdx:5 link/broken Link "guides/setup" points to a page that does not exist. A path without `/`, `./` or `../` is resolved from the page\'s URL, /guides/deploy, as a browser does: it leads to /guides/guides/setup. Did you mean /guides/setup?',
    ]);
  });
});

describe('an anchor written with characters a heading id loses', () => {
  // Mintlify's link checker takes `:`, `?`, `!`, quotes, brackets and emoji off a link's anchor, as
  // heading ids lose them (@mintlify/link-rot, safeCleanHeadingId): its own docs link to #example%3A-….
  it('finds the heading', async () => {
    const problems = await linkProblems({
      'docs.json': { name: 'A', navigation: { pages: ['index', 'deploy'] } },
      'index.mdx': page(
        { title: 'Home' },
        '[remote](/deploy#option-2%3A-remote-server), [bot](/deploy#error-%F0%9F%A4%96) and [none](/deploy#option-3%3A-cloud)',
      ),
      'deploy.mdx': page({ title: 'Deploy' }, '## Option 2: Remote server\n\n## error 🤖\n'),
    });
    expect(problems).toEqual(['index.mdx:5 link/broken-anchor Link "/deploy#option-3%3A-cloud": page "deploy" has no heading with anchor #option-3:-cloud.']);
  });
});

describe('problems in snippets', () => {
  const placed = (file: string, line: number) => ({ file, line });
  // One snippet placed on two pages, at different lines: its broken link, unknown icon and script
  // URL are each one problem, at the snippet's line, naming both placements.
  const SHARED = 'Read the [guide](/missing-guide) or [run it](javascript:alert(1)).\n\n<Card title="Setup" icon="no-such-icon-anywhere">Set up.</Card>\n';
  const site = (): Record<string, string | object> => ({
    'docs.json': { name: 'S', navigation: { pages: ['a', 'guides/b'] } },
    'a.mdx': page({ title: 'A' }, 'import Shared from "/snippets/shared.mdx";\n\n<Shared />\n\n[own](/also-missing)'),
    'guides/b.mdx': page({ title: 'B' }, 'import Shared from "/snippets/shared.mdx";\n\nIntro.\n\n<Shared />'),
    'snippets/shared.mdx': SHARED,
  });

  it('reports each once, where the snippet has it, with the pages that place it', async () => {
    const { diagnostics } = await loadSite(writeSite(site()), { jobs: 1 });
    const shown = diagnostics.map((d) => [`${d.file}:${d.line}:${d.column}`, d.code, d.placedOn]);
    expect(shown).toEqual([
      ['a.mdx:9:1', 'link/broken', undefined],
      ['snippets/shared.mdx:1:10', 'link/broken', [placed('a.mdx', 7), placed('guides/b.mdx', 9)]],
      ['snippets/shared.mdx:1:37', 'link/script-url', [placed('a.mdx', 7), placed('guides/b.mdx', 9)]],
      ['snippets/shared.mdx:3:1', 'render/unknown-icon', [placed('a.mdx', 7), placed('guides/b.mdx', 9)]],
    ]);
  });

  it("reports a snippet's problem with the one placement when a page is checked again alone (docsite dev, after a save)", async () => {
    const files = site();
    const root = writeSite(files);
    const { sitePageOf } = await loadSite(root, { jobs: 1 });
    const saved = parsePage('guides/b.mdx', files['guides/b.mdx'] as string, { folder: new ConfinedFolder(root) });
    const { diagnostics } = sitePageOf!(saved);
    expect(diagnostics.filter((d) => d.code === 'link/broken').map((d) => [`${d.file}:${d.line}`, d.placedOn])).toEqual([
      ['snippets/shared.mdx:1', [placed('guides/b.mdx', 9)]],
    ]);
  });

  it('reports a link of a snippet placed by a snippet in the file that has it', async () => {
    const problems = await loadSite(
      writeSite({
        'docs.json': { name: 'N', navigation: { pages: ['index'] } },
        'index.mdx': page({ title: 'Home' }, 'import Outer from "/snippets/outer.mdx";\n\n<Outer />'),
        'snippets/outer.mdx': 'import Inner from "/snippets/inner.mdx";\n\nOuter text.\n\n<Inner />\n',
        'snippets/inner.mdx': 'Inner text.\n\nSee [gone](/gone).\n',
      }),
      { jobs: 1 },
    );
    expect(problems.diagnostics.map((d) => [`${d.file}:${d.line}:${d.column}`, d.placedOn])).toEqual([['snippets/inner.mdx:3:5', [placed('index.mdx', 7)]]]);
  });
});
