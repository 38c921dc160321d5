// Replays the audit's file-reading attacks: symbolic links, `..` paths and special files that would
// bring what lies outside the docs folder (or the bundle) into a built or served site.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, readBundle, validate, type Diagnostic } from '../../src/index.js';
import { readTree } from '../helpers/files.js';
import { dev, silentLogger } from '../../src/runtime/index.js';
import { startRuntime, type TestRuntime } from '../helpers/runtime.js';
import { page, writeSite } from '../helpers/site.js';

/** Text that lives only outside the docs folder: no byte of it may reach a bundle or a response. */
const SECRET = 'OUTSIDE-SECRET-7f3a9c';
/** The first line of /etc/passwd, and an entry of this process's environment (/proc/self/environ). */
const PASSWD_LINE = readFileSync('/etc/passwd', 'utf8').split('\n')[0]!;
const ENVIRON_ENTRY = readFileSync('/proc/self/environ', 'latin1')
  .split('\0')
  .find((entry) => entry.startsWith('PATH='))!;
const FORBIDDEN = [SECRET, PASSWD_LINE, ENVIRON_ENTRY];

/** A folder beside the docs folder holding the secret in a page, an image, an OpenAPI file, docs.json and a folder. */
function outsideFolder(): string {
  const outside = mkdtempSync(join(tmpdir(), 'docsite-outside-'));
  writeFileSync(join(outside, 'secret.mdx'), `# Secret\n\n${SECRET}\n`);
  writeFileSync(join(outside, 'secret.png'), `PNG ${SECRET}`);
  writeFileSync(join(outside, 'api.yaml'), `openapi: 3.0.0\ninfo: { title: ${SECRET}, version: "1" }\npaths:\n  /x:\n    get:\n      summary: ${SECRET}\n`);
  writeFileSync(join(outside, 'docs.json'), JSON.stringify({ ...DOCS, name: SECRET }));
  writeFileSync(join(outside, 'SKILL.md'), `---\nname: leak\ndescription: ${SECRET}\n---\n\n${SECRET}\n`);
  mkdirSync(join(outside, 'folder'));
  writeFileSync(join(outside, 'folder', 'part.mdx'), `${SECRET} in a folder\n`);
  return outside;
}

const DOCS = { name: 'Hostile', theme: 'mint', colors: { primary: '#000000' }, navigation: { pages: ['index'] } };

/** A docs folder with `files`, then `links` (path in the docs folder -> target) made in it. */
function hostileSite(files: Record<string, string | object>, links: Record<string, string> = {}): string {
  const root = writeSite({ 'docs.json': DOCS, ...files });
  for (const [path, target] of Object.entries(links)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    symlinkSync(target, join(root, path));
  }
  return root;
}

/** A page placing the snippet at `specifier`: the import is on line 5, the placement on line 7. */
const PLACING = (specifier: string): string => `---\ntitle: Home\n---\n\nimport Pw from "${specifier}"\n\n<Pw />\n`;

/** Every file a build wrote (caches included), as one text to search for what must not be there. */
function outputText(outDir: string): string {
  if (!existsSync(outDir)) return '';
  return [...readTree(outDir)].map(([path, bytes]) => `${path}\n${bytes.toString('latin1')}`).join('\n');
}

/** Validates and builds `root`; returns validate's diagnostics and whether the build succeeded, having checked its output leaks nothing. */
async function buildHostile(root: string): Promise<{ diagnostics: Diagnostic[]; built: boolean; outDir: string }> {
  const report = await validate(root);
  const outDir = join(mkdtempSync(join(tmpdir(), 'docsite-out-')), 'dist');
  const built = await build(root, { out: outDir, jobs: 1 });
  const written = outputText(outDir);
  for (const forbidden of FORBIDDEN) expect(written).not.toContain(forbidden);
  return { diagnostics: [...report.errors, ...report.warnings], built: built.ok, outDir };
}

const refusedAt = (file: string, line: number) => expect.objectContaining({ code: 'file/refused', file, line, severity: 'error' });

describe('snippets that lead out of the docs folder', () => {
  it('a snippet linked to a file outside is refused where the page places it, and the build stops', async () => {
    const outside = outsideFolder();
    const root = hostileSite({ 'index.mdx': PLACING('/snippets/pw.mdx') }, { 'snippets/pw.mdx': join(outside, 'secret.mdx') });
    const { diagnostics, built } = await buildHostile(root);
    expect(diagnostics).toContainEqual(refusedAt('index.mdx', 7));
    expect(built).toBe(false);
  });

  it.each([
    ['/etc/passwd', '/etc/passwd'],
    ['/proc/self/environ', '/proc/self/environ'],
  ])('a snippet linked to %s is refused', async (_name, target) => {
    const root = hostileSite({ 'index.mdx': PLACING('/snippets/pw.mdx') }, { 'snippets/pw.mdx': target });
    const { diagnostics, built } = await buildHostile(root);
    expect(diagnostics).toContainEqual(refusedAt('index.mdx', 7));
    expect(built).toBe(false);
  });

  it('a snippet placed by a snippet, a linked snippets folder, a chain of links and a link to a parent folder are refused', async () => {
    const outside = outsideFolder();
    const root = hostileSite(
      {
        'index.mdx': PLACING('/snippets/outer.mdx'),
        'snippets/outer.mdx': 'import Inner from "/snippets/inner.mdx"\n\n<Inner />\n',
        'chain.mdx': PLACING('/snippets/first.mdx'),
        'folder.mdx': PLACING('/snippets/shared/part.mdx'),
        'parent.mdx': PLACING(`/snippets/up/${outside.split('/').at(-1)}/secret.mdx`),
      },
      {
        'snippets/inner.mdx': join(outside, 'secret.mdx'),
        'snippets/first.mdx': 'second.mdx',
        'snippets/second.mdx': join(outside, 'secret.mdx'),
        'snippets/shared': join(outside, 'folder'),
        // snippets/up is the folder holding the docs folder (and the outside folder beside it).
        'snippets/up': '../..',
      },
    );
    const { diagnostics, built } = await buildHostile(root);
    for (const file of ['index.mdx', 'chain.mdx', 'folder.mdx', 'parent.mdx']) expect(diagnostics).toContainEqual(refusedAt(file, 7));
    expect(built).toBe(false);
  });

  it('a FIFO as a snippet is refused without hanging the build', async () => {
    const root = hostileSite({ 'index.mdx': PLACING('/snippets/pipe.mdx'), 'snippets/.keep': '' });
    execFileSync('mkfifo', [join(root, 'snippets', 'pipe.mdx')]);
    const { diagnostics, built } = await buildHostile(root);
    expect(diagnostics).toContainEqual(expect.objectContaining({ code: 'file/refused', file: 'index.mdx', line: 7, message: expect.stringContaining('FIFO') }));
    expect(built).toBe(false);
  });

  it('imports climbing out with `..` are refused at the import', async () => {
    const outside = outsideFolder();
    const name = outside.split('/').at(-1)!;
    const root = hostileSite({
      'index.mdx': PLACING(`../${name}/secret.mdx`),
      'guide.mdx': PLACING(`/snippets/../../${name}/secret.mdx`),
    });
    const { diagnostics, built } = await buildHostile(root);
    for (const file of ['index.mdx', 'guide.mdx']) expect(diagnostics).toContainEqual(expect.objectContaining({ code: 'mdx/snippet', file, line: 5 }));
    expect(built).toBe(false);
  });

  it('links inside the docs folder keep working: a linked snippet, a linked snippets folder', async () => {
    const root = hostileSite(
      { 'index.mdx': PLACING('/snippets/pw.mdx'), 'guide.mdx': PLACING('/snippets/more/part.mdx'), 'shared/part.mdx': 'Shared **inside**.\n' },
      { 'snippets/pw.mdx': '../shared/part.mdx', 'snippets/more': '../shared' },
    );
    const { diagnostics, built, outDir } = await buildHostile(root);
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(built).toBe(true);
    expect(readFileSync(join(outDir, 'index.md'), 'utf8')).toContain('Shared **inside**.');
    expect(readFileSync(join(outDir, 'guide.html'), 'utf8')).toContain('<strong>inside</strong>');
  });
});

describe('docsite dev with a snippet that leads out of the docs folder', () => {
  it('shows the refusal in the page, and a link made while it runs is refused on the rebuild', async () => {
    const outside = outsideFolder();
    const root = hostileSite({ 'index.mdx': PLACING('/snippets/pw.mdx'), 'snippets/pw.mdx': 'Inside.\n' });
    const server = await dev({ dir: root, port: 0, logger: silentLogger });
    try {
      expect(await (await fetch(server.url)).text()).toContain('Inside.');
      const rebuilt = server.nextBuild();
      rmSync(join(root, 'snippets', 'pw.mdx'));
      symlinkSync(join(outside, 'secret.mdx'), join(root, 'snippets', 'pw.mdx'));
      const report = await rebuilt;
      expect(report.errors).toContainEqual(refusedAt('index.mdx', 7));
      const body = await (await fetch(server.url)).text();
      expect(body).toContain('file/refused');
      expect(body).not.toContain(SECRET);
      expect(outputText(join(root, 'dist'))).not.toContain(SECRET);
    } finally {
      await server.close();
    }
  });
});

describe('images, OpenAPI files, skills, custom files and docs.json that lead out of the docs folder', () => {
  it('are left out of the bundle, and each place that names one gets a diagnostic with its line', async () => {
    const outside = outsideFolder();
    const name = outside.split('/').at(-1)!;
    const root = hostileSite(
      {
        'docs.json': {
          ...DOCS,
          logo: '/logo.png',
          navigation: { groups: [{ group: 'API', openapi: 'api.yaml', pages: ['index', 'GET /x'] }] },
        },
        'index.mdx': page({ title: 'Home' }, `![a](/images/leak.png)\n\n![b](../${name}/secret.png)\n`),
        'endpoint.mdx': page({ title: 'Endpoint', openapi: 'linked/api.yaml GET /x' }),
      },
      {
        'logo.png': join(outside, 'secret.png'),
        'images/leak.png': join(outside, 'secret.png'),
        'api.yaml': join(outside, 'api.yaml'),
        linked: outside,
        'skills/leak/SKILL.md': join(outside, 'SKILL.md'),
        'skill.md': join(outside, 'SKILL.md'),
        'llms.txt': join(outside, 'secret.mdx'),
        'style.css': '/etc/passwd',
      },
    );
    const { diagnostics, built } = await buildHostile(root);
    const docsJson = readFileSync(join(root, 'docs.json'), 'utf8').split('\n');
    const lineOf = (text: string): number => docsJson.findIndex((line) => line.includes(text)) + 1;
    expect(diagnostics).toContainEqual(refusedAt('docs.json', lineOf('"logo"')));
    expect(diagnostics).toContainEqual(refusedAt('docs.json', lineOf('"GET /x"')));
    expect(diagnostics).toContainEqual(refusedAt('endpoint.mdx', 3));
    expect(diagnostics).toContainEqual(refusedAt('index.mdx', 5));
    expect(diagnostics).toContainEqual(refusedAt('index.mdx', 7));
    for (const link of ['skills/leak/SKILL.md', 'skill.md', 'llms.txt', 'style.css'])
      expect(diagnostics).toContainEqual(expect.objectContaining({ code: 'file/symlink', file: link }));
    expect(built).toBe(false);
  });

  it('published files linked out of the folder are left out even when nothing names them', async () => {
    const outside = outsideFolder();
    const root = hostileSite(
      { 'index.mdx': page({ title: 'Home' }, 'Welcome.') },
      {
        'skills/leak/SKILL.md': join(outside, 'SKILL.md'),
        'llms.txt': join(outside, 'secret.mdx'),
        'llms-full.txt': '/proc/self/environ',
        'style.css': '/etc/passwd',
        'assets/data.json': join(outside, 'secret.png'),
        shared: join(outside, 'folder'),
      },
    );
    const { diagnostics, built, outDir } = await buildHostile(root);
    expect(built).toBe(true);
    expect(diagnostics.map((d) => `${d.code} ${d.file}`).sort()).toEqual(
      ['assets/data.json', 'llms-full.txt', 'llms.txt', 'shared', 'skills/leak/SKILL.md', 'style.css'].map((file) => `file/symlink ${file}`),
    );
    expect(readFileSync(join(outDir, 'llms.txt'), 'utf8')).toContain('# Hostile');
  });

  it('a docs.json linked out of the folder is refused', async () => {
    const outside = outsideFolder();
    const root = hostileSite({ 'index.mdx': page({ title: 'Home' }, 'Welcome.') });
    rmSync(join(root, 'docs.json'));
    symlinkSync(join(outside, 'docs.json'), join(root, 'docs.json'));
    const { diagnostics, built } = await buildHostile(root);
    expect(diagnostics).toEqual([expect.objectContaining({ code: 'file/refused', file: 'docs.json', line: 1 })]);
    expect(built).toBe(false);
  });

  it('a FIFO as .docsiteignore is refused without hanging the build', async () => {
    const root = hostileSite({ 'index.mdx': page({ title: 'Home' }, 'Welcome.') });
    execFileSync('mkfifo', [join(root, '.docsiteignore')]);
    const { diagnostics, built } = await buildHostile(root);
    expect(diagnostics).toContainEqual(expect.objectContaining({ code: 'file/refused', file: '.docsiteignore', line: 1 }));
    expect(built).toBe(false);
  });
});

describe('links planted in a bundle', () => {
  let outside: string;
  let runtime: TestRuntime;

  beforeAll(async () => {
    outside = outsideFolder();
    const root = hostileSite({
      'index.mdx': page({ title: 'Home' }, 'Welcome.'),
      'guide.mdx': page({ title: 'Guide' }, 'Steps.'),
      'docs.json': { ...DOCS, navigation: { pages: ['index', 'guide'] } },
      'robots.txt': 'User-agent: *\n',
      'logo.png': 'PNG',
    });
    const report = await build(root, { out: mkdtempSync(join(tmpdir(), 'docsite-planted-')), jobs: 1 });
    expect(report.errors).toEqual([]);
    const bundle = await readBundle(report.outDir);
    // Planted after the bundle was read: what serve reads on each request.
    const plant = (path: string, target: string): void => {
      rmSync(join(report.outDir, path), { force: true });
      symlinkSync(target, join(report.outDir, path));
    };
    plant('leak.txt', join(outside, 'secret.mdx'));
    plant('passwd.txt', '/etc/passwd');
    plant('logo.png', join(outside, 'secret.png'));
    plant('robots.txt', join(outside, 'secret.mdx'));
    plant('guide.md', join(outside, 'secret.mdx'));
    plant('shared', join(outside, 'folder'));
    runtime = await startRuntime({ bundle });
  });
  afterAll(async () => {
    await runtime?.close();
  });

  it.each(['/leak.txt', '/passwd.txt', '/logo.png', '/robots.txt', '/guide.md', '/shared/part.mdx', '/llms-full.txt'])(
    'GET %s does not follow them out of the bundle',
    async (path) => {
      const response = await fetch(`${runtime.url}${path}`, { headers: { accept: 'text/markdown' } });
      const body = await response.text();
      for (const forbidden of FORBIDDEN) expect(body).not.toContain(forbidden);
      if (path !== '/llms-full.txt') expect(response.status).toBeGreaterThanOrEqual(400);
    },
  );
});

describe('links planted in the output folder (a dist/ committed to the docs repository)', () => {
  it('a rebuild neither reads through them into its pages, nor writes or removes files through them', async () => {
    const outside = outsideFolder();
    // Long enough that any offset and length a cache entry names fall inside it, and any 15 bytes of it hold a whole MARK.
    const MARK = 'XSECRETX';
    writeFileSync(join(outside, 'long-secret.txt'), MARK.repeat(5_000));
    writeFileSync(join(outside, 'victim.txt'), 'ORIGINAL');
    mkdirSync(join(outside, 'nav'));
    const root = hostileSite({ 'index.mdx': page({ title: 'Home' }, 'Welcome.'), 'logo.png': 'PNG' });
    const out = join(mkdtempSync(join(tmpdir(), 'docsite-out-')), 'dist');
    expect((await build(root, { out, jobs: 1 })).errors).toEqual([]);

    const plant = (path: string, target: string): void => {
      rmSync(join(out, path), { recursive: true, force: true });
      symlinkSync(target, join(out, path));
    };
    plant('.cache/pages/bodies.1', join(outside, 'long-secret.txt'));
    plant('index.html', join(outside, 'victim.txt'));
    plant('logo.png', join(outside, 'victim.txt'));
    plant('_docsite/nav', join(outside, 'nav'));
    // The record of the last build's files names some outside the folder: a build removes the files it no longer writes.
    writeFileSync(join(outside, 'keep.txt'), 'KEEP');
    writeFileSync(join(outside, 'folder', 'keep.txt'), 'KEEP');
    plant('planted', join(outside, 'folder'));
    const record = JSON.parse(readFileSync(join(out, '.cache/outputs.json'), 'utf8')) as { files: Record<string, string> };
    for (const path of [`../../${outside.split('/').at(-1)}/keep.txt`, join(outside, 'keep.txt'), 'planted/keep.txt']) record.files[path] = 'x';
    writeFileSync(join(out, '.cache/outputs.json'), JSON.stringify(record));
    // A new name lays every page out again, from the cached bodies, and rewrites every file.
    writeFileSync(join(root, 'docs.json'), JSON.stringify({ ...DOCS, name: 'Renamed' }));
    writeFileSync(join(root, 'logo.png'), 'PNG, new');

    expect((await build(root, { out, jobs: 1 })).errors).toEqual([]);
    expect(outputText(out)).not.toContain(MARK);
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toContain('Welcome.');
    expect(readFileSync(join(out, 'logo.png'), 'utf8')).toBe('PNG, new');
    expect(readFileSync(join(outside, 'victim.txt'), 'utf8')).toBe('ORIGINAL');
    expect(readdirSync(join(outside, 'nav'))).toEqual([]);
    expect(readFileSync(join(outside, 'keep.txt'), 'utf8')).toBe('KEEP');
    expect(readFileSync(join(outside, 'folder', 'keep.txt'), 'utf8')).toBe('KEEP');
  });
});
