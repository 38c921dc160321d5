// `docsite build` on the example site, checked against the bundle it writes.
import { cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { schemaValidator } from '../../src/config/index.js';
import { build, type Manifest } from '../../src/bundle/index.js';
import { isConsistentSidebar, type SidebarFile } from '../../src/render/index.js';
import { runCli } from '../helpers/cli.js';
import { importDist } from '../helpers/dist.js';
import { readTree } from '../helpers/files.js';
import { page, writeSite } from '../helpers/site.js';

const EXAMPLE = join(import.meta.dirname, '..', '..', 'examples', 'acme');
const temp = (): string => mkdtempSync(join(tmpdir(), 'docsite-bundle-'));
let out: string;
let manifest: Manifest;
const read = (path: string): string => readFileSync(join(out, path), 'utf8');

beforeAll(() => {
  out = temp();
  const result = runCli(['build', EXAMPLE, '--out', out, '--site-url', 'https://docs.acme.test/']);
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  // The bundle is outside the folder the command runs in: named in full, not as ../../tmp/….
  expect(result.stdout.startsWith(`Built 38 pages (35 indexed) into ${out} in `)).toBe(true);
  expect(result.stdout).toMatch(/^Built 38 pages \(\d+ indexed\) into .* in [\d.]+s: \d+ files written, 0 pages from cache\.\n$/);
  manifest = JSON.parse(read('_docsite/manifest.json'));
});

/** Builds `files` as a site with the CLI (and `flags`): it must fail, reporting `problem`, and write nothing. */
function expectRefused(files: Record<string, string | object>, problem: string, flags: string[] = []): void {
  const dir = writeSite(files);
  const result = runCli(['build', dir, ...flags]);
  expect(result.code).toBe(1);
  expect(result.stdout).toContain(problem);
  expect(result.stdout).toContain('Nothing was written.');
  expect(result.stderr).toBe('');
  expect(existsSync(join(dir, 'dist'))).toBe(false);
}

describe('docsite build', () => {
  it('writes a manifest that matches its schema', () => {
    const validate = schemaValidator('manifest');
    expect(validate(manifest), JSON.stringify(validate.errors)).toBe(true);
    expect(manifest.site).toEqual({ name: 'Acme', description: expect.any(String), projectId: 'acme', url: 'https://docs.acme.test' });
  });

  it('writes HTML, Markdown and the source of every page', () => {
    for (const p of manifest.pages) {
      expect(read(p.html)).toMatch(/^<!doctype html>/i);
      expect(read(p.markdown)).toContain(`# ${p.title}`);
      expect(JSON.parse(read(p.source))[p.path]).toMatch(/\S/);
    }
    const quickstart = manifest.pages.find((p) => p.path === 'quickstart')!;
    expect(JSON.parse(read(quickstart.source)).quickstart).toBe(readFileSync(join(EXAMPLE, 'quickstart.mdx'), 'utf8'));
    expect(existsSync(join(out, manifest.notFound))).toBe(true);
    expect(existsSync(join(out, '_docsite/docsite.css'))).toBe(true);
    expect(existsSync(join(out, 'images/dashboard.svg'))).toBe(true);
    expect(existsSync(join(out, 'openapi/acme.yaml'))).toBe(true);
  });

  it('leaves ignored files, configuration and partials out of the bundle', () => {
    const files = [...readTree(out).keys()];
    expect(files.filter((f) => /drafts|notes\.draft|README|docs\.json|\.docsiteignore/.test(f))).toEqual([]);
    const everything = [...readTree(out).values()].map((b) => b.toString('utf8')).join('\n');
    expect(everything).not.toContain('drafts/');
    expect(everything).not.toContain('Ledger API');
  });

  it('keeps hidden, noindex and orphan pages out of llms.txt, the sitemap and the index', () => {
    const excluded = ['/internal/runbook', '/legal/terms', '/guides/orphan-migration-notes'];
    const llms = read('llms.txt');
    const sitemap = read('sitemap.xml');
    const index = manifest.searchIndex.map(read).join('\n');
    for (const url of excluded) {
      expect(llms).not.toContain(`${url}.md`);
      expect(sitemap).not.toContain(`${url}<`);
      expect(index).not.toContain(`"${url}`);
    }
    expect(llms).toContain('https://docs.acme.test/quickstart.md');
    expect(sitemap).toContain('<loc>https://docs.acme.test/quickstart</loc>');
    expect(manifest.pages.find((p) => p.path === 'legal/terms')).toMatchObject({ noindex: true, indexed: false, inNavigation: true });
  });

  it('marks group-restricted pages with their groups', () => {
    expect(manifest.pages.find((p) => p.path === 'enterprise/sso')!.access).toEqual({ public: false, groups: ['enterprise', 'admins'] });
    expect(manifest.pages.find((p) => p.path === 'enterprise/overview')!.access).toEqual({ public: true, groups: [] });
  });

  it('writes discovery documents and server cards that list the manifest tools', () => {
    const discovery = JSON.parse(read('.well-known/mcp.json'));
    expect(discovery.servers).toEqual([{ name: 'public', url: 'https://docs.acme.test/mcp', transport: 'http', authentication: 'none' }]);
    const card = JSON.parse(read('.well-known/mcp/server-card.json'));
    expect(card.tools).toEqual([manifest.tools.search, manifest.tools.filesystem, manifest.tools.feedback]);
    expect(card.tools[0].inputSchema.properties.version.enum).toEqual(['v2', 'v1']);
    expect(JSON.parse(read('.well-known/mcp/server-cards.json')).servers).toEqual([card]);
  });

  it("keeps the author's skills", () => {
    expect(manifest.skills.map((s) => [s.name, s.generated])).toEqual([
      ['acme-docs', false],
      ['acme-invoicing', false],
    ]);
    expect(read(manifest.skills[0]!.file)).toContain('name: acme-docs');
  });

  it('is deterministic: two builds of the same input are byte-identical', () => {
    const again = temp();
    expect(runCli(['build', EXAMPLE, '--out', again, '--site-url', 'https://docs.acme.test']).code).toBe(0);
    expect(readTree(again)).toEqual(readTree(out));
  });

  it('rebuilds only the page that changed', () => {
    const site = temp();
    cpSync(EXAMPLE, site, { recursive: true });
    const bundle = join(site, 'dist');
    expect(runCli(['build', site]).code).toBe(0);
    writeFileSync(join(site, 'quickstart.mdx'), readFileSync(join(site, 'quickstart.mdx'), 'utf8').replace('## ', '## Brand new heading\n\nNew text.\n\n## '));
    const rebuilt = runCli(['build', site]);
    // The OpenAPI operations' pages come from the cache too: their spec did not change.
    expect(rebuilt.stdout).toContain('37 pages from cache');
    // The page's HTML, Markdown and source, the search index, llms-full.txt and the manifest (whose summary it is).
    expect(Number(/(\d+) files written/.exec(rebuilt.stdout)![1])).toBeLessThanOrEqual(6);
    expect(readFileSync(join(bundle, 'quickstart.html'), 'utf8')).toContain('Brand new heading');
  });

  it('rebuilds incrementally to exactly what a cold build of the same input writes', async () => {
    const site = temp();
    cpSync(EXAMPLE, site, { recursive: true, preserveTimestamps: true });
    // In-process builds (the CLI calls the same function): this test builds nine times.
    const buildInto = async (out: string): Promise<string> => {
      const report = await build(site, { out, jobs: 1, siteUrl: 'https://docs.acme.test' });
      expect(report.errors).toEqual([]);
      return out;
    };
    const withoutCache = (dir: string): Map<string, Buffer> => new Map([...readTree(dir)].filter(([path]) => !path.startsWith('.cache/')));
    const original = await buildInto(temp());
    const incremental = await buildInto(temp());
    // A body edit; a retitled page (its neighbours' previous/next links and its sidebar entry change); a docs.json edit;
    // an edit of a snippet the quickstart places (the page's own file is unchanged, and its stamp with it); an edited image,
    // which the build copies by its size and times; an edited OpenAPI operation, whose generated page is cached by its text.
    const steps: [string, (text: string) => string][] = [
      ['quickstart.mdx', (text) => `${text}\nOne more paragraph.\n`],
      ['authentication.mdx', (text) => text.replace('title: "Authentication"', 'title: "Signing requests"')],
      ['docs.json', (text) => text.replace('"expanded": false', '"expanded": true')],
      ['snippets/support.mdx', (text) => text.replace('Stuck?', 'Still stuck?')],
      ['images/dashboard.svg', (text) => text.replace('</svg>', '<!-- edited --></svg>')],
      ['openapi/acme.yaml', (text) => text.replace('Uses cursor pagination.', 'Pages with a cursor.')],
    ];
    for (const [file, change] of steps) {
      writeFileSync(join(site, file), change(readFileSync(join(site, file), 'utf8')));
      await buildInto(incremental);
      expect(withoutCache(incremental), `after editing ${file}`).toEqual(withoutCache(await buildInto(temp())));
    }
    expect(readFileSync(join(incremental, 'quickstart.html'), 'utf8')).toContain('<span>Signing requests</span>');
    expect(readFileSync(join(incremental, 'quickstart.html'), 'utf8')).toContain('Still stuck? Write to');
    expect(readFileSync(join(incremental, 'quickstart.md'), 'utf8')).toContain('<Tip>\n  Still stuck? Write to');
    expect(readFileSync(join(incremental, 'images/dashboard.svg'), 'utf8')).toContain('<!-- edited --></svg>');
    expect(readTree(incremental).get('api-reference/customers/list-customers.html')?.toString()).toContain('Pages with a cursor.');
    // Back to the example as it was, dates included: the manifest carries each page's date (ls -l shows it).
    cpSync(EXAMPLE, site, { recursive: true, preserveTimestamps: true });
    await buildInto(incremental);
    expect(withoutCache(incremental)).toEqual(withoutCache(original));
  }, 60_000);

  it('builds the search index on a worker thread into the same bytes as in one thread', async () => {
    const pages = Array.from({ length: 120 }, (_, i) => `p/page-${String(i).padStart(4, '0')}`);
    const files: Record<string, string | object> = { 'docs.json': { name: 'Many', navigation: { groups: [{ group: 'All', pages }] } } };
    for (const [i, path] of pages.entries())
      files[`${path}.mdx`] = page({ title: `Page ${i}` }, `Words about topic ${i % 37}.\n\n## Part ${i % 5}\n\nMore text ${i}.`);
    const dir = writeSite(files);
    const [threads, single] = [temp(), temp()];
    // The compiled build (its worker threads load compiled modules), in-process, with the thread taken from 100 pages
    // (a site of 1,000 takes it by default): the function the CLI calls.
    const compiled = await importDist<{ build: typeof build }>('bundle/index.js');
    expect((await compiled.build(dir, { out: threads, jobs: 2, searchWorkerMinPages: 100 })).ok).toBe(true);
    expect((await compiled.build(dir, { out: single, jobs: 1 })).ok).toBe(true);
    expect(readTree(threads)).toEqual(readTree(single));
  }, 60_000);

  it('writes each sidebar once; pages carry a marker naming theirs', () => {
    const keys = Object.keys(manifest.sidebars);
    expect(keys.length).toBeGreaterThan(1);
    for (const key of keys) {
      const sidebar: SidebarFile = JSON.parse(read(manifest.sidebars[key]!));
      expect(sidebar.html).toMatch(/^<ul class="nav-tree">/);
      expect(isConsistentSidebar(sidebar), key).toBe(true);
    }
    for (const p of manifest.pages) {
      const html = read(p.html);
      expect(html).not.toContain('nav-tree');
      const marker = /<nav class="sidebar"[^>]*><!--docsite:sidebar ([\w-]+)--><\/nav>/.exec(html);
      if (!p.inNavigation) {
        expect(marker, p.url).toBeNull();
        continue;
      }
      expect(keys, p.url).toContain(marker![1]);
      if (!p.hidden) expect(JSON.parse(read(manifest.sidebars[marker![1]!]!)).pages, p.url).toHaveProperty([p.url]);
    }
  });

  it('writes nothing when the site has errors', () => {
    expectRefused(
      { 'docs.json': { name: 'B', navigation: { pages: ['index'] } }, 'index.mdx': page({ title: 'Home' }, 'A <Card title="x"> never closed.') },
      'mdx/syntax',
    );
  });

  it('with --strict, fails on a warning and writes nothing; without, builds and counts it', () => {
    const files = { 'docs.json': { name: 'Strict', navigation: { pages: ['index'] } }, 'index.mdx': page({ title: 'Home' }, '<Banner>Hi</Banner>') };
    expectRefused(files, 'render/unknown-component', ['--strict']);
    const result = runCli(['build', writeSite(files), '--out', temp()]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/, 1 warning\.\n$/);
  });

  it('refuses an output folder that is the docs folder, holds it, or is a file, touching nothing', () => {
    const dir = writeSite({ 'docs.json': { name: 'Out', navigation: { pages: ['index'] } }, 'index.mdx': page({ title: 'Home' }) });
    const before = readTree(dir);
    const file = join(temp(), 'bundle.txt');
    writeFileSync(file, 'a file');
    for (const [out, message] of [
      ['.', 'is the docs folder or holds it'],
      ['..', 'is the docs folder or holds it'],
      [file, 'is a file'],
    ] as const) {
      const result = runCli(['build', '.', '--out', out], { cwd: dir });
      expect(result.code, out).toBe(2);
      expect(result.stderr, out).toContain(message);
      expect(result.stderr, out).toContain('hint:');
      expect(result.stderr, out).not.toContain('    at ');
    }
    expect(readTree(dir)).toEqual(before);
  });

  it('reports an output folder it cannot write to in one line, without a stack trace', () => {
    const dir = writeSite({ 'docs.json': { name: 'Out', navigation: { pages: ['index'] } }, 'index.mdx': page({ title: 'Home' }) });
    const out = temp();
    writeFileSync(join(out, '_docsite'), 'a file where the bundle needs a folder');
    const result = runCli(['build', dir, '--out', out]);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toMatch(/^docsite: ENOTDIR: not a directory, mkdir '.*_docsite\/[a-z]+'\n$/);
  });

  it('refuses two files that are one page, naming both', () => {
    expectRefused(
      {
        'docs.json': { name: 'Twice', navigation: { pages: ['index', 'guide'] } },
        'index.mdx': page({ title: 'Home' }),
        'guide.md': page({ title: 'Guide' }, 'One.'),
        'guide.mdx': page({ title: 'Guide' }, 'Two.'),
      },
      'guide.mdx:1:1  error  guide.mdx and guide.md are both the page "guide"; only guide.md is used.  page/duplicate-path',
    );
  });

  it('reports a page nested too deep to render instead of crashing', () => {
    expectRefused(
      {
        'docs.json': { name: 'Deep', navigation: { pages: ['index'] } },
        'index.mdx': page({ title: 'Deep' }, `${'<div>\n'.repeat(3_000)}x\n${'</div>\n'.repeat(3_000)}`),
      },
      'mdx/too-deep',
    );
  });

  it('never publishes dotfiles such as .env', () => {
    const dir = writeSite({
      'docs.json': { name: 'Dots', navigation: { pages: ['index'] } },
      'index.mdx': page({ title: 'Home' }),
      '.env': 'SECRET=1',
      '.tool/state.json': '{}',
      'img/logo.svg': '<svg/>',
    });
    expect(runCli(['build', dir]).code).toBe(0);
    const files = [...readTree(join(dir, 'dist')).keys()];
    expect(files).toContain('img/logo.svg');
    expect(files.filter((f) => f === '.env' || f.startsWith('.tool'))).toEqual([]);
  });

  it('writes a page for every OpenAPI operation listed in navigation, linked from the sidebar', () => {
    const html = read('api-reference/customers/list-customers.html');
    expect(html).toContain('<h1>List customers</h1>');
    expect(html).toContain('https://api.acme.test/v2/customers');
    const key = /<!--docsite:sidebar ([\w-]+)-->/.exec(read('api-reference/invoices/create.html'))![1]!;
    expect(JSON.parse(read(manifest.sidebars[key]!)).html).toContain('href="/api-reference/customers/list-customers"');
    expect(manifest.pages.find((p) => p.path === 'api-reference/customers/create-a-customer')).toMatchObject({
      url: '/api-reference/customers/create-a-customer',
      indexed: true,
      endpoint: { method: 'POST' },
    });
  });

  it('generates a skill for a site without one', () => {
    const dir = writeSite({
      'docs.json': { name: 'Tiny Docs', navigation: { groups: [{ group: 'Start', pages: ['index'] }] } },
      'index.mdx': page({ title: 'Home' }, 'Hello.'),
    });
    expect(runCli(['build', dir]).code).toBe(0);
    const tiny: Manifest = JSON.parse(readFileSync(join(dir, 'dist/_docsite/manifest.json'), 'utf8'));
    expect(tiny.skills).toEqual([
      {
        name: 'tiny-docs-docs',
        description: 'Search and read the Tiny Docs documentation',
        groups: [],
        generated: true,
        file: '_docsite/skills/tiny-docs-docs.md',
      },
    ]);
    expect(readFileSync(join(dir, 'dist', tiny.skills[0]!.file), 'utf8')).toContain('`search_tiny_docs`');
  });
});
