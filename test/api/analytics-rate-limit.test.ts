// The analytics API's quota: counted per project after authentication, 429 with the REST error body, as the OpenAPI document says.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RUNTIME_CONFIG } from '../../src/config/index.js';
import { memoryRateLimiter } from '../../src/ratelimit/index.js';
import { createRateLimits, silentLogger } from '../../src/runtime/index.js';
import { sqliteTarget } from '../store/targets.js';
import { startApi, type ApiServer } from './api-server.js';

describe('the analytics rate limit', () => {
  const target = sqliteTarget();
  let api: ApiServer;
  let key: string;
  beforeAll(async () => {
    const config = { ...DEFAULT_RUNTIME_CONFIG.rateLimits, quotas: { ...DEFAULT_RUNTIME_CONFIG.rateLimits.quotas, analytics: 2 } };
    api = await startApi(target, { rateLimits: createRateLimits({ limiter: memoryRateLimiter(), config, logger: silentLogger }) });
    key = (await api.store.createApiKey({ kind: 'admin', label: 'export' })).key;
  });
  afterAll(async () => {
    await api?.close();
    await target.dispose();
  });

  it('counts only authenticated requests, then answers 429 with Retry-After and {error}', async () => {
    // Strangers cannot use up the owner's quota.
    for (let i = 0; i < 3; i++) expect((await api.get('/v1/analytics/acme/assistant')).status).toBe(401);
    const first = await api.get('/v1/analytics/acme/assistant', key);
    expect(first.status).toBe(200);
    expect(first.headers.get('ratelimit-policy')).toBe('"analytics";q=2;w=3600');
    expect(first.headers.get('ratelimit')).toMatch(/^"analytics";r=1;t=\d+$/);
    expect((await api.get('/v1/analytics/acme/feedback', key)).status).toBe(200);
    const refused = await api.get('/v1/analytics/acme/feedback', key);
    expect(refused.status).toBe(429);
    // Both requests fell in this hour's window: they stop counting as it rolls past it.
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(3600);
    expect(refused.body).toEqual({ error: expect.stringMatching(/at most 2 analytics requests per 3600 seconds/) });
  });
});
