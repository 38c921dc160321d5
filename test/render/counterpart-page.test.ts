// The version and language switchers keep the reader on the same page when the other version or
// language has it: on mintlify/docs, /quickstart switched to Spanish landed on /es (the first page).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, readBundle } from '../../src/bundle/index.js';
import { counterpartPaths } from '../../src/render/layout/counterpart-page.js';
import { startRuntime, type TestRuntime } from '../helpers/runtime.js';
import { page, writeSite } from '../helpers/site.js';

describe('counterpartPaths', () => {
  it('swaps, adds or drops a folder named like the version or language, in any letter case', () => {
    expect(counterpartPaths('quickstart', 'en', 'es')).toEqual(['es/quickstart']);
    expect(counterpartPaths('es/guides/a', 'es', 'fr')).toEqual(['fr/guides/a', 'guides/a']);
    expect(counterpartPaths('es/guides/a', 'es', 'en')).toEqual(['en/guides/a', 'guides/a']);
    expect(counterpartPaths('old/spec', 'Old', 'Latest')).toEqual(['Latest/spec', 'latest/spec', 'spec']);
  });

  it('swaps a segment named like the version inside the path', () => {
    expect(counterpartPaths('specification/2025-06-18/basic', '2025-06-18', '2024-11-05')).toContain('specification/2024-11-05/basic');
  });
});

describe('switchers on a built site', () => {
  let runtime: TestRuntime;
  beforeAll(async () => {
    const site = writeSite({
      'docs.json': {
        name: 'Acme',
        navigation: {
          languages: [
            { language: 'en', default: true, groups: [{ group: 'Start', pages: ['index', 'quickstart', 'only-english'] }] },
            { language: 'es', groups: [{ group: 'Inicio', pages: ['es/index', 'es/quickstart'] }] },
          ],
        },
      },
      'index.mdx': page({ title: 'Home' }, 'Hello.'),
      'quickstart.mdx': page({ title: 'Quickstart' }, 'Go.'),
      'only-english.mdx': page({ title: 'Only English' }, 'Not translated.'),
      'es/index.mdx': page({ title: 'Inicio' }, 'Hola.'),
      'es/quickstart.mdx': page({ title: 'Inicio rápido' }, 'Vamos.'),
    });
    const report = await build(site, { out: mkdtempSync(join(tmpdir(), 'docsite-switchers-')), jobs: 1 });
    expect(report.errors).toEqual([]);
    runtime = await startRuntime({ bundle: await readBundle(report.outDir) });
  });
  afterAll(() => runtime?.close());

  async function switcherLinks(path: string): Promise<[string, string][]> {
    const html = await (await fetch(`${runtime.url}${path}`)).text();
    const switcher = /<details class="switcher">[\s\S]*?<\/details>/.exec(html)?.[0] ?? '';
    return [...switcher.matchAll(/<a href="([^"]*)"[^>]*>([^<]*)<\/a>/g)].map((m) => [m[2]!, m[1]!]);
  }

  it('leads to the same page in the other language, both ways', async () => {
    expect(await switcherLinks('/quickstart')).toEqual([
      ['en', '/quickstart'],
      ['es', '/es/quickstart'],
    ]);
    expect(await switcherLinks('/es/quickstart')).toEqual([
      ['en', '/quickstart'],
      ['es', '/es/quickstart'],
    ]);
  });

  it('leads to the first page of the other language when the page is not translated', async () => {
    expect(await switcherLinks('/only-english')).toEqual([
      ['en', '/only-english'],
      ['es', '/es'],
    ]);
  });
});
