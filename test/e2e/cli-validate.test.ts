// The `docsite validate` command as a user runs it: output, exit codes, formats and threads.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { page, writeSite } from '../helpers/site.js';

const EXAMPLE = join(import.meta.dirname, '..', '..', 'examples', 'acme');

const BROKEN = {
  'docs.json': '{\n  "name": "Broken",\n  "navigation": {"pages": ["index", "missing"]}\n}\n',
  'index.mdx': '---\ntitle: Home\nplayground: fancy\n---\n\nSee [nowhere](/nowhere).\n',
};

describe('docsite validate', () => {
  it('passes the example site', () => {
    const result = runCli(['validate', EXAMPLE]);
    expect(result.stdout).toMatch(/\d+ pages checked in [\d.]+s: no problems\./);
    expect(result.code).toBe(0);
  });

  it('reports every problem with file, line and column, and exits 1', () => {
    const result = runCli(['validate', writeSite(BROKEN)]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('docs.json:3:37  error  Page "missing" does not exist');
    expect(result.stdout).toContain(
      'index.mdx:3:13  error  "playground" must be one of "interactive", "simple", "none", "auth"; got "fancy".  frontmatter/schema',
    );
    expect(result.stdout).toContain('index.mdx:6:5  error  Link "/nowhere" points to a page that does not exist.  link/broken');
    expect(result.stdout).toContain('hint: ');
    expect(result.stdout).toMatch(/1 page checked in [\d.]+s: 3 errors, 0 warnings\./);
  });

  it('prints JSON with --format json', () => {
    const result = runCli(['validate', writeSite(BROKEN), '--format', 'json']);
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout);
    expect(report.ok).toBe(false);
    expect(report.pageCount).toBe(1);
    expect(report.warnings).toEqual([]);
    expect(report.errors.map((d: { file: string; line: number; code: string }) => `${d.file}:${d.line} ${d.code}`)).toEqual([
      'docs.json:3 nav/missing-page',
      'index.mdx:3 frontmatter/schema',
      'index.mdx:6 link/broken',
    ]);
  });

  it('passes warnings unless --strict', () => {
    const dir = writeSite({ 'docs.json': { name: 'W', navigation: { pages: ['index'] }, customThing: 1 }, 'index.mdx': page({ title: 'Home' }) });
    const relaxed = runCli(['validate', dir]);
    expect(relaxed.code).toBe(0);
    expect(relaxed.stdout).toContain('warning  Unknown key "customThing".');
    const strict = runCli(['validate', dir, '--strict', '--format', 'json']);
    expect(strict.code).toBe(1);
    expect(JSON.parse(strict.stdout).errors[0]).toMatchObject({ code: 'config/unknown-key', severity: 'error' });
  });

  it('exits 2 with a hint when the folder has no docs.json', () => {
    const result = runCli(['validate', writeSite({ 'index.mdx': '# Hi' })]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/No docs\.json in .*\n {2}hint: /);
  });

  it('exits 2 on a bad option, and documents itself with --help', () => {
    expect(runCli(['validate', '--format', 'xml']).code).toBe(2);
    expect(runCli(['validate', '--jobs', '0']).code).toBe(2);
    const help = runCli(['validate', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('--strict');
    expect(runCli(['--help']).stdout).toContain('validate [options] [dir]');
  });

  it('finds the same problems with worker threads as in one thread', () => {
    const files: Record<string, string | object> = {};
    const pages: string[] = [];
    for (let i = 0; i < 240; i++) {
      pages.push(`p/${i}`);
      const next = i % 40 === 0 ? '/p/missing' : `/p/${(i + 1) % 240}`;
      files[`p/${i}.mdx`] = page({ title: `Page ${i}` }, `## Part ${i}\n\nGo to [next](${next}).\n`);
    }
    files['docs.json'] = { name: 'Many', navigation: { groups: [{ group: 'All', pages }] } };
    const dir = writeSite(files);
    const single = runCli(['validate', dir, '--jobs', '1', '--format', 'json']);
    const parallel = runCli(['validate', dir, '--jobs', '2', '--format', 'json']);
    expect(single.code).toBe(1);
    expect(JSON.parse(parallel.stdout)).toEqual(JSON.parse(single.stdout));
    expect(JSON.parse(single.stdout).errors).toHaveLength(6);
  });
});
