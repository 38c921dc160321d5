// Attack replay: JSON-RPC batches must not stretch the MCP quotas. Every message of a batch counts
// against the caller's per-address quota and every tool call against its site quota, on /mcp and
// /authed/mcp, in memory and on Redis; a refused batch spends nothing of the site's quotas.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoadedBundle } from '../../src/bundle/index.js';
import { serve, silentLogger, type RunningServer } from '../../src/runtime/index.js';
import { openStore } from '../../src/store/index.js';
import { localConfig, runtimeConfig, SESSION_ENV } from '../helpers/auth-runtime.js';
import { deleteKeys, redisUnreachable, TEST_REDIS_URL, uniquePrefix } from '../helpers/redis.js';
import { exampleBundle } from '../helpers/runtime.js';
import { describeWhenReachable } from '../helpers/services.js';

const MCP_HEADERS = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };
/** The quotas every server of this file runs with (per hour). */
const QUOTAS = { mcpPerUser: 10, search: 20, filesystem: 20, authedSearch: 4 };

let bundle: LoadedBundle;
beforeAll(async () => {
  bundle = await exampleBundle();
});

const ping = (id: number) => ({ jsonrpc: '2.0', id, method: 'ping' });
const call = (id: number, name: string, args: object) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });
const batchOf = (size: number, message: (id: number) => object) => Array.from({ length: size }, (_, i) => message(i + 1));

/** POSTs a JSON-RPC body from client address `from` (the server trusts one proxy hop). */
async function post(url: string, body: unknown, from: string, headers: Record<string, string> = {}) {
  const response = await fetch(url, { method: 'POST', headers: { ...MCP_HEADERS, 'X-Forwarded-For': from, ...headers }, body: JSON.stringify(body) });
  return { status: response.status, ratelimit: response.headers.get('ratelimit') ?? '', body: (await response.json()) as any };
}

/** What remains of quota `name` in a RateLimit header. */
const remaining = (ratelimit: string, name: string) => Number(new RegExp(`"${name}";r=(\\d+)`).exec(ratelimit)?.[1]);

function batchQuotaSuite(engine: string, redisUrl?: string) {
  const keyPrefix = uniquePrefix();
  let server: RunningServer;
  let search: string;
  let filesystem: string;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'docsite-quotas-'));
    server = await serve({
      dir: bundle.dir,
      port: 0,
      dataDir,
      logger: silentLogger,
      trustProxy: 1,
      runtimeConfig: runtimeConfig(localConfig({ rateLimits: { ...QUOTAS, redisKeyPrefix: keyPrefix } }), SESSION_ENV),
      ...(redisUrl ? { redisUrl } : {}),
    });
    search = bundle.manifest.tools.search.name;
    filesystem = bundle.manifest.tools.filesystem.name;
  });
  afterAll(async () => {
    await server?.close();
    if (redisUrl) await deleteKeys(keyPrefix, redisUrl);
  });

  it(`${engine}: counts every message of a batch against the caller's per-address quota`, async () => {
    const full = await post(server.mcpUrl, batchOf(10, ping), '203.0.113.1');
    expect(full.status).toBe(200);
    expect(full.body).toHaveLength(10);
    expect(remaining(full.ratelimit, 'mcp-user')).toBe(0);
    const next = await post(server.mcpUrl, ping(11), '203.0.113.1');
    expect(next.status).toBe(429);
    expect(next.body).toMatchObject({ id: 11, error: { code: -32000, message: expect.stringMatching(/at most 10 mcp-user requests/) } });
  });

  it(`${engine}: refuses a batch larger than what the caller has left, whole, without spending any of it`, async () => {
    const tooBig = await post(server.mcpUrl, batchOf(11, ping), '203.0.113.2');
    expect(tooBig.status).toBe(429);
    // One JSON-RPC error for the batch: no call of it ran, and a batch has no one id to echo.
    expect(tooBig.body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32000, data: { retryAfter: expect.any(Number) } } });
    expect((await post(server.mcpUrl, batchOf(10, ping), '203.0.113.2')).status).toBe(200);
  });

  it(`${engine}: one client cannot spend the site's search quota with batches`, async () => {
    const attacker = '198.51.100.66';
    const first = await post(
      server.mcpUrl,
      batchOf(10, (id) => call(id, search, { query: 'install' })),
      attacker,
    );
    expect(first.status).toBe(200);
    expect(remaining(first.ratelimit, 'search')).toBe(10);
    // The second batch is over the attacker's own quota: refused before it touches the site's.
    const second = await post(
      server.mcpUrl,
      batchOf(10, (id) => call(id, search, { query: 'install' })),
      attacker,
    );
    expect(second.status).toBe(429);
    expect(second.ratelimit).not.toContain('"search"');
    // Everyone else still has the rest of the site's search quota.
    const reader = await post(
      server.mcpUrl,
      batchOf(10, (id) => call(id, search, { query: 'api' })),
      '198.51.100.67',
    );
    expect(reader.status).toBe(200);
    expect(remaining(reader.ratelimit, 'search')).toBe(0);
    expect((await post(server.mcpUrl, call(1, search, { query: 'api' }), '198.51.100.68')).status).toBe(429);
  });

  it(`${engine}: counts each tool call of a mixed batch against its own site quota`, async () => {
    const mixed = [
      call(1, filesystem, { command: 'ls /' }),
      call(2, filesystem, { command: 'pwd' }),
      ping(3),
      { jsonrpc: '2.0', method: 'notifications/initialized' },
    ];
    const answer = await post(server.mcpUrl, mixed, '192.0.2.10');
    expect(answer.status).toBe(200);
    expect(remaining(answer.ratelimit, 'mcp-user')).toBe(6);
    expect(remaining(answer.ratelimit, 'filesystem')).toBe(18);
  });

  it(`${engine}: counts batches the same way on /authed/mcp, against the authenticated quotas`, async () => {
    const store = await openStore({ dataDir });
    const credential = await store.createClientCredential({ label: 'quotas' });
    await store.close();
    const issued = await fetch(`${server.url}/authed/mcp/oauth/token`, {
      method: 'POST',
      headers: { 'X-Forwarded-For': '192.0.2.20' },
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: credential.clientId, client_secret: credential.clientSecret }),
    });
    const bearer = { Authorization: `Bearer ${((await issued.json()) as { access_token: string }).access_token}` };
    const authed = `${server.url}/authed/mcp`;
    const searches = await post(
      authed,
      batchOf(4, (id) => call(id, search, { query: 'install' })),
      '192.0.2.21',
      bearer,
    );
    expect(searches.status).toBe(200);
    expect(remaining(searches.ratelimit, 'authed-search')).toBe(0);
    expect(remaining(searches.ratelimit, 'mcp-user')).toBe(6);
    const pings = await post(authed, batchOf(7, ping), '192.0.2.21', bearer);
    expect(pings.status).toBe(429);
    expect((await post(authed, batchOf(6, ping), '192.0.2.21', bearer)).status).toBe(200);
  });
}

describe('a batch refused by a later quota', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await serve({
      dir: bundle.dir,
      port: 0,
      dataDir: mkdtempSync(join(tmpdir(), 'docsite-quotas-')),
      logger: silentLogger,
      trustProxy: 1,
      runtimeConfig: runtimeConfig(localConfig({ rateLimits: { mcpPerUser: 100, search: 10, filesystem: 1 } }), SESSION_ENV),
    });
  });
  afterAll(() => server?.close());

  it("gives back what the quotas before it took: a search + filesystem batch over the filesystem quota leaves the site's search quota whole", async () => {
    const search = bundle.manifest.tools.search.name;
    const filesystem = bundle.manifest.tools.filesystem.name;
    expect((await post(server.mcpUrl, call(1, filesystem, { command: 'pwd' }), '192.0.2.30')).status).toBe(200);
    const refused = await post(server.mcpUrl, [call(1, search, { query: 'install' }), call(2, filesystem, { command: 'pwd' })], '192.0.2.31');
    expect(refused.status).toBe(429);
    const after = await post(server.mcpUrl, call(1, search, { query: 'install' }), '192.0.2.32');
    expect(after.status).toBe(200);
    expect(remaining(after.ratelimit, 'search')).toBe(9);
    expect(remaining(after.ratelimit, 'mcp-user')).toBe(99);
  });
});

describe('JSON-RPC batches and the MCP quotas (memory)', () => batchQuotaSuite('memory'));

describeWhenReachable('JSON-RPC batches and the MCP quotas (Redis)', await redisUnreachable(), () => batchQuotaSuite('Redis', TEST_REDIS_URL));
