// Finding "no throttling" of passwords: 60 wrong passwords in 12 s, then the right one signed in. Failures are throttled per account and per address.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { THROTTLE_WINDOW_SECONDS } from '../../src/auth/throttle.js';
import { memoryRateLimiter, openRateLimiter, type RateLimiter } from '../../src/ratelimit/index.js';
import { Browser, hiddenFields, localConfig, SESSION_ENV, startAuthRuntime, type AuthRuntime } from '../helpers/auth-runtime.js';
import { deleteKeys, redisUnreachable, TEST_REDIS_URL, uniquePrefix } from '../helpers/redis.js';
import { describeWhenReachable } from '../helpers/services.js';

/** Signs in at `site` from `address` (the app trusts one proxy hop); returns the POST's answer. */
async function signIn(site: string, username: string, password: string, address: string): Promise<Response> {
  const browser = new Browser(site);
  const from = { 'x-forwarded-for': address };
  const form = hiddenFields(await (await browser.get('/_docsite/login', from)).text());
  return browser.post('/_docsite/login', { ...form, username, password }, from);
}

/** The statuses of `count` wrong sign-ins as `username` from `address`. */
async function guess(site: string, username: string, address: string, count: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) statuses.push((await signIn(site, username, `guess-${i}`, address)).status);
  return statuses;
}

/** Starts a site with users ann and bob whose sign-in throttle counts in `limiter`. */
async function siteWith(limiter: RateLimiter): Promise<AuthRuntime> {
  const runtime = await startAuthRuntime(localConfig(), SESSION_ENV, undefined, { app: { trustProxy: 1 }, siteAuth: { limiter } });
  return runtime;
}

describe('wrong passwords at one account from one address', () => {
  let runtime: AuthRuntime;
  beforeAll(async () => {
    // The limiter's clock stands one second into a throttle window, so the lockout's length does not depend on when the test runs.
    const windowMs = THROTTLE_WINDOW_SECONDS * 1000;
    const oneSecondIn = Math.floor(Date.now() / windowMs) * windowMs + 1000;
    runtime = await siteWith(memoryRateLimiter({ clock: () => oneSecondIn }));
    await runtime.store.addUser({ username: 'ann', password: 'ann-password' });
  });
  afterAll(() => runtime?.close());

  it('refuses the right password after 60 wrong ones from one address, with 429, Retry-After and the sign-in page', async () => {
    const statuses = await guess(runtime.url, 'ann', '198.51.100.1', 60);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual(Array(50).fill(429));
    const right = await signIn(runtime.url, 'ANN', 'ann-password', '198.51.100.1');
    expect(right.status).toBe(429);
    expect(Number(right.headers.get('retry-after'))).toBe(THROTTLE_WINDOW_SECONDS); // 899 s and a millisecond, rounded up
    expect(right.headers.get('set-cookie') ?? '').not.toContain('docsite_session=');
    const page = await right.text();
    expect(page).toContain('Too many failed sign-in attempts');
    expect(page).toMatch(/<form method="post" action="\/_docsite\/login">/);
  });

  it('lets the user sign in from elsewhere meanwhile: one address cannot lock an account', async () => {
    expect((await signIn(runtime.url, 'ann', 'ann-password', '198.51.100.2')).status).toBe(303);
  });
});

// The same rules with small limits, so each case spends a few password checks (scrypt) rather than fifty;
// test/auth/throttle.test.ts holds the default limits to 10, 50 and 50.
describe('wrong passwords from many addresses, or at many accounts', () => {
  let runtime: AuthRuntime;
  beforeAll(async () => {
    runtime = await startAuthRuntime(localConfig(), SESSION_ENV, undefined, {
      app: { trustProxy: 1 },
      siteAuth: { limiter: memoryRateLimiter(), throttleLimits: { subjectAtAddress: 2, subject: 6, address: 6 } },
    });
    await runtime.store.addUser({ username: 'ann', password: 'ann-password' });
    await runtime.store.addUser({ username: 'bob', password: 'bob-password' });
  });
  afterAll(() => runtime?.close());

  /** How many of the answers were each status. */
  const tally = (statuses: number[]) => ({ 401: statuses.filter((s) => s === 401).length, 429: statuses.filter((s) => s === 429).length });

  // Four guessers at once: each attempt is counted before its password is checked, so none slips past a limit.
  it('locks an account guessed at from many addresses, for every address, the right password included', async () => {
    const statuses = (await Promise.all([0, 1, 2, 3].map((n) => guess(runtime.url, 'bob', `203.0.113.${n}`, 2)))).flat();
    expect(tally(statuses)).toEqual({ 401: 6, 429: 2 });
    expect((await signIn(runtime.url, 'bob', 'bob-password', '192.0.2.99')).status).toBe(429);
  });

  it('throttles one address trying many accounts', async () => {
    const statuses = (await Promise.all([0, 1, 2, 3].map((n) => guess(runtime.url, `user${n}`, '198.51.100.77', 2)))).flat();
    expect(tally(statuses)).toEqual({ 401: 6, 429: 2 });
    expect((await signIn(runtime.url, 'ann', 'ann-password', '198.51.100.77')).status).toBe(429);
    expect((await signIn(runtime.url, 'ann', 'ann-password', '198.51.100.78')).status).toBe(303);
  });
});

const prefix = uniquePrefix();
describeWhenReachable('wrong passwords, two instances sharing Redis', await redisUnreachable(), () => {
  const limiters: RateLimiter[] = [];
  const sites: AuthRuntime[] = [];
  beforeAll(async () => {
    for (let i = 0; i < 2; i++) {
      limiters.push(await openRateLimiter({ url: TEST_REDIS_URL, keyPrefix: prefix }));
      sites.push(await siteWith(limiters[i]!));
    }
    for (const site of sites) await site.store.addUser({ username: 'ann', password: 'ann-password' });
  });
  afterAll(async () => {
    await Promise.all(sites.map((site) => site.close()));
    await Promise.all(limiters.map((limiter) => limiter.close()));
    await deleteKeys(prefix);
  });

  it('counts failures on either instance together', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push(...(await guess(sites[i % 2]!.url, 'ann', '198.51.100.9', 1)));
    expect(statuses).toEqual([...Array(10).fill(401), 429, 429]);
    expect((await signIn(sites[0]!.url, 'ann', 'ann-password', '198.51.100.9')).status).toBe(429);
    expect((await signIn(sites[1]!.url, 'ann', 'ann-password', '198.51.100.9')).status).toBe(429);
  });
});
