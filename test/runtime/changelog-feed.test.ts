// A changelog page's RSS feed at `<page URL>/rss.xml`, made from its <Update> components as
// Mintlify makes it, and the RSS button of frontmatter `rss: true`.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, readBundle, type LoadedBundle } from '../../src/bundle/index.js';
import { Browser, localConfig, SESSION_ENV, startAuthRuntime, type AuthRuntime } from '../helpers/auth-runtime.js';
import { startRuntime, type TestRuntime } from '../helpers/runtime.js';
import { page, writeSite } from '../helpers/site.js';

const CHANGELOG = `
<Update label="June 2025" description="v2.1.0">
  ## Search that forgives typos

  Queries with **one wrong letter** still find the page. See [search](/guide).

  <Note>A component, left out of the feed.</Note>

  \`\`\`bash
  left out: code
  \`\`\`

  ## Faster builds

  Builds reuse the page cache.
</Update>

<Update label="May 2025">
  Bug fixes & improvements.
</Update>

<Update label="v1.0.0" rss={{ title: "The first release", description: "Everything <new>." }}>
  <Frame>![shot](/shot.png)</Frame>
</Update>

<Update label="January 3, 2025" rss={{ title: "New year" }}>
  Fresh *start*.
</Update>

<Update label="2024-12-31">
  Last of the year.
</Update>
`;

async function buildSite(files: Record<string, string | object>): Promise<LoadedBundle> {
  const dir = writeSite({
    'docs.json': { name: 'Acme', navigation: { pages: ['index', 'changelog', 'guide'] } },
    'index.mdx': page({ title: 'Home' }, 'Welcome.'),
    'guide.mdx': page({ title: 'Guide' }, 'Steps.'),
    'shot.png': 'png',
    ...files,
  });
  const report = await build(dir, { out: mkdtempSync(join(tmpdir(), 'docsite-feed-')), jobs: 1 });
  expect(report.errors).toEqual([]);
  return readBundle(report.outDir);
}

let bundle: LoadedBundle;
let runtime: TestRuntime;
let authRuntime: AuthRuntime;

beforeAll(async () => {
  bundle = await buildSite({ 'changelog.mdx': page({ title: 'Changelog', description: 'What is new', rss: true }, CHANGELOG) });
  runtime = await startRuntime({ bundle });
  authRuntime = await startAuthRuntime(localConfig(), SESSION_ENV, bundle);
  await authRuntime.store.addUser({ username: 'olga', password: 'olga-password' });
});
afterAll(async () => {
  await runtime?.close();
  await authRuntime?.close();
});

/** The items of a feed as [title, link, description, pubDate]. */
function items(xml: string): string[][] {
  return [...xml.matchAll(/<item>([\s\S]*?)<\/item>/g)].map(([, item]) =>
    ['title', 'link', 'description', 'pubDate'].map((tag) => new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`).exec(item!)?.[1] ?? ''),
  );
}

describe('a changelog page', () => {
  it('has a feed with an entry per heading of an update, per update without headings, and the rss prop in place of its content', async () => {
    const response = await fetch(`${runtime.url}/changelog/rss.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    const xml = await response.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<rss version="2.0"/);
    expect(xml).toContain('<title>Changelog - Acme</title>');
    expect(xml).toContain(`<atom:link href="${runtime.url}/changelog/rss.xml" rel="self" type="application/rss+xml"/>`);
    expect(items(xml)).toEqual([
      [
        'Search that forgives typos',
        `${runtime.url}/changelog#search-that-forgives-typos`,
        'Queries with **one wrong letter** still find the page. See [search](/guide).',
        'Sun, 01 Jun 2025 00:00:00 GMT',
      ],
      ['Faster builds', `${runtime.url}/changelog#faster-builds`, 'Builds reuse the page cache.', 'Sun, 01 Jun 2025 00:00:00 GMT'],
      ['May 2025', `${runtime.url}/changelog#may-2025`, 'Bug fixes &amp; improvements.', 'Thu, 01 May 2025 00:00:00 GMT'],
      // A label that names no date gives no date.
      ['The first release', `${runtime.url}/changelog#v1-0-0`, 'Everything &lt;new&gt;.', ''],
      // A title of its own, and the content as the description.
      ['New year', `${runtime.url}/changelog#january-3-2025`, 'Fresh *start*.', 'Fri, 03 Jan 2025 00:00:00 GMT'],
      ['2024-12-31', `${runtime.url}/changelog#2024-12-31`, 'Last of the year.', 'Tue, 31 Dec 2024 00:00:00 GMT'],
    ]);
    expect(xml).not.toContain('left out');
  });

  it('announces its feed in the head and, with `rss: true`, shows the RSS button', async () => {
    const html = await (await fetch(`${runtime.url}/changelog`)).text();
    expect(html).toContain('<link rel="alternate" type="application/rss+xml" title="Changelog - Acme" href="/changelog/rss.xml">');
    expect(html).toMatch(/<a class="page-feed" href="\/changelog\/rss.xml" type="application\/rss\+xml">RSS<\/a>/);
  });

  it('without `rss: true` still has its feed but no button; a page without updates has no feed', async () => {
    const plain = await buildSite({ 'changelog.mdx': page({ title: 'Changelog' }, CHANGELOG) });
    const server = await startRuntime({ bundle: plain });
    try {
      expect((await fetch(`${server.url}/changelog/rss.xml`)).status).toBe(200);
      expect(await (await fetch(`${server.url}/changelog`)).text()).not.toContain('page-feed');
      expect((await fetch(`${server.url}/guide/rss.xml`)).status).toBe(404);
      expect((await fetch(`${server.url}/nowhere/rss.xml`)).status).toBe(404);
      expect((await fetch(`${server.url}/%E0%A4%A/rss.xml`)).status).toBe(400);
    } finally {
      await server.close();
    }
  });

  it('on an authenticated site, is for readers of the page only', async () => {
    const anonymous = new Browser(authRuntime.url);
    expect((await anonymous.get('/changelog/rss.xml')).status).toBe(404);
    const reader = new Browser(authRuntime.url);
    expect((await reader.signIn('olga', 'olga-password')).status).toBe(303);
    const feed = await reader.get('/changelog/rss.xml');
    expect(feed.status).toBe(200);
    expect(await feed.text()).toContain('<title>Faster builds</title>');
  });
});
