// Security & access → MCP over HTTP: the switch, client credentials shown once, redirect URIs checked by the SPEC 5.4 rules, fixed settings.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, localConfig, startAuthRuntime, type AuthRuntime } from '../../helpers/auth-runtime.js';
import { csrfOf } from '../../helpers/dashboard.js';

async function ownerOf(runtime: AuthRuntime): Promise<Browser> {
  await runtime.store.addUser({ username: 'tess', password: 'tess-password', groups: ['owners'] });
  const owner = new Browser(runtime.url);
  await owner.signIn('tess', 'tess-password');
  return owner;
}

describe('MCP page', () => {
  let runtime: AuthRuntime;
  let owner: Browser;
  const csrf = async () => csrfOf(await (await owner.get('/_docsite/admin/mcp')).text());
  beforeAll(async () => {
    runtime = await startAuthRuntime(localConfig({ oauth: { allowedRedirectUris: ['claude.ai'] } }), undefined, undefined, {
      app: { dashboard: { settings: { redirectUris: ['claude.ai'] } } },
    });
    owner = await ownerOf(runtime);
  });
  afterAll(() => runtime?.close());

  it('turns the stored MCP switch off and on, recording who did it', async () => {
    expect(await (await owner.get('/_docsite/admin/mcp')).text()).toContain('The MCP server is <strong>on</strong>');
    expect((await owner.post('/_docsite/admin/mcp/switch', { csrf: await csrf(), enabled: 'off' })).status).toBe(200);
    expect(await runtime.store.getSettings()).toMatchObject({ mcpEnabled: false });
    expect((await runtime.store.listAdminActions(1))[0]).toMatchObject({ actor: 'tess', action: 'setting.mcpEnabled', detail: 'off' });
    expect(await (await owner.get('/_docsite/admin/mcp')).text()).toContain('The MCP server is <strong>off</strong>');
    await owner.post('/_docsite/admin/mcp/switch', { csrf: await csrf(), enabled: 'on' });
    expect(await runtime.store.getSettings()).toMatchObject({ mcpEnabled: true });
    expect((await owner.post('/_docsite/admin/mcp/switch', { enabled: 'off' })).status).toBe(403);
    expect(await runtime.store.getSettings()).toMatchObject({ mcpEnabled: true });
  });

  it('generates a client credential shown once, whose token request works until it is deleted', async () => {
    const created = await owner.post('/_docsite/admin/mcp/credentials', { csrf: await csrf(), label: 'nightly sync' });
    expect(created.status).toBe(201);
    const html = await created.text();
    const clientId = /id="new-client-id" type="text" readonly value="([^"]+)"/.exec(html)?.[1] ?? '';
    const secret = /id="new-client-secret" type="text" readonly value="([^"]+)"/.exec(html)?.[1] ?? '';
    const token = () =>
      fetch(`${runtime.url}/authed/mcp/oauth/token`, {
        method: 'POST',
        body: new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId, client_secret: secret }),
      });
    expect((await token()).status).toBe(200);
    const listed = await (await owner.get('/_docsite/admin/mcp')).text();
    expect(listed).toContain('nightly sync');
    expect(listed).not.toContain(secret);
    expect(JSON.stringify(await runtime.store.listAdminActions(10))).not.toContain(secret);
    expect((await owner.post('/_docsite/admin/mcp/credentials/delete', { csrf: await csrf(), clientId })).status).toBe(200);
    expect((await token()).status).toBe(401);
  });

  it('adds and removes redirect URIs by the SPEC 5.4 rules, listing the file entries as such', async () => {
    const add = async (uri: string) => owner.post('/_docsite/admin/mcp/redirect-uris', { csrf: await csrf(), uri });
    expect((await add('app.example.com')).status).toBe(201);
    expect((await add('myapp://callback')).status).toBe(201);
    for (const refused of ['javascript:alert(1)', 'data:text/html,x', 'file:///etc/passwd', 'http://localhost:8080/cb', 'not a uri']) {
      expect((await add(refused)).status).toBe(400);
    }
    expect((await add('claude.ai')).status).toBe(409);
    expect(await runtime.store.getSettings()).toMatchObject({ redirectUris: ['app.example.com', 'myapp://callback'] });
    const page = await (await owner.get('/_docsite/admin/mcp')).text();
    expect(page).toContain('<code>claude.ai</code></td><td><span class="muted">runtime config file</span>');
    const removed = await owner.post('/_docsite/admin/mcp/redirect-uris/remove', { csrf: await csrf(), uri: 'app.example.com' });
    expect(removed.status).toBe(200);
    expect(await runtime.store.getSettings()).toMatchObject({ redirectUris: ['myapp://callback'] });
    expect((await runtime.store.listAdminActions(1))[0]).toMatchObject({ action: 'setting.redirectUris.remove', detail: 'app.example.com' });
  });
});

describe('MCP page with settings fixed in the runtime config', () => {
  let runtime: AuthRuntime;
  let owner: Browser;
  beforeAll(async () => {
    runtime = await startAuthRuntime(localConfig(), undefined, undefined, {
      app: { dashboard: { settings: { mcpEnabled: false, fixed: ['mcpEnabled', 'redirectUris'], file: '/srv/docs/docsite.config.json' } } },
    });
    owner = await ownerOf(runtime);
  });
  afterAll(() => runtime?.close());

  it('shows them as fixed and refuses to change them', async () => {
    const html = await (await owner.get('/_docsite/admin/mcp')).text();
    expect(html).toContain('The MCP server is <strong>off</strong>.</p><p class="fixed">Fixed in the runtime config file');
    expect(html).not.toContain('id="redirect-uri"');
    const token = csrfOf(html);
    const refused = await owner.post('/_docsite/admin/mcp/switch', { csrf: token, enabled: 'on' });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain('The setting mcpEnabled is fixed by the runtime config /srv/docs/docsite.config.json (settings.fixed)');
    const uri = await owner.post('/_docsite/admin/mcp/redirect-uris', { csrf: token, uri: 'app.example.com' });
    expect(uri.status).toBe(409);
    expect(await uri.text()).toContain('The setting redirectUris is fixed by the runtime config /srv/docs/docsite.config.json');
    expect(await runtime.store.getSettings()).toEqual({});
    expect(await runtime.store.listAdminActions(10)).toEqual([]);
  });
});
