// The owner's dashboard is for owners only: everyone else, whatever they present, gets the 404 of a missing page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, localConfig, startAuthRuntime, type AuthRuntime } from '../../helpers/auth-runtime.js';
import { csrfOf, expectMissing, ownerAccountBrowser } from '../../helpers/dashboard.js';
import { startRuntime, type TestRuntime } from '../../helpers/runtime.js';

const PAGES = ['/_docsite/admin', '/_docsite/admin/keys', '/_docsite/admin/analytics', '/_docsite/admin/assets/admin.js'];

describe('dashboard on a site without authentication', () => {
  let runtime: TestRuntime;
  beforeAll(async () => {
    runtime = await startRuntime();
    await runtime.store.addUser({ username: 'olga', password: 'olga-password', owner: true });
    await runtime.store.addUser({ username: 'rita', password: 'rita-password' });
  });
  afterAll(() => runtime?.close());

  it('is a missing page to anonymous visitors, API keys of both kinds, and bearer tokens', async () => {
    const anonymous = new Browser(runtime.url);
    const admin = (await runtime.store.createApiKey({ kind: 'admin' })).key;
    const assistant = (await runtime.store.createApiKey({ kind: 'assistant' })).key;
    for (const path of PAGES) {
      await expectMissing(anonymous, path);
      await expectMissing(anonymous, path, { authorization: `Bearer ${admin}` });
      await expectMissing(anonymous, path, { authorization: `Bearer ${assistant}` });
      await expectMissing(anonymous, path, { authorization: 'Bearer some-mcp-access-token' });
    }
  });

  it('lets an owner account sign in at its own page, and refuses accounts that are not owners', async () => {
    const reader = new Browser(runtime.url);
    const form = await reader.get('/_docsite/admin/login');
    expect(form.status).toBe(200);
    const refused = await reader.post('/_docsite/admin/login', { csrf: csrfOf(await form.text()), username: 'rita', password: 'rita-password' });
    expect(refused.status).toBe(401);
    await expectMissing(reader, '/_docsite/admin');

    const owner = await ownerAccountBrowser(runtime.url, 'olga', 'olga-password');
    const home = await owner.get('/_docsite/admin');
    expect(home.status).toBe(200);
    expect(home.headers.get('cache-control')).toBe('no-store');
    const html = await home.text();
    expect(html).toContain('Signed in as <strong>olga</strong>');
    expect(html).not.toContain('Security &amp; access');
    await expectMissing(owner, '/_docsite/admin/mcp');
  });

  it('ends the owner session at sign-out', async () => {
    const owner = await ownerAccountBrowser(runtime.url, 'olga', 'olga-password');
    const confirm = await owner.get('/_docsite/logout');
    expect((await owner.post('/_docsite/logout', { csrf: csrfOf(await confirm.text()) })).status).toBe(303);
    await expectMissing(owner, '/_docsite/admin');
  });
});

describe('dashboard on a site with authentication', () => {
  let runtime: AuthRuntime;
  beforeAll(async () => {
    runtime = await startAuthRuntime(localConfig(), undefined, undefined, { app: { dashboard: { ownersGroup: 'docs-team' } } });
    await runtime.store.addUser({ username: 'tess', password: 'tess-password', groups: ['docs-team'] });
    await runtime.store.addUser({ username: 'rita', password: 'rita-password', groups: ['enterprise'] });
    await runtime.store.addUser({ username: 'olga', password: 'olga-password', groups: ['enterprise'], owner: true });
  });
  afterAll(() => runtime?.close());

  it('is for members of the owners group only: readers, and owner accounts outside the group, get a missing page', async () => {
    for (const name of ['rita', 'olga']) {
      const reader = new Browser(runtime.url);
      expect((await reader.signIn(name, `${name}-password`)).status).toBe(303);
      for (const path of [...PAGES, '/_docsite/admin/mcp']) await expectMissing(reader, path);
    }
    await expectMissing(new Browser(runtime.url), '/_docsite/admin');
  });

  it('shows the owners the MCP page; its sign-in link goes to the site sign-in', async () => {
    const owner = new Browser(runtime.url);
    const login = await owner.get('/_docsite/admin/login');
    expect(login.status).toBe(303);
    expect(login.headers.get('location')).toBe('/_docsite/login?return_to=%2F_docsite%2Fadmin');
    const signedIn = await owner.signIn('tess', 'tess-password', '/_docsite/admin');
    expect(signedIn.headers.get('location')).toBe('/_docsite/admin');
    const home = await owner.get('/_docsite/admin');
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('Security &amp; access');
  });
});
