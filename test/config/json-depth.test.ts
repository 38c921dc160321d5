// How deep docs.json and the runtime config may nest: a diagnostic with a place beyond the limit, a working site up to it.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { build } from '../../src/bundle/index.js';
import { parseDocsConfig, parseRuntimeConfig } from '../../src/config/index.js';
import { page, writeSite } from '../helpers/site.js';

/** A docs.json whose navigation nests `levels` groups, the innermost listing `guide`. */
function nestedGroups(levels: number): string {
  return `{"name":"Deep","navigation":{"groups":[${'{"group":"g","pages":['.repeat(levels)}"guide"${']}'.repeat(levels)}]}}`;
}

describe('nesting depth', () => {
  it('reads up to 100 levels, and points at the bracket that opens the 101st', () => {
    expect(parseDocsConfig(`{"name":"D","navigation":{"pages":["i"]},"x":${'['.repeat(99)}${']'.repeat(99)}}`).diagnostics).toEqual([
      expect.objectContaining({ code: 'config/unknown-key' }),
    ]);
    const text = `{"name":"D",\n  "x": ${'['.repeat(200)}${']'.repeat(200)}}`;
    // The object is level 1, so the 100th `[` (column 8 + 99) opens level 101.
    expect(parseDocsConfig(text).diagnostics).toMatchObject([
      {
        file: 'docs.json',
        line: 2,
        column: 107,
        code: 'config/too-deep',
        severity: 'error',
        message: 'docs.json nests arrays and objects more than 100 levels deep.',
      },
    ]);
  });

  it('does not count brackets inside strings, escaped quotes included', () => {
    const text = `{"name":"${'[{'.repeat(300)}\\"${'[{'.repeat(300)}","navigation":{"pages":["index"]}}`;
    expect(parseDocsConfig(text).diagnostics).toEqual([]);
  });

  it('reports a deep runtime config the same way', () => {
    const result = parseRuntimeConfig(`{"x":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}}`, 'docsite.config.json', { env: {}, baseDir: tmpdir() });
    expect(result.config).toBeUndefined();
    expect(result.diagnostics).toEqual([expect.objectContaining({ file: 'docsite.config.json', line: 1, code: 'runtime-config/invalid-json' })]);
    expect(result.diagnostics[0]!.message).toContain('more than 100 levels deep');
  });

  it('builds a site whose groups nest as deep as the limit allows', async () => {
    const dir = writeSite({ 'docs.json': nestedGroups(48), 'guide.mdx': page({ title: 'Guide' }, 'Deep down.') });
    const report = await build(dir, { out: mkdtempSync(join(tmpdir(), 'docsite-deep-')), jobs: 1 });
    expect(report.errors).toEqual([]);
    expect(report.ok).toBe(true);
  });
});
