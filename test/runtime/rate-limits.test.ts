// Rate limits over real HTTP against `serve()`: 429 with Retry-After, RateLimit headers on every limited answer, each endpoint's error body.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoadedBundle } from '../../src/bundle/index.js';
import { serve, type RunningServer } from '../../src/runtime/index.js';
import { openStore } from '../../src/store/index.js';
import { recordingLogger } from '../api/api-server.js';
import { localConfig, runtimeConfig, SESSION_ENV } from '../helpers/auth-runtime.js';
import { exampleBundle } from '../helpers/runtime.js';

const MCP_HEADERS = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };

let bundle: LoadedBundle;
beforeAll(async () => {
  bundle = await exampleBundle();
});

/** `serve()` on the example bundle with these rate limits (and local authentication), on a fresh SQLite state. */
async function serveWith(rateLimits: object, extra: { trustProxy?: number } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'docsite-limits-'));
  const logs = recordingLogger();
  const running = await serve({
    dir: bundle.dir,
    port: 0,
    dataDir,
    logger: logs.logger,
    runtimeConfig: runtimeConfig(localConfig({ rateLimits }), SESSION_ENV),
    ...extra,
  });
  return { running, dataDir, logs };
}

/** One JSON-RPC message (or a batch) POSTed to an MCP endpoint. */
async function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(url, { method: 'POST', headers: { ...MCP_HEADERS, ...headers }, body: JSON.stringify(body) });
  return { status: response.status, headers: response.headers, body: (await response.json()) as any };
}

const call = (id: number, name: string, args: object) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });

describe('the per-user MCP limit', () => {
  let server: RunningServer;
  beforeAll(async () => {
    ({ running: server } = await serveWith({ mcpPerUser: 3 }, { trustProxy: 1 }));
  });
  afterAll(() => server?.close());

  it('counts every MCP request of one address, says so in the RateLimit headers, then answers 429 with the request id', async () => {
    const from = { 'X-Forwarded-For': '203.0.113.10' };
    const seen: string[] = [];
    for (let i = 1; i <= 3; i++) {
      const answer = await post(server.mcpUrl, { jsonrpc: '2.0', id: i, method: 'ping' }, from);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('ratelimit-policy')).toBe('"mcp-user";q=3;w=3600');
      seen.push(answer.headers.get('ratelimit')!.replace(/;t=\d+$/, ''));
    }
    expect(seen).toEqual(['"mcp-user";r=2', '"mcp-user";r=1', '"mcp-user";r=0']);
    const refused = await post(server.mcpUrl, { jsonrpc: '2.0', id: 'call-4', method: 'tools/list' }, { ...from, Origin: 'http://localhost:5173' });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.headers.get('ratelimit')).toMatch(/^"mcp-user";r=0;t=\d+$/);
    expect(refused.body).toEqual({
      jsonrpc: '2.0',
      id: 'call-4',
      error: { code: -32000, message: expect.stringMatching(/rate limit exceeded/i), data: { retryAfter: Number(refused.headers.get('retry-after')) } },
    });
    // A browser-based client may read why it was refused.
    expect(refused.headers.get('access-control-expose-headers')).toMatch(/Retry-After.*RateLimit.*RateLimit-Policy/);
  });

  it('keeps other addresses (after the trusted proxy hop) apart, and limits /authed/mcp and non-POST requests too', async () => {
    expect((await post(server.mcpUrl, { jsonrpc: '2.0', id: 1, method: 'ping' }, { 'X-Forwarded-For': '203.0.113.11' })).status).toBe(200);
    const other = { 'X-Forwarded-For': '203.0.113.12' };
    expect((await post(`${server.url}/authed/mcp`, { jsonrpc: '2.0', id: 1, method: 'ping' }, other)).status).toBe(401);
    expect((await fetch(server.mcpUrl, { headers: other })).status).toBe(405);
    expect((await post(server.mcpUrl, { jsonrpc: '2.0', id: 1, method: 'ping' }, other)).status).toBe(200);
    const refused = await post(server.mcpUrl, [{ jsonrpc: '2.0', id: 1, method: 'ping' }], other);
    expect(refused.status).toBe(429);
    // A batch has no one id to echo.
    expect(refused.body.id).toBeNull();
  });
});

describe('the per-site tool limits', () => {
  let server: RunningServer;
  let dataDir: string;
  let search: string;
  let filesystem: string;
  beforeAll(async () => {
    ({ running: server, dataDir } = await serveWith({ search: 3, filesystem: 2, authedSearch: 1 }, { trustProxy: 1 }));
    search = bundle.manifest.tools.search.name;
    filesystem = bundle.manifest.tools.filesystem.name;
  });
  afterAll(() => server?.close());

  it('counts search calls of every user together, each call of a batch, and nothing else', async () => {
    const as = (n: number) => ({ 'X-Forwarded-For': `198.51.100.${n}` });
    expect((await post(server.mcpUrl, { jsonrpc: '2.0', id: 1, method: 'tools/list' }, as(1))).headers.get('ratelimit-policy')).toBe(
      '"mcp-user";q=5000;w=3600',
    );
    const first = await post(server.mcpUrl, call(1, search, { query: 'install' }), as(1));
    expect(first.status).toBe(200);
    expect(first.headers.get('ratelimit-policy')).toBe('"mcp-user";q=5000;w=3600, "search";q=3;w=3600');
    expect(first.headers.get('ratelimit')).toMatch(/^"mcp-user";r=4998;t=\d+, "search";r=2;t=\d+$/);
    const batch = await post(server.mcpUrl, [call(2, search, { query: 'api' }), call(3, search, { query: 'auth' })], as(2));
    expect(batch.status).toBe(200);
    expect(batch.body).toHaveLength(2);
    const refused = await post(server.mcpUrl, call(4, search, { query: 'install' }), as(3));
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ id: 4, error: { message: expect.stringMatching(/at most 3 search requests per 3600 seconds/) } });
    // The filesystem has its own quota.
    expect((await post(server.mcpUrl, call(5, filesystem, { command: 'ls /' }), as(3))).status).toBe(200);
    expect((await post(server.mcpUrl, call(6, filesystem, { command: 'ls /' }), as(4))).status).toBe(200);
    expect((await post(server.mcpUrl, call(7, filesystem, { command: 'ls /' }), as(5))).status).toBe(429);
  });

  it('counts authenticated search calls apart from public ones', async () => {
    const store = await openStore({ dataDir });
    const credential = await store.createClientCredential({ label: 'limits' });
    await store.close();
    const issued = await fetch(`${server.url}/authed/mcp/oauth/token`, {
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: credential.clientId, client_secret: credential.clientSecret }),
    });
    const { access_token: token } = (await issued.json()) as { access_token: string };
    const authed = (id: number) => post(`${server.url}/authed/mcp`, call(id, search, { query: 'install' }), { Authorization: `Bearer ${token}` });
    const first = await authed(1);
    expect(first.status).toBe(200);
    expect(first.headers.get('ratelimit-policy')).toContain('"authed-search";q=1;w=3600');
    expect((await authed(2)).status).toBe(429);
  });
});

describe('the OAuth endpoint limits', () => {
  let server: RunningServer;
  beforeAll(async () => {
    ({ running: server } = await serveWith({ oauthToken: 2, oauthRegister: 1 }));
  });
  afterAll(() => server?.close());

  it('answer 429 with an RFC 6749 error body and the headers a browser client may read', async () => {
    const token = () =>
      fetch(`${server.url}/authed/mcp/oauth/token`, {
        method: 'POST',
        headers: { Origin: 'https://app.example' },
        body: new URLSearchParams({ grant_type: 'client_credentials', client_id: 'nobody', client_secret: 'wrong' }),
      });
    expect((await token()).status).toBe(401);
    expect((await token()).headers.get('ratelimit')).toMatch(/^"oauth-token";r=0;t=\d+$/);
    const refused = await token();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.headers.get('access-control-expose-headers')).toMatch(/Retry-After, RateLimit, RateLimit-Policy/);
    expect(await refused.json()).toEqual({ error: 'temporarily_unavailable', error_description: expect.stringMatching(/rate limit exceeded/i) });
    // Preflights are not counted.
    expect((await fetch(`${server.url}/authed/mcp/oauth/register`, { method: 'OPTIONS' })).status).toBe(204);
    const register = () =>
      fetch(`${server.url}/authed/mcp/oauth/register`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ redirect_uris: ['http://127.0.0.1:3334/callback'], token_endpoint_auth_method: 'none' }),
      });
    expect((await register()).status).toBe(201);
    const second = await register();
    expect(second.status).toBe(429);
    expect(((await second.json()) as { error: string }).error).toBe('temporarily_unavailable');
  });
});
