// Page sources in the bundle: a few part files that `serve` reads whole, and a rebuild rewrites one of.
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { readBundle, type Manifest } from '../../src/bundle/index.js';
import { readSourceParts } from '../../src/bundle/source-parts.js';
import { ConfinedFolder } from '../../src/content/index.js';
import { UsageError } from '../../src/errors.js';
import { importDist } from '../helpers/dist.js';
import { page, writeSite } from '../helpers/site.js';

/** 300 pages are parsed on worker threads, whose module exists only in dist/: the build is dist's. */
const build: typeof import('../../src/bundle/index.js').build = async (...args) =>
  (await importDist<typeof import('../../src/bundle/index.js')>('bundle/index.js')).build(...args);
const PAGES = Array.from({ length: 300 }, (_, i) => `p/page-${String(i).padStart(3, '0')}`);
let site: string;
let out: string;
const manifestOf = (dir: string): Manifest => JSON.parse(readFileSync(join(dir, '_docsite/manifest.json'), 'utf8'));
const partsOf = (dir: string): Map<string, string> =>
  new Map(readdirSync(join(dir, '_docsite/sources')).map((name) => [name, readFileSync(join(dir, '_docsite/sources', name), 'utf8')]));

beforeAll(async () => {
  const files: Record<string, string | object> = { 'docs.json': { name: 'Parts', navigation: { groups: [{ group: 'All', pages: PAGES }] } } };
  for (const [i, path] of PAGES.entries()) files[`${path}.mdx`] = page({ title: `Page ${i}` }, `Text of page ${i}.`);
  site = writeSite(files);
  out = mkdtempSync(join(tmpdir(), 'docsite-parts-'));
  expect((await build(site, { out, jobs: 1 })).errors).toEqual([]);
}, 60_000);

describe('page sources in the bundle', () => {
  it('are grouped into a few parts that give back every page source as written', () => {
    const manifest = manifestOf(out);
    expect(partsOf(out).size).toBe(4);
    const sources = readSourceParts(new ConfinedFolder(out), manifest.pages);
    for (const p of manifest.pages) expect(sources.get(p.path), p.path).toBe(readFileSync(join(site, `${p.path}.mdx`), 'utf8'));
  });

  it('are what the MCP filesystem of a loaded bundle serves', async () => {
    const bundle = await readBundle(out);
    const file = join(site, 'p/page-042.mdx');
    expect(bundle.sources.get('p/page-042')).toEqual({
      path: '/p/page-042.mdx',
      content: readFileSync(file, 'utf8'),
      modified: Math.trunc(statSync(file).mtimeMs),
    });
  });

  it('rewrites only the part of the page that changed', async () => {
    const before = partsOf(out);
    const file = join(site, 'p/page-007.mdx');
    writeFileSync(file, `${readFileSync(file, 'utf8')}\nAn added line.\n`);
    expect((await build(site, { out, jobs: 1 })).errors).toEqual([]);
    const after = partsOf(out);
    const changed = [...after].filter(([name, text]) => before.get(name) !== text).map(([name]) => name);
    expect(changed).toEqual([
      manifestOf(out)
        .pages.find((p) => p.path === 'p/page-007')!
        .source.split('/')
        .pop(),
    ]);
    expect(JSON.parse(after.get(changed[0]!)!)['p/page-007']).toContain('An added line.');
  }, 60_000);

  it('reject a part that lacks a page the manifest places in it', () => {
    const manifest = manifestOf(out);
    const victim = manifest.pages[0]!;
    const part = JSON.parse(readFileSync(join(out, victim.source), 'utf8'));
    delete part[victim.path];
    writeFileSync(join(out, victim.source), JSON.stringify(part));
    expect(() => readSourceParts(new ConfinedFolder(out), manifest.pages)).toThrow(UsageError);
    expect(() => readSourceParts(new ConfinedFolder(out), manifest.pages)).toThrow(`holds no source for the page ${victim.path}`);
  });

  it('reject a bundle that names one source file per page, as older bundles did', () => {
    const manifest = manifestOf(out);
    const old = manifest.pages.map((p) => ({ ...p, source: `${p.path}.html` }));
    expect(() => readSourceParts(new ConfinedFolder(out), old)).toThrow(UsageError);
    expect(() => readSourceParts(new ConfinedFolder(out), old)).toThrow(`${join(out, old[0]!.source)} is missing or is not a page source part.`);
  });
});
