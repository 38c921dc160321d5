// Finding "no throttling" of client secrets at the revocation endpoint (the token endpoint's own limit is per request, not per failure).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { THROTTLE_WINDOW_SECONDS } from '../../src/auth/throttle.js';
import { memoryRateLimiter } from '../../src/ratelimit/index.js';
import { startAuthRuntime, localConfig, SESSION_ENV, type AuthRuntime } from '../helpers/auth-runtime.js';
import { postForm } from '../helpers/oauth-client.js';

// The limiter's clock stands one second into a throttle window, so the lockout's length does not depend on when the test runs.
const windowMs = THROTTLE_WINDOW_SECONDS * 1000;
const windowStart = Math.floor(Date.now() / windowMs) * windowMs;
let runtime: AuthRuntime;
let credential: { clientId: string; clientSecret: string };
const basic = (id: string, secret: string) => ({ authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}` });

beforeAll(async () => {
  runtime = await startAuthRuntime(localConfig(), SESSION_ENV, undefined, {
    app: { trustProxy: 1 },
    siteAuth: { limiter: memoryRateLimiter({ clock: () => windowStart + 1000 }) },
  });
  credential = await runtime.store.createClientCredential({ label: 'guessed' });
});
afterAll(() => runtime?.close());

describe.each(['revoke', 'token'] as const)('client secrets guessed at /authed/mcp/oauth/%s', (endpoint) => {
  const url = () => `${runtime.url}/authed/mcp/oauth/${endpoint}`;
  const fields: Record<string, string> = endpoint === 'revoke' ? { token: 'docsite_at_whatever' } : { grant_type: 'client_credentials' };

  it('answers 429 JSON with Retry-After after 10 failures from one address, and refuses the right secret then too', async () => {
    const address = endpoint === 'revoke' ? '198.51.100.1' : '198.51.100.2';
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++)
      statuses.push(
        (await postForm(url(), { ...fields, client_id: credential.clientId, client_secret: `docsite_cs_guess${i}` }, { 'x-forwarded-for': address })).status,
      );
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual(Array(20).fill(429));
    const right = await postForm(url(), fields, { ...basic(credential.clientId, credential.clientSecret), 'x-forwarded-for': address });
    expect(right.status).toBe(429);
    expect(right.body).toEqual({ error: 'temporarily_unavailable', error_description: expect.stringContaining('Too many failed client authentications') });
    expect(Number(right.headers.get('retry-after'))).toBe(THROTTLE_WINDOW_SECONDS); // 899 s and a millisecond, rounded up
    expect(right.headers.get('access-control-expose-headers')).toContain('Retry-After');
    // The client itself keeps working from where it runs.
    expect((await postForm(url(), fields, { ...basic(credential.clientId, credential.clientSecret), 'x-forwarded-for': '192.0.2.50' })).status).toBe(200);
  });
});
