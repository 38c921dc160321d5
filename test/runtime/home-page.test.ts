// `/` on a site without an index page: the first page of navigation, as on Mintlify.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, readBundle } from '../../src/bundle/index.js';
import { startRuntime, type TestRuntime } from '../helpers/runtime.js';
import { page, writeSite } from '../helpers/site.js';

let runtime: TestRuntime;

beforeAll(async () => {
  const dir = writeSite({
    'docs.json': { name: 'No index', navigation: { groups: [{ group: 'Start', pages: ['getting-started/intro', 'guide'] }] } },
    'getting-started/intro.mdx': page({ title: 'Intro' }, 'Back [home](/).'),
    'guide.mdx': page({ title: 'Guide' }),
  });
  const out = mkdtempSync(join(tmpdir(), 'docsite-home-'));
  const report = await build(dir, { out, jobs: 1 });
  expect(report.ok, JSON.stringify(report.errors)).toBe(true);
  expect(report.warnings.filter((d) => d.code.startsWith('link/'))).toEqual([]);
  runtime = await startRuntime({ bundle: await readBundle(out) });
});
afterAll(() => runtime?.close());

describe('the home page', () => {
  it('sends / to the first page of navigation when no page is the index', async () => {
    const response = await fetch(`${runtime.url}/`, { redirect: 'manual' });
    expect(response.status).toBe(307);
    expect(response.headers.get('location')).toBe('/getting-started/intro');
    const followed = await fetch(`${runtime.url}/`);
    expect(await followed.text()).toContain('<h1>Intro</h1>');
  });
});
