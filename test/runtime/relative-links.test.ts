import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserUrl } from '../../src/render/browser-urls.js';
import { serveSite, type TestRuntime } from '../helpers/runtime.js';
import { page, writeSite } from '../helpers/site.js';

let runtime: TestRuntime;

beforeAll(async () => {
  const dir = writeSite({
    'docs.json': {
      name: 'Links',
      logo: 'guides/images/flow.png',
      favicon: 'guides/images/flow.png',
      navigation: { pages: ['index', 'guides/index', 'guides/setup', 'guides/deep/tips', 'guides/more'] },
    },
    'index.mdx': page({ title: 'Home' }, 'Read the [guides](guides/index.mdx) and the [setup](./guides/setup#install).'),
    'guides/index.mdx': page(
      { title: 'Guides' },
      'Start with [setup](./setup), or [tips](./deep/tips.mdx).\n\n![Diagram](./images/flow.png)\n\n<Card title="Setup" href="./setup" img="./images/flow.png">Go</Card>\n\n<img src="./images/flow.png" alt="again" />\n\n[Home](../index) · [setup, by reference][s]\n\n[s]: ./setup?tab=cli#install\n\nWithout `./`, a path is the browser\'s to resolve from the URL /guides: [tips](guides/deep/tips).',
    ),
    'guides/setup.mdx': page({ title: 'Setup' }, '## Install\n\nBack to the [guides](./index) or [home](../index.mdx).'),
    'guides/deep/tips.mdx': page({ title: 'Tips' }, 'See [setup](../setup#install) and ![flow](../images/flow.png).'),
    'guides/images/flow.png': 'not really a png',
    // A snippet's links resolve from the page that places it, as validate resolves them.
    'guides/more.mdx': page({ title: 'More' }, "import NextSteps from '/snippets/next-steps.mdx';\n\nBefore.\n\n<NextSteps />\n\nAfter."),
    'snippets/next-steps.mdx':
      "import Footer from '/snippets/footer.mdx';\n\nContinue with [setup](./setup#install) or [the guides](./index).\n\n![Flow](images/flow.png)\n\n<Footer />\n",
    'snippets/footer.mdx': 'Back [home](../index.mdx).\n',
  });
  runtime = await serveSite(dir);
});
afterAll(() => runtime?.close());

/** The href and src values of a page's body as served (not of the layout around it). */
async function bodyUrls(url: string): Promise<string[]> {
  const html = await (await fetch(`${runtime.url}${url}`)).text();
  const start = html.indexOf('<div class="prose">');
  const pager = html.indexOf('<nav class="pager"', start);
  const body = html.slice(start, pager < 0 ? html.indexOf('</main>') : pager);
  return [...body.matchAll(/(?:href|src)="([^"#]*)(?:#[^"]*)?"/g)].map((m) => m[1]!.replace(/&#x26;|&amp;/g, '&')).filter((u) => u !== '');
}

// Mintlify resolves `./` and `../` from the page's file and leaves other relative paths to the
// browser, which resolves them from the page's URL (@mintlify/common, remarkResolveRelativeLinks):
// the two differ on an index page, guides/index.mdx being served at /guides.
describe('links written relative to the page file, or to its URL', () => {
  it('lead to the pages and images validate checked, from an index page too', async () => {
    for (const url of ['/', '/guides', '/guides/setup', '/guides/deep/tips', '/guides/more']) {
      const urls = await bodyUrls(url);
      expect(urls.length, url).toBeGreaterThan(0);
      for (const target of urls) expect((await fetch(`${runtime.url}${target}`)).status, `${target} on ${url}`).toBe(200);
    }
  });

  it('are written as the URLs of what they lead to', async () => {
    expect(await bodyUrls('/guides')).toEqual([
      '/guides/setup',
      '/guides/deep/tips',
      '/guides/images/flow.png',
      '/guides/setup',
      '/guides/images/flow.png',
      '/guides/images/flow.png',
      '/',
      '/guides/setup?tab=cli',
      '/guides/deep/tips',
    ]);
  });
});

describe('the Markdown version of a page', () => {
  it('carries its links resolved as the HTML does, and its text otherwise as written', async () => {
    const markdown = await (await fetch(`${runtime.url}/guides.md`)).text();
    expect(markdown).toBe(
      '# Guides\n\nStart with [setup](/guides/setup), or [tips](/guides/deep/tips).\n\n![Diagram](/guides/images/flow.png)\n\n' +
        '<Card title="Setup" href="/guides/setup" img="/guides/images/flow.png">Go</Card>\n\n<img src="/guides/images/flow.png" alt="again" />\n\n' +
        "[Home](/) · [setup, by reference][s]\n\n[s]: /guides/setup?tab=cli#install\n\nWithout `./`, a path is the browser's to resolve from the URL /guides: [tips](/guides/deep/tips).\n",
    );
  });
});

describe('the Markdown version of a page that places a snippet', () => {
  it('carries the links of the snippets it places (and they place) resolved from the page, as its HTML does', async () => {
    expect(await bodyUrls('/guides/more')).toEqual(['/guides/setup', '/guides', '/guides/images/flow.png', '/']);
    const markdown = await (await fetch(`${runtime.url}/guides/more.md`)).text();
    expect(markdown).toBe(
      '# More\n\nBefore.\n\nContinue with [setup](/guides/setup#install) or [the guides](/guides).\n\n![Flow](/guides/images/flow.png)\n\nBack [home](/).\n\nAfter.\n',
    );
  });
});

describe('a logo and favicon written relative to the docs folder', () => {
  it('are found from every page', async () => {
    const html = await (await fetch(`${runtime.url}/guides/deep/tips`)).text();
    expect(html).toContain('<img class="logo logo-light" src="/guides/images/flow.png"');
    expect(html).toContain('<link rel="icon" href="/guides/images/flow.png">');
  });
});

describe('browserUrl', () => {
  it('resolves `./` and `../` from the page file and other relative paths from its URL, keeps the query and anchor, and leaves external URLs and bare anchors alone', () => {
    expect(browserUrl('./setup', 'guides/index', 'link')).toBe('/guides/setup');
    expect(browserUrl('guides/setup', 'guides/index', 'link')).toBe('/guides/setup');
    expect(browserUrl('setup', 'guides/index', 'link')).toBe('/setup');
    expect(browserUrl('setup', 'guides/intro', 'link')).toBe('/guides/setup');
    expect(browserUrl('../index.mdx#top', 'guides/setup', 'link')).toBe('/#top');
    expect(browserUrl('/v1/index', 'index', 'link')).toBe('/v1');
    expect(browserUrl('./café?x=1#étape', 'guides/index', 'link')).toBe('/guides/caf%C3%A9?x=1#étape');
    expect(browserUrl('./setup#install', 'guides/index', 'link')).toBe('/guides/setup#install');
    expect(browserUrl('img/a b.png', 'guides/setup', 'image')).toBe('/guides/img/a%20b.png');
    expect(browserUrl('#faq', 'guides/index', 'link')).toBe('#faq');
    expect(browserUrl('https://example.com/x', 'guides/index', 'link')).toBe('https://example.com/x');
    expect(browserUrl('mailto:help@acme.test', 'guides/index', 'link')).toBe('mailto:help@acme.test');
  });
});
