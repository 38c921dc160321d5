// Skills as MCP resources: two skill files with one name are one resource, the first file's.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, readBundle } from '../../src/bundle/index.js';
import { rpc } from '../helpers/mcp-rpc.js';
import { startRuntime, type TestRuntime } from '../helpers/runtime.js';
import { writeSite } from '../helpers/site.js';

let runtime: TestRuntime;
let warnings: { file: string; line: number; code: string }[];

beforeAll(async () => {
  const site = writeSite({
    'docs.json': { name: 'Skills', navigation: { pages: ['index'] } },
    'index.mdx': '# Home\n',
    'skill.md': '---\nname: billing\ndescription: The site-wide billing skill.\n---\n\n# Billing\n',
    'skills/billing/SKILL.md': '---\nname: billing\ndescription: A second billing skill.\n---\n\n# Billing again\n',
    'skills/search/SKILL.md': '---\nname: search\ndescription: Search the docs.\n---\n\n# Search\n',
  });
  const report = await build(site, { out: mkdtempSync(join(tmpdir(), 'docsite-skills-')), jobs: 1 });
  expect(report.ok).toBe(true);
  warnings = report.warnings;
  runtime = await startRuntime({ bundle: await readBundle(report.outDir) });
});
afterAll(() => runtime?.close());

describe('skills with the same name', () => {
  it('are warned about at the second file, and the bundle keeps the first', async () => {
    expect(warnings.filter((w) => w.code === 'skill/duplicate-name')).toEqual([
      expect.objectContaining({ file: 'skills/billing/SKILL.md', line: 2, code: 'skill/duplicate-name' }),
    ]);
    const { body } = await rpc(`${runtime.url}/mcp`, 'resources/list', {});
    expect(body.result.resources).toEqual([
      { uri: 'docsite://skills/billing', name: 'billing', description: 'The site-wide billing skill.', mimeType: 'text/markdown' },
      { uri: 'docsite://skills/search', name: 'search', description: 'Search the docs.', mimeType: 'text/markdown' },
    ]);
    const read = await rpc(`${runtime.url}/mcp`, 'resources/read', { uri: 'docsite://skills/billing' });
    expect(read.body.result.contents[0].text).toContain('The site-wide billing skill.');
  });
});
