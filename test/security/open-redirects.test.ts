// Replays the audit's open redirects: every Location the server sends, followed as a browser would, stays on the site.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, readBundle, type LoadedBundle } from '../../src/bundle/index.js';
import { Browser, localConfig, SESSION_ENV, startAuthRuntime, type AuthRuntime } from '../helpers/auth-runtime.js';
import { send } from '../helpers/raw-http.js';
import { startRuntime, type TestRuntime } from '../helpers/runtime.js';
import { page, writeSite } from '../helpers/site.js';

/** Request targets a browser, a crawler or an attacker's link may send, each one a redirect today or once. */
const HOSTILE_PATHS = [
  '//evil.com/',
  '//evil.com//',
  '///evil.com/',
  '/%2F%2Fevil.com/',
  '/%2f/evil.com/',
  '/%5Cevil.com/',
  '/%5C%5Cevil.com/',
  '/%5C/evil.com/',
  '/\\evil.com/',
  '/\\/evil.com/',
  '/%09/evil.com/',
  '/%0A/evil.com/',
  '/%0D%0A/evil.com/',
  '/./%2F/evil.com/',
  '/.//evil.com/',
  '/%2e//evil.com/',
  '/x/..//evil.com/',
  '/x/%2e%2e//evil.com/',
  '/https://evil.com/',
  '/https:evil.com/',
  '/%E3%80%82/evil.com/',
  '/index//evil.com',
  '/docs//evil.com/x',
  '/docs///evil.com/x',
  '/docs/%2F%2Fevil.com/x',
  '/docs/%2F/evil.com',
  '/docs/%5Cevil.com/x',
  '/docs/%5C%5Cevil.com',
  '/docs/%09/evil.com',
  '/docs/%0A%0D/evil.com',
  '/docs/./%2F/evil.com',
  '/docs/%2e%2e//evil.com',
  '/docs/x/../..//evil.com',
  '/docs/$%60evil.com',
  '/docs/$%60/evil.com',
  '/docs/https:%2F%2Fevil.com',
  '/go/%2F%2Fevil.com',
  '/go/%5Cevil.com',
  '/go/$%60',
  '/ext/..%2F..%2F%2F%2Fevil.com',
  '/ext/@evil.com',
  '/ext/%2F%2Fevil.com',
  '/proto',
  '/port/8443',
  '/port/@evil.com',
  '/port/%2F%2Fevil.com',
];

/** `return_to` values of sign-in links an attacker may hand out. */
const HOSTILE_RETURNS = [
  '//evil.com/',
  '/.//evil.com/',
  '/./\\evil.com',
  '/\\evil.com',
  '\\\\evil.com',
  '/\t/evil.com',
  '\t//evil.com',
  ' //evil.com',
  '/\n/evil.com',
  '/%2F%2Fevil.com',
  '/%5Cevil.com',
  '/%09/evil.com',
  '/x/..//evil.com',
  '/x/%2e%2e//evil.com',
  '/%2e%2e//evil.com',
  'https://evil.com/',
  'https:evil.com',
  'javascript:alert(1)',
  '/\u0000//evil.com',
  '//evil.com\\@site',
];

/** The docs.json redirects of the test site: wildcards into the site, and one deliberately external rule. */
const REDIRECTS = [
  { source: '/docs/:slug*', destination: '/:slug*' },
  { source: '/go/:name', destination: '/guides/:name' },
  { source: '/ext/:slug*', destination: 'https://other.example/docs/:slug*' },
  { source: '/proto', destination: '//evil.com/landing' },
  // A parameter in the authority could change the origin docs.json names: then there is no redirect.
  { source: '/port/:p', destination: 'https://other.example::p/x' },
];

const SITE = {
  'docs.json': { name: 'Redirects', navigation: { pages: ['index', 'guide', 'guides/intro'] }, redirects: REDIRECTS },
  'index.mdx': page({ title: 'Home' }, 'Home.'),
  'guide.mdx': page({ title: 'Guide' }, 'Guide.'),
  'guides/intro.mdx': page({ title: 'Intro' }, 'Intro.'),
};

/** Origins a Location may lead to: the site's, and the one docs.json names as an external destination. */
const EXTERNAL_ALLOWED = 'https://other.example';

/**
 * Follows redirects from `path` as a browser does: each Location resolved against the URL it
 * answered, up to 5 hops. Returns each hop's URL; throws when a hop leaves for an origin not allowed.
 */
async function follow(site: string, path: string, headers: Record<string, string> = {}): Promise<string[]> {
  const hops: string[] = [];
  let url = new URL(path.startsWith('/') ? `${site}${path}` : `${site}/${path}`);
  let target = path;
  for (let hop = 0; hop < 5; hop++) {
    const answer = await send(site, { method: 'GET', path: target, headers });
    const location = answer.headers.location;
    if (answer.status < 300 || answer.status > 399 || typeof location !== 'string') return hops;
    const next = new URL(location, url);
    hops.push(next.href);
    if (next.origin === EXTERNAL_ALLOWED) return hops;
    if (next.origin !== site) throw new Error(`${path} → ${hops.join(' → ')} (Location: ${location}) leaves the site`);
    url = next;
    target = `${next.pathname}${next.search}`;
  }
  return hops;
}

let bundle: LoadedBundle;

beforeAll(async () => {
  const report = await build(writeSite(SITE), { out: mkdtempSync(join(tmpdir(), 'docsite-redirects-')), jobs: 1 });
  if (!report.ok) throw new Error(`test site failed to build: ${JSON.stringify(report.errors)}`);
  bundle = await readBundle(report.outDir);
});

describe('redirects of the pages route and of docs.json', () => {
  let runtime: TestRuntime;
  beforeAll(async () => {
    runtime = await startRuntime({ bundle });
  });
  afterAll(() => runtime?.close());

  it.each(HOSTILE_PATHS)('GET %s stays on the site', async (path) => {
    await follow(runtime.url, path);
  });

  it('still redirects trailing slashes, wildcards and external rules where they lead', async () => {
    const location = async (path: string) => (await send(runtime.url, { method: 'GET', path })).headers.location;
    expect(await location('/guide/?x=1')).toBe('/guide?x=1');
    expect(await location('/guides/intro//')).toBe('/guides/intro');
    expect(await location('/docs/guides/intro')).toBe('/guides/intro');
    expect(await location('/go/intro')).toBe('/guides/intro');
    expect(await location('/ext/a/b')).toBe('https://other.example/docs/a/b');
    // A literal protocol-relative destination is a path of this site, not another host.
    expect(await location('/proto')).toBe('/evil.com/landing');
  });
});

describe('sign-in return_to', () => {
  let runtime: AuthRuntime;
  beforeAll(async () => {
    runtime = await startAuthRuntime(localConfig(), SESSION_ENV, bundle);
    await runtime.store.addUser({ username: 'ann', password: 'correct horse battery' });
  });
  afterAll(() => runtime?.close());

  it.each(HOSTILE_RETURNS)('return_to=%j leads back into the site after signing in, and when already signed in', async (returnTo) => {
    const browser = new Browser(runtime.url);
    const signedIn = await browser.signIn('ann', 'correct horse battery', returnTo);
    expect(signedIn.status).toBe(303);
    const after = new URL(signedIn.headers.get('location')!, `${runtime.url}/_docsite/login`);
    expect(after.origin).toBe(runtime.url);
    const again = await browser.get(`/_docsite/login?return_to=${encodeURIComponent(returnTo)}`);
    expect(again.status).toBe(303);
    expect(new URL(again.headers.get('location')!, `${runtime.url}/_docsite/login`).origin).toBe(runtime.url);
    // And wherever it leads on the site, what follows stays there too.
    await follow(runtime.url, `${after.pathname}${after.search}`);
  });
});
