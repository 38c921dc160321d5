// The API keys page over HTTP: create shown once, revoke, CSRF refused, every action in the audit log.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Browser } from '../../helpers/auth-runtime.js';
import { csrfOf, runtimeWithOwner } from '../../helpers/dashboard.js';
import type { TestRuntime } from '../../helpers/runtime.js';

let runtime: TestRuntime;
let owner: Browser;
beforeAll(async () => {
  ({ runtime, owner } = await runtimeWithOwner());
});
afterAll(() => runtime?.close());

async function csrf(): Promise<string> {
  return csrfOf(await (await owner.get('/_docsite/admin/keys')).text());
}

it('creates a key shown once that works at once, lists it without the secret, and logs who did it', async () => {
  const created = await owner.post('/_docsite/admin/keys', { csrf: await csrf(), kind: 'admin', label: 'CI export' });
  expect(created.status).toBe(201);
  const html = await created.text();
  const key = /id="new-key" type="text" readonly value="(docsite_[^"]+)"/.exec(html)?.[1];
  expect(key).toBeDefined();
  const projectId = 'acme';
  expect((await fetch(`${runtime.url}/v1/analytics/${projectId}/assistant`, { headers: { authorization: `Bearer ${key}` } })).status).toBe(200);
  const list = await (await owner.get('/_docsite/admin/keys')).text();
  expect(list).toContain('CI export');
  expect(list).not.toContain(key!);
  const [entry] = await runtime.store.listAdminActions(1);
  expect(entry).toMatchObject({ actor: 'olga', action: 'api-key.create' });
  expect(entry!.detail).not.toContain(key!);
});

it('refuses a form without the right token, changing nothing', async () => {
  const before = await runtime.store.listApiKeys();
  const logged = (await runtime.store.listAdminActions(100)).length;
  for (const fields of [{ kind: 'admin' }, { csrf: 'forged', kind: 'admin' }] as Record<string, string>[]) {
    const response = await owner.post('/_docsite/admin/keys', fields);
    expect(response.status).toBe(403);
    expect(await response.text()).toContain('This form expired or came from another site.');
  }
  const crossSite = await owner.post(
    '/_docsite/admin/keys',
    { csrf: await csrf(), kind: 'admin' },
    { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
  );
  expect(crossSite.status).toBe(403);
  expect(await runtime.store.listApiKeys()).toEqual(before);
  expect(await runtime.store.listAdminActions(100)).toHaveLength(logged);
});

it('refuses an unknown kind with 400, and revokes a key so it stops working at once', async () => {
  expect((await owner.post('/_docsite/admin/keys', { csrf: await csrf(), kind: 'root' })).status).toBe(400);
  const { id, key } = await runtime.store.createApiKey({ kind: 'assistant', label: 'widget' });
  const revoked = await owner.post('/_docsite/admin/keys/revoke', { csrf: await csrf(), id });
  expect(revoked.status).toBe(200);
  expect(await runtime.store.verifyApiKey(key)).toBeUndefined();
  expect((await runtime.store.listAdminActions(1))[0]).toMatchObject({ actor: 'olga', action: 'api-key.revoke', detail: id });
  expect((await owner.post('/_docsite/admin/keys/revoke', { csrf: await csrf(), id })).status).toBe(404);
});

it('answers a POST of anyone but an owner as a missing page, doing nothing', async () => {
  const stranger = new Browser(runtime.url);
  const form = await stranger.get('/_docsite/admin/login');
  const response = await stranger.post('/_docsite/admin/keys', { csrf: csrfOf(await form.text()), kind: 'admin' });
  expect(response.status).toBe(404);
});
