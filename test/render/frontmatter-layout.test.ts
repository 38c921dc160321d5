// Frontmatter that shapes a page and its sidebar entry, as the served HTML shows it.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, readBundle } from '../../src/bundle/index.js';
import { startRuntime, type TestRuntime } from '../helpers/runtime.js';
import { page, writeSite } from '../helpers/site.js';

const SITE = {
  'docs.json': {
    name: 'Layout',
    navigation: { groups: [{ group: 'Guides', pages: ['index', 'quickstart', 'old-api', 'npm', 'secret', 'wide', 'endpoint'] }] },
  },
  'index.mdx': page({ title: 'Home' }, 'Welcome.'),
  'quickstart.mdx': page({ title: 'Quickstart guide', sidebarTitle: 'Quickstart', icon: 'rocket', iconType: 'solid', tag: 'NEW' }, 'Start.'),
  'old-api.mdx': page(
    { title: 'Old API', deprecated: true, hideFooterPagination: true, keywords: ['legacy', 'v1'], 'og:title': 'The old API', 'twitter:card': 'summary' },
    'Old.',
  ),
  'npm.mdx': page({ title: 'npm package', url: 'https://www.npmjs.com/package/example' }, 'Elsewhere.'),
  'secret.mdx': page({ title: 'Secret', hidden: true }, 'Unlisted.'),
  'wide.mdx': page({ title: 'Wide', mode: 'wide' }, 'Wide.'),
  'endpoint.mdx': page({ title: 'List things', api: 'GET https://api.example.com/things', hideApiMarker: true }, 'Things.'),
};

let runtime: TestRuntime;
beforeAll(async () => {
  const report = await build(writeSite(SITE), { out: mkdtempSync(join(tmpdir(), 'docsite-fm-layout-')), jobs: 1 });
  expect(report.errors).toEqual([]);
  expect(report.warnings).toEqual([]);
  runtime = await startRuntime({ bundle: await readBundle(report.outDir) });
}, 60_000);
afterAll(() => runtime?.close());

async function get(path: string): Promise<{ status: number; html: string; sidebar: string; header: string }> {
  const response = await fetch(`${runtime.url}${path}`);
  const html = await response.text();
  return {
    status: response.status,
    html,
    sidebar: /<nav class="sidebar"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? '',
    header: /<header class="page-header">[\s\S]*?<\/header>/.exec(html)?.[0] ?? '',
  };
}

describe('frontmatter in the sidebar', () => {
  it('labels an entry with sidebarTitle, its icon before and its tag after', async () => {
    const { sidebar } = await get('/');
    expect(sidebar).toContain(
      '<a href="/quickstart"><svg class="icon" viewBox="0 0 512 512" fill="currentColor" aria-hidden="true"><path d="M128 320L24.5 320c-24.9 0-40.2-27.1-27.4-48.5L50 183.3C58.7 168.8 74.3 160 91.2 160l95 0c76.1-128.9 189.6-135.4 265.5-124.3 12.8 1.9 22.8 11.9 24.6 24.6 11.1 75.9 4.6 189.4-124.3 265.5l0 95c0 16.9-8.8 32.5-23.3 41.2l-88.2 52.9c-21.3 12.8-48.5-2.6-48.5-27.4L192 384c0-35.3-28.7-64-64-64l-.1 0zM400 160a48 48 0 1 0 -96 0 48 48 0 1 0 96 0z"></path></svg>Quickstart<span class="nav-tag">NEW</span></a>',
    );
  });

  it('marks a deprecated page, and leaves out the method of hideApiMarker', async () => {
    const { sidebar } = await get('/');
    expect(sidebar).toContain('<a href="/old-api">Old API<span class="nav-tag nav-deprecated">Deprecated</span></a>');
    expect(sidebar).toContain('<a href="/endpoint">List things</a>');
  });

  it('links a url page to its URL, and leaves a hidden page out though it is served', async () => {
    const { sidebar } = await get('/');
    expect(sidebar).toContain('<a href="https://www.npmjs.com/package/example" class="nav-link">npm package</a>');
    expect(sidebar).not.toContain('/secret');
    const secret = await get('/secret');
    expect(secret.status).toBe(200);
    expect(secret.html).toContain('<meta name="robots" content="noindex">');
  });
});

describe('frontmatter on the page', () => {
  it('shows the tag and the deprecated badge beside the title', async () => {
    expect((await get('/quickstart')).header).toContain('<h1>Quickstart guide<span class="page-tag">NEW</span></h1>');
    expect((await get('/old-api')).header).toContain('<h1>Old API<span class="page-tag page-deprecated">Deprecated</span></h1>');
  });

  it('sets the mode as a class of the page', async () => {
    expect((await get('/wide')).html).toContain('<article class="page mode-wide">');
    expect((await get('/')).html).toContain('<article class="page">');
  });

  it('hides the previous/next links with hideFooterPagination', async () => {
    expect((await get('/old-api')).html).not.toContain('rel="prev"');
    expect((await get('/quickstart')).html).toContain('rel="prev"');
  });

  it('writes keywords, og:* and twitter:* frontmatter as meta tags', async () => {
    const { html } = await get('/old-api');
    expect(html).toContain('<meta name="keywords" content="legacy, v1">');
    expect(html).toContain('<meta property="og:title" content="The old API">');
    expect(html).toContain('<meta name="twitter:card" content="summary">');
  });
});
