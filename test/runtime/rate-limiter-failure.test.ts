// When the limiter's Redis goes away: fail open (allow, log once) or closed (503), /readyz says so, and recovery by itself when Redis returns.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type RunningServer } from '../../src/runtime/index.js';
import { openStore } from '../../src/store/index.js';
import { recordingLogger } from '../api/api-server.js';
import { localConfig, runtimeConfig, SESSION_ENV } from '../helpers/auth-runtime.js';
import { ownRedisServer, redisUnreachable, type OwnRedis } from '../helpers/redis.js';
import { exampleBundle } from '../helpers/runtime.js';
import { describeWhenReachable } from '../helpers/services.js';

const ping = (server: RunningServer) =>
  fetch(server.mcpUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'ping' }),
  });
const readiness = async (server: RunningServer) => {
  const response = await fetch(`${server.url}/readyz`);
  return { status: response.status, body: (await response.json()) as { status: string; checks: Record<string, string> } };
};
/** Whether requests are counted again (Redis answered a check). */
const limitedAgain = (server: RunningServer) => () => ping(server).then((response) => response.headers.get('ratelimit') !== null);

async function serveOn(redis: OwnRedis, onLimiterFailure: 'open' | 'closed') {
  const dataDir = mkdtempSync(join(tmpdir(), 'docsite-limiter-'));
  const logs = recordingLogger();
  const bundle = await exampleBundle();
  const config = runtimeConfig(localConfig({ rateLimits: { onLimiterFailure, mcpPerUser: 1000 } }), SESSION_ENV);
  const server = await serve({ dir: bundle.dir, port: 0, dataDir, redisUrl: redis.url, logger: logs.logger, runtimeConfig: config });
  return { server, logs, dataDir };
}

// Needs the redis-server binary; the shared Redis answering says this machine has it.
describeWhenReachable('the limiter failure policy', await redisUnreachable(), () => {
  describe('open (the default)', () => {
    let redis: OwnRedis;
    let server: RunningServer;
    let logs: ReturnType<typeof recordingLogger>;
    beforeAll(async () => {
      redis = await ownRedisServer();
      ({ server, logs } = await serveOn(redis, 'open'));
    });
    afterAll(async () => {
      await server?.close();
      await redis?.stop();
    });

    it('lets requests through unlimited while Redis is down, logs it once, and limits again when Redis is back', async () => {
      expect((await ping(server)).headers.get('ratelimit')).toMatch(/^"mcp-user";r=999;/);
      expect(await readiness(server)).toEqual({ status: 200, body: { status: 'ready', checks: { bundle: 'ok', store: 'ok', rateLimiter: 'ok' } } });

      await redis.stop();
      for (let i = 0; i < 5; i++) {
        const answer = await ping(server);
        expect(answer.status).toBe(200);
        expect(answer.headers.get('ratelimit')).toBeNull();
      }
      const down = await readiness(server);
      expect(down.status).toBe(200);
      expect(down.body.checks.rateLimiter).toMatch(/^degraded: redis rate limiter unreachable.*failing open/);
      expect(logs.text().match(/rate limiter unavailable/g)).toHaveLength(1);
      expect(logs.text()).not.toContain('127.0.0.1');

      await redis.start();
      await expect.poll(limitedAgain(server), { timeout: 15_000, interval: 200 }).toBe(true);
      expect((await readiness(server)).body.checks.rateLimiter).toBe('ok');
      expect(logs.text().match(/rate limiter available again/g)).toHaveLength(1);
    });
  });

  describe('closed', () => {
    let redis: OwnRedis;
    let server: RunningServer;
    let adminKey: string;
    beforeAll(async () => {
      redis = await ownRedisServer();
      let dataDir: string;
      ({ server, dataDir } = await serveOn(redis, 'closed'));
      const store = await openStore({ dataDir });
      adminKey = (await store.createApiKey({ kind: 'admin' })).key;
      await store.close();
    });
    afterAll(async () => {
      await server?.close();
      await redis?.stop();
    });

    it("answers limited requests 503 in each endpoint's error shape, serves pages, reports not ready, and recovers by itself", async () => {
      await redis.stop();
      const mcp = await ping(server);
      expect(mcp.status).toBe(503);
      expect(mcp.headers.get('retry-after')).toBe('5');
      expect(await mcp.json()).toEqual({ jsonrpc: '2.0', id: 7, error: { code: -32000, message: expect.stringMatching(/rate limiter is unavailable/) } });
      const analytics = await fetch(`${server.url}/v1/analytics/${server.projectId}/assistant`, { headers: { Authorization: `Bearer ${adminKey}` } });
      expect(analytics.status).toBe(503);
      expect(await analytics.json()).toEqual({ error: expect.stringMatching(/rate limiter is unavailable/) });
      const token = await fetch(`${server.url}/authed/mcp/oauth/token`, { method: 'POST', body: new URLSearchParams({ grant_type: 'client_credentials' }) });
      expect(token.status).toBe(503);
      expect(((await token.json()) as { error: string }).error).toBe('temporarily_unavailable');
      // Reading the docs needs no limiter.
      expect((await fetch(`${server.url}/_docsite/login`)).status).toBe(200);
      const down = await readiness(server);
      expect(down.status).toBe(503);
      expect(down.body.checks.rateLimiter).toBe('redis rate limiter unreachable');

      await redis.start();
      await expect.poll(limitedAgain(server), { timeout: 15_000, interval: 200 }).toBe(true);
      expect((await ping(server)).status).toBe(200);
      expect((await readiness(server)).status).toBe(200);
    });
  });
});
