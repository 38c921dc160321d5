// What stops `validate` and `build`: validate reports every problem in one pass; build stops only on
// what it cannot render, so broken links and anchors are warnings there unless --strict.
import { existsSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { page, writeSite } from '../helpers/site.js';

const temp = (): string => mkdtempSync(join(tmpdir(), 'docsite-exit-'));

/** A site whose only problems are a link to no page and a link to no heading. */
const BROKEN_LINKS = {
  'docs.json': { name: 'Links', navigation: { pages: ['index', 'guide'] } },
  'index.mdx': page({ title: 'Home' }, 'See [the guide](/guide#nowhere) and [gone](/gone).'),
  'guide.mdx': page({ title: 'Guide' }, '## Setup\n\nText.'),
};

describe('validate reports everything in one pass', () => {
  it('reports a docs.json error and the page and link checks together', () => {
    const dir = writeSite({
      'docs.json': '{\n  "name": "One pass",\n  "colors": {"primary": 12},\n  "navigation": {"pages": ["index", "missing"]}\n}\n',
      'index.mdx': page({ title: 'Home' }, 'See [gone](/gone).'),
    });
    const result = runCli(['validate', dir, '--format', 'json']);
    expect(result.code).toBe(1);
    const codes = (JSON.parse(result.stdout) as { errors: { file: string; line: number; code: string }[] }).errors.map((d) => `${d.file}:${d.line} ${d.code}`);
    expect(codes).toEqual(['docs.json:3 config/schema', 'docs.json:4 nav/missing-page', 'index.mdx:5 link/broken']);
  });

  it('makes broken links and anchors errors', () => {
    const result = runCli(['validate', writeSite(BROKEN_LINKS)]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('error  Link "/gone" points to a page that does not exist.  link/broken');
    expect(result.stdout).toMatch(/error {2}Link "\/guide#nowhere".*link\/broken-anchor/);
  });

  it('reads a $ref only inside the docs folder, reporting one that leads out at its line', () => {
    const outside = temp();
    writeFileSync(join(outside, 'redirects.json'), '[{"source": "/secret", "destination": "/index"}]');
    const dir = writeSite({
      'docs.json': '{\n  "name": "Refs",\n  "navigation": {"pages": ["index"]},\n  "redirects": {"$ref": "./linked.json"}\n}\n',
      'index.mdx': page({ title: 'Home' }),
    });
    symlinkSync(join(outside, 'redirects.json'), join(dir, 'linked.json'));
    const result = runCli(['validate', dir]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(
      'docs.json:4:25  error  "$ref" names linked.json, which goes through a symbolic link that leads out of the docs folder; it is not read.  config/ref-unreadable',
    );
  });
});

describe('build stops only on what it cannot render', () => {
  it('builds with broken links and anchors, printing them as warnings', () => {
    const out = temp();
    const result = runCli(['build', writeSite(BROKEN_LINKS), '--out', out]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('warning  Link "/gone" points to a page that does not exist.  link/broken');
    expect(result.stdout).toMatch(/warning {2}Link "\/guide#nowhere".*link\/broken-anchor/);
    expect(result.stdout).toMatch(/Built 2 pages .*, 2 warnings\.\n$/);
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toContain('href="/gone"');
  });

  it('builds past a navigation entry with no page and an operation missing from its spec, leaving them out, as Mintlify does', () => {
    const out = temp();
    const spec = {
      openapi: '3.0.0',
      info: { title: 'API', version: '1' },
      paths: { '/pets': { get: { summary: 'List pets', responses: { 200: { description: 'OK' } } } } },
    };
    const dir = writeSite({
      'docs.json': { name: 'Gaps', navigation: { pages: ['index', 'not-written-yet', 'translated'] }, api: { openapi: 'openapi.json' } },
      'openapi.json': spec,
      'index.mdx': page({ title: 'Home' }),
      'translated.mdx': page({ title: 'Page views', openapi: 'GET /views' }, 'Text of the translated page.'),
    });
    const result = runCli(['build', dir, '--out', out]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/docs\.json:\d+:\d+ {2}warning .*nav\/missing-page/);
    expect(result.stdout).toMatch(/translated\.mdx:\d+:\d+ {2}warning .*openapi\/missing-operation/);
    expect(readFileSync(join(out, 'translated.html'), 'utf8')).toContain('Text of the translated page.');
    expect(existsSync(join(out, 'not-written-yet.html'))).toBe(false);
    const strict = runCli(['build', dir, '--out', join(temp(), 'dist'), '--strict']);
    expect(strict.code).toBe(1);
  });

  it('with --strict, a broken link stops the build and nothing is written', () => {
    const out = join(temp(), 'dist');
    const result = runCli(['build', writeSite(BROKEN_LINKS), '--out', out, '--strict']);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('error  Link "/gone" points to a page that does not exist.  link/broken');
    expect(existsSync(out)).toBe(false);
  });

  it('builds a site with hidden tool folders, which are neither pages nor served', () => {
    const out = temp();
    const dir = writeSite({
      'docs.json': { name: 'Hidden', navigation: { pages: ['index'] } },
      'index.mdx': page({ title: 'Home' }),
      '.mintlify/AGENTS.md': '# Notes for agents',
      '.claude/skills/x/SKILL.md': '---\nname: x\n---\n\nNot MDX: <br/ >\n',
      '.mintignore': 'drafts/\n',
      'drafts/wip.mdx': page({ title: 'WIP' }, 'Not MDX: <br/ >'),
    });
    const result = runCli(['build', dir, '--out', out]);
    expect(result.stdout).toMatch(/^Built 1 page /m);
    expect(result.code).toBe(0);
    expect(existsSync(join(out, '.mintlify'))).toBe(false);
    expect(existsSync(join(out, 'drafts'))).toBe(false);
  });
});
