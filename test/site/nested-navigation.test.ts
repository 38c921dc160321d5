// Navigation shapes nested the way Mintlify allows (navigation.mdx): versions and languages inside
// tabs keep the tab bar, each tab x version has its own sidebar, and a page's version follows
// from where it sits.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, readBundle } from '../../src/bundle/index.js';
import { loadSite, type SiteModel } from '../../src/site/index.js';
import { startRuntime, type TestRuntime } from '../helpers/runtime.js';
import { page, writeSite } from '../helpers/site.js';

/** The shape of the MCP docs: two tabs holding the same versions, and tabs without versions. */
const TABBED_VERSIONS = {
  'docs.json': {
    name: 'Protocol',
    navigation: {
      tabs: [
        {
          tab: 'Documentation',
          versions: [
            { version: 'Latest', default: true, groups: [{ group: 'Get started', pages: ['docs/intro', 'docs/start'] }] },
            { version: 'Old', groups: [{ group: 'Get started', pages: ['old/docs/intro'] }] },
          ],
        },
        {
          tab: 'Specification',
          versions: [
            { version: 'Latest', default: true, groups: [{ group: 'Base', pages: ['spec/index'] }] },
            { version: 'Old', groups: [{ group: 'Base', pages: ['old/spec/index'] }] },
          ],
        },
        { tab: 'Community', groups: [{ group: 'Join', pages: ['community/join'] }] },
      ],
    },
  },
  'docs/intro.mdx': page({ title: 'Intro' }, 'Latest intro.'),
  'docs/start.mdx': page({ title: 'Start' }, 'Latest start.'),
  'old/docs/intro.mdx': page({ title: 'Old intro' }, 'Old intro.'),
  'spec/index.mdx': page({ title: 'Spec' }, 'Latest spec.'),
  'old/spec/index.mdx': page({ title: 'Old spec' }, 'Old spec.'),
  'community/join.mdx': page({ title: 'Join' }, 'Join us.'),
};

async function load(files: Record<string, string | object>): Promise<SiteModel> {
  const { site, diagnostics } = await loadSite(writeSite(files), { jobs: 1 });
  expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return site!;
}

const pageOf = (site: SiteModel, path: string) => site.pages.find((p) => p.path === path)!;

describe('versions inside tabs', () => {
  it('keeps the tabs in every version tree, each version holding its own pages and the shared tabs', async () => {
    const site = await load(TABBED_VERSIONS);
    const shape = site.navigation.trees.map((tree) => [
      tree.version,
      tree.items.map((item) => (item.type === 'division' ? `${item.kind}:${item.label}` : item.type)),
      tree.order,
    ]);
    expect(shape).toEqual([
      ['Latest', ['tabs:Documentation', 'tabs:Specification', 'tabs:Community'], ['docs/intro', 'docs/start', 'spec/index', 'community/join']],
      ['Old', ['tabs:Documentation', 'tabs:Specification', 'tabs:Community'], ['old/docs/intro', 'old/spec/index', 'community/join']],
    ]);
  });

  it('gives a page the version it sits under, and a page outside every version all of them', async () => {
    const site = await load(TABBED_VERSIONS);
    expect(pageOf(site, 'docs/intro').versions).toEqual(['Latest']);
    expect(pageOf(site, 'old/spec/index').versions).toEqual(['Old']);
    expect(pageOf(site, 'community/join').versions).toEqual([]);
    expect(pageOf(site, 'docs/intro').placements.map((p) => p.breadcrumbs)).toEqual([['Documentation', 'Get started']]);
  });

  it('nests languages and versions inside tabs, anchors and dropdowns at any depth', async () => {
    const site = await load({
      'docs.json': {
        name: 'Deep',
        navigation: {
          anchors: [
            {
              anchor: 'Guides',
              dropdowns: [
                {
                  dropdown: 'Platform',
                  languages: [
                    { language: 'en', default: true, tabs: [{ tab: 'Start', groups: [{ group: 'G', pages: ['en/a'] }] }] },
                    { language: 'fr', tabs: [{ tab: 'Début', groups: [{ group: 'G', pages: ['fr/a'] }] }] },
                  ],
                },
              ],
            },
            { anchor: 'Blog', pages: ['blog'] },
          ],
        },
      },
      'en/a.mdx': page({ title: 'A' }),
      'fr/a.mdx': page({ title: 'A fr' }),
      'blog.mdx': page({ title: 'Blog' }),
    });
    expect(site.navigation.trees.map((t) => [t.language, t.order])).toEqual([
      ['en', ['en/a', 'blog']],
      ['fr', ['fr/a', 'blog']],
    ]);
    expect(pageOf(site, 'fr/a').placements[0]!.breadcrumbs).toEqual(['Guides', 'Platform', 'Début', 'G']);
    expect(pageOf(site, 'fr/a').languages).toEqual(['fr']);
    expect(pageOf(site, 'blog').languages).toEqual([]);
  });
});

describe('built pages of versions inside tabs', () => {
  let runtime: TestRuntime;
  beforeAll(async () => {
    const report = await build(writeSite(TABBED_VERSIONS), { out: mkdtempSync(join(tmpdir(), 'docsite-nested-nav-')), jobs: 1 });
    expect(report.errors).toEqual([]);
    runtime = await startRuntime({ bundle: await readBundle(report.outDir) });
  }, 60_000);
  afterAll(() => runtime?.close());

  async function partsOf(path: string): Promise<{ tabs: [string, string, boolean][]; sidebar: string[]; version: string | undefined }> {
    const html = await (await fetch(`${runtime.url}${path}`)).text();
    const nav = /<nav class="tabs-nav"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? '';
    const sidebar = /<nav class="sidebar"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? '';
    const version = /aria-label="Version: ([^"]*)"/.exec(html)?.[1];
    return {
      tabs: [...nav.matchAll(/<a href="([^"]*)"([^>]*)>([^<]*)<\/a>/g)].map((m) => [m[3]!, m[1]!, m[2]!.includes('aria-current')]),
      sidebar: [...sidebar.matchAll(/<a href="([^"]*)"/g)].map((m) => m[1]!),
      version,
    };
  }

  it('shows the tab bar and the sidebar of the page tab in its version', async () => {
    expect(await partsOf('/old/spec')).toEqual({
      tabs: [
        ['Documentation', '/old/docs/intro', false],
        ['Specification', '/old/spec', true],
        ['Community', '/community/join', false],
      ],
      sidebar: ['/old/spec'],
      version: 'Old',
    });
    expect(await partsOf('/docs/start')).toEqual({
      tabs: [
        ['Documentation', '/docs/intro', true],
        ['Specification', '/spec', false],
        ['Community', '/community/join', false],
      ],
      sidebar: ['/docs/intro', '/docs/start'],
      version: 'Latest',
    });
  });

  it('switches version into the same tab of the other version when the page is not there', async () => {
    const html = await (await fetch(`${runtime.url}/old/spec`)).text();
    const switcher = /<details class="switcher">[\s\S]*?<\/details>/.exec(html)?.[0] ?? '';
    expect([...switcher.matchAll(/<a href="([^"]*)"[^>]*>([^<]*)<\/a>/g)].map((m) => [m[2], m[1]])).toEqual([
      ['Latest', '/spec'],
      ['Old', '/old/spec'],
    ]);
  });

  it('shows no version switcher on a page outside every version', async () => {
    const parts = await partsOf('/community/join');
    expect(parts.tabs.map(([label, , current]) => [label, current])).toEqual([
      ['Documentation', false],
      ['Specification', false],
      ['Community', true],
    ]);
    expect(parts.sidebar).toEqual(['/community/join']);
    expect(parts.version).toBeUndefined();
  });
});
