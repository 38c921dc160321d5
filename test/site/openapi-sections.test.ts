// API sections: a navigation item with `openapi` and no endpoints of its own listed shows every operation of the spec, grouped by tag, after its pages.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/bundle/index.js';
import { loadSite } from '../../src/site/index.js';
import type { NavItem } from '../../src/site/navigation-model.js';
import { pageSlug } from '../../src/site/openapi-page-path.js';
import { page, writeSite } from '../helpers/site.js';

const PLANTS = `openapi: 3.1.0
info: { title: Plants, version: "1" }
servers:
  - url: https://api.plants.test
tags:
  - name: plant-care
    x-group: Plant Care
paths:
  /plants:
    get:
      tags: [Plants]
      summary: List plants
      description: Every plant of the garden.
      parameters:
        - { name: limit, in: query, description: How many plants to return., schema: { type: integer } }
        # HTML in a description, a URL right before a tag (spree's): the page must still parse.
        - name: include
          in: query
          description: 'Related resources, see: <a href="https://jsonapi.org/format/#fetching-includes">https://jsonapi.org/format/#fetching-includes</a> {and more}'
          schema: { type: string }
    post:
      tags: [Plants]
      summary: Add a plant
      deprecated: true
  /plants/{plantId}:
    get:
      tags: [Plants]
      summary: Get a plant
      x-hidden: true
    delete:
      tags: [Plants]
      summary: Delete a plant
      x-excluded: true
  /plants/{plantId}/water:
    post:
      tags: [plant-care]
      summary: Water a plant
  /health:
    get:
      description: Whether the API is up.
webhooks:
  plantWatered:
    post:
      tags: [plant-care]
      summary: Plant watered
`;

const SITE = {
  'docs.json': {
    name: 'Plants',
    navigation: {
      tabs: [
        {
          tab: 'Guides',
          groups: [
            { group: 'Start', pages: ['index'] },
            { group: 'Plants API', openapi: 'plants.yaml' },
          ],
        },
        { tab: 'Reference', openapi: { source: 'plants.yaml', directory: 'reference/v1' } },
      ],
    },
  },
  'plants.yaml': PLANTS,
  'index.mdx': page(
    { title: 'Start' },
    'See [the plants](/api-reference/plants/list-plants), [watering](/reference/v1/plant-care/water-a-plant) and [one plant](/api-reference/plants/get-a-plant).',
  ),
};

/** The groups of a division: each label with the pages it lists. */
function groupsOf(item: NavItem | undefined): { label: string; pages: string[] }[] {
  if (item?.type !== 'division') return [];
  return item.children.flatMap((group) =>
    group.type === 'division' ? [{ label: group.label, pages: group.children.flatMap((entry) => (entry.type === 'endpoint' ? [entry.page] : [])) }] : [],
  );
}

describe('API sections', () => {
  let loaded: Awaited<ReturnType<typeof loadSite>>;
  beforeAll(async () => {
    loaded = await loadSite(writeSite(SITE), { jobs: 1 });
  });
  const pageOf = (path: string) => loaded.site!.pages.find((p) => p.path === path);
  const tabs = () => loaded.site!.navigation.trees[0]!.items;

  it('list a group per tag (its x-group, else its name; untagged last here), operations in spec order, webhooks after paths', () => {
    const guides = tabs()[0]!;
    const plantsApi = guides.type === 'division' ? guides.children[1] : undefined;
    expect(groupsOf(plantsApi)).toEqual([
      { label: 'Plants', pages: ['api-reference/plants/list-plants', 'api-reference/plants/add-a-plant'] },
      { label: 'Plant Care', pages: ['api-reference/plant-care/water-a-plant', 'api-reference/plant-care/plant-watered'] },
      { label: 'API Reference', pages: ['api-reference/get-health'] },
    ]);
  });

  it('fill a tab whose openapi (with a directory) is all it has, under that directory', () => {
    expect(groupsOf(tabs()[1])).toEqual([
      { label: 'Plants', pages: ['reference/v1/plants/list-plants', 'reference/v1/plants/add-a-plant'] },
      { label: 'Plant Care', pages: ['reference/v1/plant-care/water-a-plant', 'reference/v1/plant-care/plant-watered'] },
      { label: 'API Reference', pages: ['reference/v1/get-health'] },
    ]);
  });

  it('title each page with the summary (else method and path), describe it and flag it deprecated from the spec', () => {
    expect(pageOf('api-reference/plants/list-plants')).toMatchObject({
      title: 'List plants',
      frontmatter: { description: 'Every plant of the garden.' },
      inNavigation: true,
    });
    expect(pageOf('api-reference/plants/list-plants')!.placements[0]!.breadcrumbs).toEqual(['Guides', 'Plants API', 'Plants']);
    expect(pageOf('api-reference/get-health')).toMatchObject({ title: 'GET /health', frontmatter: { description: 'Whether the API is up.' } });
    expect(pageOf('api-reference/plants/add-a-plant')!.frontmatter.deprecated).toBe(true);
    expect(pageOf('api-reference/plant-care/plant-watered')).toMatchObject({ title: 'Plant watered' });
  });

  it('build an x-hidden operation a page that is not listed, and none for an x-excluded one', () => {
    expect(pageOf('api-reference/plants/get-a-plant')).toMatchObject({ title: 'Get a plant', inNavigation: false });
    expect(loaded.site!.pages.some((p) => p.title === 'Delete a plant')).toBe(false);
  });

  it('make the pages links may point at', () => {
    expect(loaded.diagnostics).toEqual([]);
  });

  it('build each operation a page with its method, URL and parameters', async () => {
    const root = writeSite(SITE);
    const out = `${root}-out`;
    const report = await build(root, { out, jobs: 1 });
    expect(report.errors).toEqual([]);
    const html = readFileSync(join(out, 'api-reference/plants/list-plants.html'), 'utf8');
    expect(html).toContain('<span class="method method-get">GET</span>');
    expect(html).toContain('<code class="endpoint-url">https://api.plants.test/plants</code>');
    expect(html).toContain('How many plants to return.');
    expect(readFileSync(join(out, 'reference/v1/plant-care/water-a-plant.md'), 'utf8')).toMatch(/^# Water a plant/);
    expect(readFileSync(join(out, 'api-reference/plants/get-a-plant.html'), 'utf8')).toContain('<h1>Get a plant</h1>');
    expect(existsSync(join(out, 'api-reference/plants/delete-a-plant.html'))).toBe(false);
  });
});

describe('Endpoints listed in navigation', () => {
  it('are named like API section pages, from the spec and directory of api.openapi when no item sets one', async () => {
    const root = writeSite({
      'docs.json': {
        name: 'Listed',
        api: { openapi: { source: 'plants.yaml', directory: 'v2' } },
        navigation: { groups: [{ group: 'API', pages: ['GET /plants', 'plants.yaml POST /plants/{plantId}/water'] }] },
      },
      'plants.yaml': PLANTS,
    });
    const { site, diagnostics } = await loadSite(root, { jobs: 1 });
    expect(diagnostics).toEqual([]);
    expect(site!.navigation.endpoints.map((e) => e.page)).toEqual(['v2/plants/list-plants', 'v2/plant-care/water-a-plant']);
    expect(site!.pages.find((p) => p.path === 'v2/plants/list-plants')).toMatchObject({ title: 'List plants', inNavigation: true });
  });
});

describe('API sections in versions', () => {
  it('fill a version whose openapi is all it has; the pages of a spec two versions show are built once', async () => {
    const root = writeSite({
      'docs.json': {
        name: 'Versions',
        navigation: {
          versions: [
            { version: 'v2', openapi: 'plants.yaml' },
            { version: 'v1', groups: [{ group: 'Old', openapi: 'plants.yaml' }] },
          ],
        },
      },
      'plants.yaml': PLANTS,
    });
    const { site, diagnostics } = await loadSite(root, { jobs: 1 });
    expect(diagnostics).toEqual([]);
    const v2 = site!.navigation.trees.find((tree) => tree.version === 'v2')!;
    expect(v2.items.map((item) => (item.type === 'division' ? item.label : item.type))).toEqual(['Plants', 'Plant Care', 'API Reference']);
    const list = site!.pages.filter((p) => p.path === 'api-reference/plants/list-plants');
    expect(list).toHaveLength(1);
    expect(list[0]!.versions).toEqual(['v1', 'v2']);
  });
});

describe('API sections whose spec cannot be read', () => {
  it('report a missing local spec at its docs.json line, and warn that a remote one is not fetched', async () => {
    const root = writeSite({
      'docs.json': {
        name: 'Broken',
        navigation: {
          groups: [
            { group: 'Start', pages: ['index'] },
            { group: 'Local', openapi: 'missing.yaml' },
            { group: 'Remote', openapi: { source: 'https://specs.example.com/openapi.json' } },
          ],
        },
      },
      'index.mdx': page({ title: 'Start' }),
    });
    const { site, diagnostics } = await loadSite(root, { jobs: 1 });
    expect(diagnostics.map((d) => ({ code: d.code, severity: d.severity, file: d.file }))).toEqual([
      { code: 'openapi/missing-file', severity: 'error', file: 'docs.json' },
      { code: 'openapi/remote-file', severity: 'warning', file: 'docs.json' },
    ]);
    const text = readFileSync(join(root, 'docs.json'), 'utf8').split('\n');
    expect(text[diagnostics[0]!.line - 1]).toContain('missing.yaml');
    expect(site!.pages.map((p) => p.path)).toEqual(['index']);
  });
});

describe('API section page slugs', () => {
  it('follow Mintlify: hyphens for spaces and path parameters, no punctuation, lower case', () => {
    expect(pageSlug('Checkout / State')).toBe('checkout-state');
    expect(pageSlug('Mark the payment intent as confirmed, and move the order to the complete state')).toBe(
      'mark-the-payment-intent-as-confirmed-and-move-the-order-to-the-complete-state',
    );
    expect(pageSlug('GET /plants/{plantId}/water')).toBe('get-plants-water');
    expect(pageSlug("What's new? #1")).toBe('whats-new-1');
  });
});

describe('API sections beside listed pages, as Mintlify builds them', () => {
  it('append the operations after the pages a group lists; a group listing endpoints of its spec shows only those', async () => {
    const loaded = await loadSite(
      writeSite({
        'docs.json': {
          name: 'Plants',
          navigation: {
            groups: [
              { group: 'Storefront API', openapi: { source: 'plants.yaml', directory: 'store' }, pages: ['store/authentication'] },
              { group: 'Chosen', openapi: 'plants.yaml', pages: ['overview', 'GET /plants', { group: 'More', pages: ['POST /plants'] }] },
            ],
          },
        },
        'plants.yaml': PLANTS,
        'store/authentication.mdx': page({ title: 'Authentication' }, 'See [watering](/store/plant-care/water-a-plant).'),
        'overview.mdx': page({ title: 'Overview' }, 'Hello.'),
      }),
      { jobs: 1 },
    );
    expect(loaded.diagnostics).toEqual([]);
    const [store, chosen] = loaded.site!.navigation.trees[0]!.items;
    if (store?.type !== 'division' || chosen?.type !== 'division') throw new Error('expected two groups');
    expect(store.children.map((child) => (child.type === 'division' ? child.label : child.type === 'page' ? child.path : child.type))).toEqual([
      'store/authentication',
      'Plants',
      'Plant Care',
      'API Reference',
    ]);
    expect(chosen.children.map((child) => (child.type === 'division' ? child.label : child.type === 'page' ? child.path : child.type))).toEqual([
      'overview',
      'endpoint',
      'More',
    ]);
  });
});
