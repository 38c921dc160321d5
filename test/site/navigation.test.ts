import { describe, expect, it } from 'vitest';
import { loadSite, type SiteModel } from '../../src/site/index.js';
import { page, writeSite } from '../helpers/site.js';

async function load(files: Record<string, string | object>): Promise<SiteModel> {
  const { site, diagnostics } = await loadSite(writeSite(files), { jobs: 1 });
  expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return site!;
}

const VERSIONED = {
  'docs.json': {
    name: 'Versioned',
    navigation: {
      versions: [
        {
          version: 'v1',
          languages: [
            {
              language: 'en',
              tabs: [
                {
                  tab: 'Guides',
                  groups: [{ group: 'Start', pages: ['index', { group: 'Deep', pages: ['guides/a', { group: 'Deeper', pages: ['guides/b'] }] }] }],
                },
              ],
            },
            { language: 'es', groups: [{ group: 'Inicio', pages: ['es/index'] }] },
          ],
        },
        { version: 'v2', default: true, languages: [{ language: 'en', groups: [{ group: 'Start', pages: ['index', 'v2/new'] }] }] },
      ],
    },
  },
  'index.mdx': page({ title: 'Home' }),
  'guides/a.mdx': page({ title: 'A' }),
  'guides/b.mdx': page({ title: 'B' }),
  'es/index.mdx': page({ title: 'Inicio' }),
  'v2/new.mdx': page({ title: 'New' }),
  'orphan.mdx': page({ title: 'Orphan' }),
  'es/huerfano.mdx': page({ title: 'Huérfano' }),
};

describe('navigation', () => {
  it('resolves one tree per version x language, in reading order', async () => {
    const site = await load(VERSIONED);
    expect(site.navigation.trees.map((t) => [t.version, t.language, t.order])).toEqual([
      ['v1', 'en', ['index', 'guides/a', 'guides/b']],
      ['v1', 'es', ['es/index']],
      ['v2', 'en', ['index', 'v2/new']],
    ]);
  });

  it('warns of a page listed twice (Mintlify builds it), and lists it once', async () => {
    const { site, diagnostics } = await loadSite(
      writeSite({
        'docs.json': {
          name: 'Twice',
          navigation: {
            groups: [
              { group: 'A', pages: ['index', 'guide'] },
              { group: 'B', pages: ['guide'] },
            ],
          },
        },
        'index.mdx': page({ title: 'Home' }),
        'guide.mdx': page({ title: 'Guide' }),
      }),
      { jobs: 1 },
    );
    expect(diagnostics.map((d) => `${d.file}:${d.line} ${d.severity} ${d.code}`)).toEqual(['docs.json:15 warning nav/duplicate-page']);
    expect(site!.navigation.trees[0]!.order).toEqual(['index', 'guide']);
  });

  it('makes the version marked default the default, else the first', async () => {
    const site = await load(VERSIONED);
    expect(site.navigation.versions).toEqual([
      { name: 'v1', default: false },
      { name: 'v2', default: true },
    ]);
    expect(site.navigation.languages).toEqual([
      { name: 'en', default: true },
      { name: 'es', default: false },
    ]);
  });

  it('gives each page breadcrumbs and its version and language tags', async () => {
    const site = await load(VERSIONED);
    const byPath = new Map(site.pages.map((p) => [p.path, p]));
    expect(byPath.get('guides/b')!.placements).toEqual([
      {
        version: 'v1',
        language: 'en',
        breadcrumbs: ['Guides', 'Start', 'Deep', 'Deeper'],
        index: 2,
        public: false,
        hidden: false,
        inVersion: true,
        inLanguage: true,
      },
    ]);
    expect([byPath.get('index')!.versions, byPath.get('index')!.languages]).toEqual([['v1', 'v2'], ['en']]);
    expect([byPath.get('es/index')!.versions, byPath.get('es/index')!.languages]).toEqual([['v1'], ['es']]);
    expect(byPath.get('es/huerfano')!.languages).toEqual(['es']);
    expect(byPath.get('orphan')!.inNavigation).toBe(false);
  });

  it('records endpoint entries with their OpenAPI file, from a group or written in full', async () => {
    const site = await load({
      'docs.json': {
        name: 'Api',
        navigation: { groups: [{ group: 'Users', openapi: '/openapi.yaml', pages: ['GET /users', 'other.json POST /things/{id}'] }] },
      },
      'openapi.yaml': 'openapi: 3.1.0\npaths:\n  /users:\n    get: {summary: List}\n',
      'other.json': JSON.stringify({ openapi: '3.1.0', paths: { '/things/{id}': { post: { summary: 'Make' } } } }),
    });
    expect(site.navigation.endpoints.map(({ openapi, method, path, breadcrumbs }) => ({ openapi, method, path, breadcrumbs }))).toEqual([
      { openapi: '/openapi.yaml', method: 'GET', path: '/users', breadcrumbs: ['Users'] },
      { openapi: 'other.json', method: 'POST', path: '/things/{id}', breadcrumbs: ['Users'] },
    ]);
    expect([...site.openapi.keys()]).toEqual(['openapi.yaml', 'other.json']);
  });

  it('keeps tabs and anchors that only link out as links, and global anchors apart', async () => {
    const site = await load({
      'docs.json': {
        name: 'Links',
        navigation: {
          global: { anchors: [{ anchor: 'Blog', href: 'https://example.com/blog', icon: 'newspaper' }] },
          tabs: [
            { tab: 'Docs', pages: ['index'] },
            { tab: 'Status', href: 'https://status.example.com' },
          ],
        },
      },
      'index.mdx': page({ title: 'Home' }),
    });
    expect(site.navigation.global).toEqual([{ type: 'link', kind: 'anchors', label: 'Blog', href: 'https://example.com/blog', icon: { name: 'newspaper' } }]);
    expect(site.navigation.trees[0]!.items[1]).toEqual({ type: 'link', kind: 'tabs', label: 'Status', href: 'https://status.example.com' });
  });
});
