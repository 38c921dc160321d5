// Previous/next candidates worked out in one sweep per tree must be what candidatePages gives for each position.
import { describe, expect, it } from 'vitest';
import { candidatePages, indexSite } from '../../src/render/layout/site-index.js';
import type { NavigationTree, SiteModel, SitePage } from '../../src/site/index.js';
import { seededRandom } from '../helpers/random.js';

const ACCESS = [
  { public: true, groups: [] },
  { public: false, groups: [] },
  { public: false, groups: ['finance'] },
  { public: false, groups: ['staff'] },
  { public: false, groups: ['finance', 'staff'] },
];

/** A tree of `count` pages with random access and hidden flags (only what the pager reads is filled in). */
function randomSite(seed: number, count: number): { site: SiteModel; tree: NavigationTree } {
  const random = seededRandom(seed);
  const pages = Array.from(
    { length: count },
    (_, i) =>
      ({
        path: `p${i}`,
        url: `/p${i}`,
        title: `Page ${i}`,
        frontmatter: {},
        hidden: random() < 0.15,
        access: ACCESS[Math.floor(random() * (random() < 0.5 ? 2 : ACCESS.length))]!,
      }) as unknown as SitePage,
  );
  const tree: NavigationTree = { version: null, language: null, items: [], order: pages.map((page) => page.path), global: [] };
  const site = { config: { name: 'Pager', navigation: {} }, pages, navigation: { trees: [tree], versions: [], languages: [] } } as unknown as SiteModel;
  return { site, tree };
}

describe('pager candidates', () => {
  it.each([1, 2, 3, 4, 5, 6, 7, 8])('match candidatePages of the shown pages on each side (seed %i)', (seed) => {
    const { site, tree } = randomSite(seed, 60);
    const pages = new Map(site.pages.map((page) => [page.path, page]));
    const shown = (paths: string[]) => paths.map((path) => pages.get(path)!).filter((page) => !page.hidden);
    const pager = indexSite(site).trees.get(tree)!.pager;
    tree.order.forEach((_, position) => {
      expect(pager[position]!.next).toEqual(candidatePages(shown(tree.order.slice(position + 1))));
      expect(pager[position]!.prev).toEqual(candidatePages(shown(tree.order.slice(0, position).reverse())));
    });
  });
});
