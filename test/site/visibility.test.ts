import { describe, expect, it } from 'vitest';
import { loadSite, type SitePage } from '../../src/site/index.js';
import { page, writeSite } from '../helpers/site.js';

async function pages(indexing?: 'all'): Promise<Map<string, SitePage>> {
  const root = writeSite({
    'docs.json': {
      name: 'Vis',
      ...(indexing ? { seo: { indexing } } : {}),
      navigation: {
        groups: [
          { group: 'Main', pages: ['index', 'noindexed', 'hidden-in-nav', 'restricted'] },
          { group: 'Open', public: true, pages: ['open'] },
          { group: 'Secret', hidden: true, pages: ['in-hidden-group'] },
          { group: 'Help', hidden: true, searchable: true, pages: ['help'] },
        ],
      },
    },
    'index.mdx': page({ title: 'Home' }),
    'noindexed.mdx': page({ title: 'Noindex', noindex: true }),
    'hidden-in-nav.mdx': page({ title: 'Hidden', hidden: true }),
    'restricted.mdx': page({ title: 'Restricted', groups: ['admins', 'sre'] }),
    'open.mdx': page({ title: 'Open' }),
    'in-hidden-group.mdx': page({ title: 'In hidden group' }),
    'help.mdx': page({ title: 'Help' }),
    'orphan.mdx': page({ title: 'Orphan' }),
    'hidden-orphan.mdx': page({ title: 'Hidden orphan', hidden: true }),
    'public-page.mdx': page({ title: 'Public page', public: true }),
  });
  const { site } = await loadSite(root, { jobs: 1 });
  return new Map(site!.pages.map((p) => [p.path, p]));
}

const summary = (p: SitePage) => ({ inNavigation: p.inNavigation, hidden: p.hidden, noindex: p.noindex, indexed: p.indexed });

describe('page visibility and indexing (REFERENCE.md table)', () => {
  it('indexes navigation pages only, never noindex or hidden ones', async () => {
    const all = await pages();
    expect(summary(all.get('index')!)).toEqual({ inNavigation: true, hidden: false, noindex: false, indexed: true });
    expect(summary(all.get('noindexed')!)).toEqual({ inNavigation: true, hidden: false, noindex: true, indexed: false });
    expect(summary(all.get('hidden-in-nav')!)).toEqual({ inNavigation: true, hidden: true, noindex: true, indexed: false });
    expect(summary(all.get('in-hidden-group')!)).toEqual({ inNavigation: true, hidden: true, noindex: true, indexed: false });
    expect(summary(all.get('orphan')!)).toEqual({ inNavigation: false, hidden: false, noindex: false, indexed: false });
  });

  // Mintlify's organize/hidden-pages.mdx, "Search, SEO, and AI indexing".
  it('with seo.indexing "all" also indexes pages outside navigation and hidden ones, never noindex ones', async () => {
    const all = await pages('all');
    expect(all.get('orphan')!.indexed).toBe(true);
    expect(summary(all.get('hidden-orphan')!)).toEqual({ inNavigation: false, hidden: true, noindex: false, indexed: true });
    expect(summary(all.get('hidden-in-nav')!)).toEqual({ inNavigation: true, hidden: true, noindex: false, indexed: true });
    expect(all.get('noindexed')!.indexed).toBe(false);
  });

  it('indexes the pages of a hidden group that sets searchable: true, still out of the sidebar', async () => {
    const all = await pages();
    expect(summary(all.get('help')!)).toEqual({ inNavigation: true, hidden: true, noindex: false, indexed: true });
  });

  it('derives access from public (page or group) and groups', async () => {
    const all = await pages();
    expect(all.get('index')!.access).toEqual({ public: false, groups: [] });
    expect(all.get('open')!.access).toEqual({ public: true, groups: [] });
    expect(all.get('public-page')!.access).toEqual({ public: true, groups: [] });
    expect(all.get('restricted')!.access).toEqual({ public: false, groups: ['admins', 'sre'] });
  });

  it('gives pages clean URLs', async () => {
    const all = await pages();
    expect(all.get('index')!.url).toBe('/');
    expect(all.get('open')!.url).toBe('/open');
  });
});
