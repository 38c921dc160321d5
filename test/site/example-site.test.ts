// examples/acme is the demo users see first: it must stay valid and keep exercising every feature.
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadSite, type SiteModel, type SitePage } from '../../src/site/index.js';

const EXAMPLE = join(import.meta.dirname, '..', '..', 'examples', 'acme');
let site: SiteModel;
let page: (path: string) => SitePage;

beforeAll(async () => {
  const result = await loadSite(EXAMPLE, { jobs: 1 });
  expect(result.diagnostics).toEqual([]);
  site = result.site!;
  page = (path) => site.pages.find((p) => p.path === path)!;
});

describe('examples/acme', () => {
  it('has 20+ pages in two versions and two languages', () => {
    expect(site.pages.length).toBeGreaterThanOrEqual(20);
    expect(site.navigation.trees.map((t) => `${t.version}/${t.language}`)).toEqual(['v2/en', 'v2/es', 'v1/en']);
    expect(site.navigation.versions.find((v) => v.default)?.name).toBe('v2');
  });

  it('leaves ignored files out entirely', () => {
    expect(site.files.some((f) => f.startsWith('drafts/') || f === 'notes.draft.mdx' || f === 'README.md')).toBe(false);
    expect(page('keep.draft')).toBeDefined();
  });

  it('has a hidden page, a noindex page, a page outside navigation and group-restricted pages', () => {
    expect(page('internal/runbook')).toMatchObject({ hidden: true, indexed: false, inNavigation: false });
    expect(page('legal/terms')).toMatchObject({ noindex: true, indexed: false, inNavigation: true });
    expect(page('guides/orphan-migration-notes')).toMatchObject({ inNavigation: false, indexed: false });
    expect(page('enterprise/sso').access.groups).toEqual(['enterprise', 'admins']);
    expect(page('enterprise/overview').access.public).toBe(true);
  });

  it('has API pages of each kind', () => {
    const endpoints = site.pages.flatMap((p) => (p.endpoint ? [p.endpoint] : []));
    expect(endpoints.some((e) => e.servers.length === 0)).toBe(true); // full URL
    expect(endpoints.some((e) => e.servers.length > 0)).toBe(true); // relative path behind the server
    expect(new Set(endpoints.map((e) => e.playground))).toEqual(new Set(['interactive', 'simple', 'none']));
    expect(new Set(endpoints.map((e) => e.authMethod))).toEqual(new Set(['key', 'bearer', 'none']));
    expect(site.navigation.endpoints.length).toBeGreaterThanOrEqual(4);
    expect(site.pages.some((p) => p.params.some((f) => f.children.length > 0))).toBe(true);
    expect(site.pages.some((p) => p.responses.some((f) => f.children.length > 0))).toBe(true);
  });
});
