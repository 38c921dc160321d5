// API keys over HTTP: 401/403 with WWW-Authenticate, revocation seen at once (also from another store), never on /mcp.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openStore } from '../../src/store/index.js';
import { forEachEngine } from './engines.js';
import { recordingLogger, startApi, type ApiServer } from './api-server.js';

const CONVERSATIONS = '/v1/analytics/acme/assistant';
const MESSAGE = '/v1/assistant/acme/message';
const ACCEPT = 'application/json, text/event-stream';

forEachEngine('API keys over HTTP', (target) => {
  let api: ApiServer;
  const logs = recordingLogger();
  beforeAll(async () => {
    api = await startApi(target, { logger: logs.logger });
  });
  afterAll(async () => {
    await api?.close();
    await target.dispose();
  });

  it('answers 401 with WWW-Authenticate: Bearer and the error body when no key is sent', async () => {
    for (const [method, path] of [
      ['GET', CONVERSATIONS],
      ['GET', '/v1/analytics/acme/feedback'],
      ['POST', MESSAGE],
    ] as const) {
      const response = await api.request(method, path, method === 'POST' ? { body: { query: 'webhooks' } } : {});
      expect(response.status, path).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe('Bearer');
      expect(response.body.error).toMatch(/API key/);
    }
    for (const authorization of ['Basic dXNlcjpwYXNz', 'Bearer', 'Bearer ', 'docsite_abc']) {
      const other = await api.request('GET', CONVERSATIONS, { headers: { Authorization: authorization } });
      expect(other.status, authorization).toBe(401);
      expect(other.headers.get('www-authenticate')).toBe('Bearer');
    }
  });

  it('answers 401 with error="invalid_token" for a key that is not live', async () => {
    const live = await api.store.createApiKey({ kind: 'admin' });
    const forged = `${live.key.slice(0, -1)}${live.key.endsWith('A') ? 'B' : 'A'}`;
    for (const key of ['docsite_not-a-key', forged, 'x'.repeat(5000)]) {
      const response = await api.get(CONVERSATIONS, key);
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');
      expect(response.body).toEqual({ error: 'The API key is invalid or has been revoked.' });
    }
  });

  it('answers 403 for a key of the other kind, 200 for the right one', async () => {
    const admin = await api.store.createApiKey({ kind: 'admin' });
    const assistant = await api.store.createApiKey({ kind: 'assistant' });
    const wrongForAnalytics = await api.get(CONVERSATIONS, assistant.key);
    expect(wrongForAnalytics.status).toBe(403);
    expect(wrongForAnalytics.body.error).toMatch(/admin/);
    const wrongForAssistant = await api.request('POST', MESSAGE, { key: admin.key, body: { query: 'webhooks' } });
    expect(wrongForAssistant.status).toBe(403);
    expect(wrongForAssistant.body.error).toMatch(/assistant/);
    expect((await api.get(CONVERSATIONS, admin.key)).status).toBe(200);
    expect((await api.request('POST', MESSAGE, { key: assistant.key, body: { query: 'webhooks' } })).status).toBe(200);
    // The scheme name is case-insensitive (RFC 7235).
    expect((await api.request('GET', CONVERSATIONS, { headers: { Authorization: `bearer ${admin.key}` } })).status).toBe(200);
  });

  it('records when a key was last used', async () => {
    const admin = await api.store.createApiKey({ kind: 'admin', label: 'ci' });
    expect((await api.get(CONVERSATIONS, admin.key)).status).toBe(200);
    const listed = (await api.store.listApiKeys()).find((k) => k.id === admin.id);
    expect(listed?.lastUsedAt).not.toBeNull();
  });

  it('stops accepting a revoked key at once, also when another store on the same database revokes it', async () => {
    const first = await api.store.createApiKey({ kind: 'admin' });
    expect((await api.get(CONVERSATIONS, first.key)).status).toBe(200);
    expect(await api.store.revokeApiKey(first.id)).toBe(true);
    expect((await api.get(CONVERSATIONS, first.key)).status).toBe(401);

    const other = await openStore(api.storeOptions);
    try {
      const second = await other.createApiKey({ kind: 'assistant' });
      expect((await api.request('POST', MESSAGE, { key: second.key, body: { query: 'invoices' } })).status).toBe(200);
      expect(await other.revokeApiKey(second.id)).toBe(true);
      const after = await api.request('POST', MESSAGE, { key: second.key, body: { query: 'invoices' } });
      expect(after.status).toBe(401);
      expect(after.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');
    } finally {
      await other.close();
    }
  });

  it('sends no CORS headers: the REST API is for servers', async () => {
    const admin = await api.store.createApiKey({ kind: 'admin' });
    const response = await api.request('GET', CONVERSATIONS, { key: admin.key, headers: { Origin: 'http://localhost:5173' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('an API key never authenticates /mcp: it gets no more than an anonymous client, if it is answered at all', async () => {
    const admin = await api.store.createApiKey({ kind: 'admin' });
    const assistant = await api.store.createApiKey({ kind: 'assistant' });
    const rpc = async (body: unknown, key?: string) => {
      const response = await fetch(`${api.url}/mcp`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: ACCEPT, ...(key ? { Authorization: `Bearer ${key}` } : {}) },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as any };
    };
    const calls = [
      { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } },
      { jsonrpc: '2.0', id: 2, method: 'tools/list' },
      { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'search_acme', arguments: { query: 'SAML single sign-on' } } },
      { jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'query_docs_filesystem_acme', arguments: { command: 'ls /enterprise' } } },
    ];
    for (const call of calls) {
      const without = await rpc(call);
      expect(without.status).toBe(200);
      for (const key of [admin.key, assistant.key]) {
        const withKey = await rpc(call, key);
        // Either the key is ignored (the anonymous answer) or refused outright (403); never more content.
        if (withKey.status === 403) expect(withKey.body.error.message).toMatch(/API key/);
        else expect(withKey).toEqual(without);
      }
    }
  });

  it('never writes a key into the logs', async () => {
    const admin = await api.store.createApiKey({ kind: 'admin' });
    await api.get(`${CONVERSATIONS}?limit=nope`, admin.key);
    await api.get(CONVERSATIONS, `${admin.key}x`);
    await api.request('POST', MESSAGE, { key: admin.key, body: '{not json', headers: { 'Content-Type': 'application/json' } });
    expect(logs.text()).not.toContain(admin.key);
    expect(logs.text()).not.toContain('docsite_');
  });
});
