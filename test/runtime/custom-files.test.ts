// An author's own llms.txt, llms-full.txt, sitemap.xml and robots.txt: published as they are and
// served in place of the ones docsite makes; with authentication on, only robots.txt is public.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, readBundle, type LoadedBundle } from '../../src/bundle/index.js';
import { Browser, localConfig, SESSION_ENV, startAuthRuntime, type AuthRuntime } from '../helpers/auth-runtime.js';
import { startRuntime, type TestRuntime } from '../helpers/runtime.js';
import { page, writeSite } from '../helpers/site.js';

const OWN_LLMS = '# Acme\n\n> Written by hand.\n\n- [Start](https://docs.acme.test/index.md)\n';
const OWN_ROBOTS = 'User-agent: *\nDisallow: /drafts\n';
const OWN_SITEMAP =
  '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://docs.acme.test/</loc></url></urlset>\n';

async function buildSite(files: Record<string, string | object>): Promise<LoadedBundle> {
  const dir = writeSite({
    'docs.json': { name: 'Acme', navigation: { pages: ['index', 'guide'] } },
    'index.mdx': page({ title: 'Home' }, 'Welcome.'),
    'guide.mdx': page({ title: 'Guide' }, 'Steps.'),
    ...files,
  });
  const report = await build(dir, { out: mkdtempSync(join(tmpdir(), 'docsite-custom-files-')), jobs: 1 });
  expect(report.errors).toEqual([]);
  return readBundle(report.outDir);
}

let bundle: LoadedBundle;
let runtime: TestRuntime;
let authRuntime: AuthRuntime;

beforeAll(async () => {
  bundle = await buildSite({ 'llms.txt': OWN_LLMS, 'robots.txt': OWN_ROBOTS, 'sitemap.xml': OWN_SITEMAP });
  runtime = await startRuntime({ bundle });
  authRuntime = await startAuthRuntime(localConfig(), SESSION_ENV, bundle);
  await authRuntime.store.addUser({ username: 'olga', password: 'olga-password' });
});
afterAll(async () => {
  await runtime?.close();
  await authRuntime?.close();
});

describe('root documents of the docs folder', () => {
  it('are published as they are, listed in the manifest, and the others are still made', () => {
    expect(bundle.manifest.customFiles).toEqual(['llms.txt', 'sitemap.xml', 'robots.txt']);
    expect(readFileSync(join(bundle.dir, 'llms.txt'), 'utf8')).toBe(OWN_LLMS);
    expect(readFileSync(join(bundle.dir, 'sitemap.xml'), 'utf8')).toBe(OWN_SITEMAP);
    expect(readFileSync(join(bundle.dir, 'llms-full.txt'), 'utf8')).toContain('# Guide');
  });

  it('are served in place of the ones serve makes', async () => {
    const llms = await fetch(`${runtime.url}/llms.txt`);
    expect(llms.status).toBe(200);
    expect(llms.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await llms.text()).toBe(OWN_LLMS);
    const robots = await fetch(`${runtime.url}/robots.txt`);
    expect(await robots.text()).toBe(OWN_ROBOTS);
    const sitemap = await fetch(`${runtime.url}/sitemap.xml`);
    expect(sitemap.headers.get('content-type')).toMatch(/^application\/xml/);
    expect(await sitemap.text()).toBe(OWN_SITEMAP);
    // Not supplied: made per reader, as without any.
    expect(await (await fetch(`${runtime.url}/llms-full.txt`)).text()).toMatch(/^# Acme\n/);
  });

  it('with authentication on, are for signed-in readers, except robots.txt', async () => {
    const anonymous = new Browser(authRuntime.url);
    expect((await anonymous.get('/llms.txt')).status).toBe(404);
    expect((await anonymous.get('/sitemap.xml')).status).toBe(404);
    expect(await (await anonymous.get('/robots.txt')).text()).toBe(OWN_ROBOTS);
    const reader = new Browser(authRuntime.url);
    expect((await reader.signIn('olga', 'olga-password')).status).toBe(303);
    const llms = await reader.get('/llms.txt');
    expect(llms.status).toBe(200);
    expect(await llms.text()).toBe(OWN_LLMS);
  });

  it('are made again once the docs folder no longer has them', async () => {
    const plain = await buildSite({});
    expect(plain.manifest.customFiles).toEqual([]);
    expect(readFileSync(join(plain.dir, 'llms.txt'), 'utf8')).toContain('- [Guide]');
  });
});
