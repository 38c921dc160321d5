// Global anchors set inside a language or version (crewAI sets its Website, Forum and Blog links in
// each language): shown in that language's (version's) header, besides navigation.global's.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, readBundle } from '../../src/bundle/index.js';
import { loadSite } from '../../src/site/index.js';
import { startRuntime, type TestRuntime } from '../helpers/runtime.js';
import { page, writeSite } from '../helpers/site.js';

const anchor = (name: string) => ({ anchor: name, href: `https://acme.test/${name.toLowerCase()}`, icon: 'globe' });

const SITE = {
  'docs.json': {
    name: 'Global',
    navigation: {
      global: { anchors: [anchor('Status')] },
      languages: [
        { language: 'en', global: { anchors: [anchor('Blog')] }, groups: [{ group: 'Start', pages: ['en/intro'] }] },
        { language: 'fr', global: { anchors: [anchor('Blogue')] }, groups: [{ group: 'Début', pages: ['fr/intro'] }] },
      ],
    },
  },
  'en/intro.mdx': page({ title: 'Intro' }, 'Hello.'),
  'fr/intro.mdx': page({ title: 'Intro' }, 'Bonjour.'),
};

describe('global anchors of a language', () => {
  it('belong to the trees of that language, after the site-wide ones', async () => {
    const { site, diagnostics } = await loadSite(writeSite(SITE), { jobs: 1 });
    expect(diagnostics).toEqual([]);
    expect(site!.navigation.trees.map((tree) => [tree.language, tree.global.map((link) => link.label)])).toEqual([
      ['en', ['Status', 'Blog']],
      ['fr', ['Status', 'Blogue']],
    ]);
  });

  describe('in built pages', () => {
    let runtime: TestRuntime;
    beforeAll(async () => {
      const report = await build(writeSite(SITE), { out: mkdtempSync(join(tmpdir(), 'docsite-global-')), jobs: 1 });
      expect(report.errors).toEqual([]);
      runtime = await startRuntime({ bundle: await readBundle(report.outDir) });
    }, 60_000);
    afterAll(() => runtime?.close());

    async function globalLinks(path: string): Promise<string[]> {
      const html = await (await fetch(`${runtime.url}${path}`)).text();
      const list = /<ul class="global-links">[\s\S]*?<\/ul>/.exec(html)?.[0] ?? '';
      return [...list.matchAll(/<a href="([^"]*)">[\s\S]*?([^<>]+)<\/a>/g)].map((m) => `${m[2]!.trim()} ${m[1]}`);
    }

    it('are in the header of that language’s pages', async () => {
      expect(await globalLinks('/en/intro')).toEqual(['Status https://acme.test/status', 'Blog https://acme.test/blog']);
      expect(await globalLinks('/fr/intro')).toEqual(['Status https://acme.test/status', 'Blogue https://acme.test/blogue']);
    });
  });
});
