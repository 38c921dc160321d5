// Math and diagram assets: only pages with math link KaTeX's stylesheet, only pages with a diagram
// load the diagram script, a bundle carries the files only when some page needs them, and readers
// may fetch them (the rest of _docsite/ stays private).
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, readBundle, type BuildReport } from '../../src/bundle/index.js';
import { FEATURE_SITE } from '../helpers/feature-site.js';
import { startRuntime, type TestRuntime } from '../helpers/runtime.js';
import { page, writeSite } from '../helpers/site.js';

const KATEX_LINK = '<link rel="stylesheet" href="/_docsite/katex/katex.min.css">';
const DIAGRAM_SCRIPT = '<script type="module" async src="/_docsite/diagrams.js"></script>';

let report: BuildReport;
let runtime: TestRuntime;
const html = (path: string): string => readFileSync(join(report.outDir, `${path}.html`), 'utf8');

beforeAll(async () => {
  report = await build(writeSite(FEATURE_SITE), { out: mkdtempSync(join(tmpdir(), 'docsite-features-')), jobs: 1 });
  runtime = await startRuntime({ bundle: await readBundle(report.outDir) });
});
afterAll(async () => {
  await runtime?.close();
});

describe('math and diagram assets', () => {
  it('builds despite bad TeX, with a warning where it is', () => {
    expect(report.errors).toEqual([]);
    expect(report.warnings.map(({ file, line, code }) => ({ file, line, code }))).toEqual([{ file: 'math.mdx', line: 11, code: 'render/invalid-math' }]);
  });

  it('links KaTeX only from pages with math, and loads the diagram script only on pages with a diagram', () => {
    expect(html('math')).toContain(KATEX_LINK);
    expect(html('math')).not.toContain('diagrams.js');
    expect(html('diagram')).toContain(DIAGRAM_SCRIPT);
    expect(html('diagram')).not.toContain('katex');
    for (const plain of [html('index'), readFileSync(join(report.outDir, '_docsite/404.html'), 'utf8')]) {
      expect(plain).not.toContain('katex');
      expect(plain).not.toContain('mermaid');
      expect([...plain.matchAll(/<script[^>]*src=[^>]*>/g)].map(([tag]) => tag)).toEqual(['<script src="/_docsite/docsite.js" defer>']);
    }
  });

  it("ships KaTeX's stylesheet with its WOFF2 fonts only, each one it names", () => {
    const css = readFileSync(join(report.outDir, '_docsite/katex/katex.min.css'), 'utf8');
    const named = [...css.matchAll(/url\(([^)]+)\)/g)].map(([, url]) => url!);
    expect(named.length).toBeGreaterThan(15);
    expect(named.every((url) => /^fonts\/KaTeX_[\w-]+\.woff2$/.test(url))).toBe(true);
    expect(readdirSync(join(report.outDir, '_docsite/katex/fonts')).sort()).toEqual([...new Set(named.map((url) => url.slice('fonts/'.length)))].sort());
  });

  it("ships Mermaid's ES module build beside the diagram script, which imports it from there", () => {
    const script = readFileSync(join(report.outDir, '_docsite/diagrams.js'), 'utf8');
    expect(script).toContain("from './mermaid/mermaid.esm.min.mjs'");
    const entry = readFileSync(join(report.outDir, '_docsite/mermaid/mermaid.esm.min.mjs'), 'utf8');
    for (const [, chunk] of entry.matchAll(/from"\.\/(chunks\/[^"]+)"/g)) expect(existsSync(join(report.outDir, '_docsite/mermaid', chunk!)), chunk).toBe(true);
  });

  it('serves the assets to readers, with their types, and keeps the rest of _docsite/ private', async () => {
    const types = {
      '/_docsite/katex/katex.min.css': 'text/css',
      '/_docsite/katex/fonts/KaTeX_Main-Regular.woff2': 'font/woff2',
      '/_docsite/diagrams.js': 'javascript',
      '/_docsite/mermaid/mermaid.esm.min.mjs': 'javascript',
    };
    for (const [path, type] of Object.entries(types)) {
      const response = await fetch(`${runtime.url}${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type'), path).toContain(type);
    }
    expect((await fetch(`${runtime.url}/_docsite/manifest.json`)).status).toBe(404);
    expect((await fetch(`${runtime.url}/_docsite/katex/../manifest.json`)).status).toBe(404);
  });

  it('loads KaTeX on every page under docs.json styling.latex: true, and on none under false', async () => {
    const built = async (latex: boolean) => {
      const files = { ...FEATURE_SITE, 'docs.json': { ...FEATURE_SITE['docs.json'], styling: { latex } } };
      const { outDir } = await build(writeSite(files), { out: mkdtempSync(join(tmpdir(), 'docsite-features-')), jobs: 1 });
      return (path: string) => readFileSync(join(outDir, `${path}.html`), 'utf8');
    };
    const forced = await built(true);
    expect(forced('index')).toContain(KATEX_LINK);
    expect(forced('diagram')).toContain(KATEX_LINK);
    const off = await built(false);
    expect(off('math')).not.toContain(KATEX_LINK);
    expect(off('math')).toContain('<span class="katex">');
    expect(off('diagram')).toContain(DIAGRAM_SCRIPT);
  });

  it('leaves the files out of a bundle whose pages have neither math nor diagrams', async () => {
    const plain = await build(writeSite({ 'docs.json': { name: 'Plain', navigation: { pages: ['index'] } }, 'index.mdx': page({ title: 'Home' }, 'Text.') }), {
      out: mkdtempSync(join(tmpdir(), 'docsite-features-')),
      jobs: 1,
    });
    expect(readdirSync(join(plain.outDir, '_docsite')).filter((name) => /katex|mermaid|diagrams/.test(name))).toEqual([]);
  });
});
