// Where a form POST may come from (Origin with Sec-Fetch-Site), and the referrer policy that lets browsers say it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comesFromSite } from '../../src/auth/index.js';
import { Browser, hiddenFields, startAuthRuntime, type AuthRuntime } from '../helpers/auth-runtime.js';

const SITE = 'https://docs.acme.test';

describe('comesFromSite', () => {
  it.each([
    ['the site origin, same-origin (Chromium, Firefox, Safari)', SITE, 'same-origin'],
    ['the site origin, no Sec-Fetch-Site (older browsers)', SITE, undefined],
    ['null, same-origin (a page of the site whose referrer policy hides its origin)', 'null', 'same-origin'],
    ['no Origin and no Sec-Fetch-Site (scripts; the token decides)', undefined, undefined],
  ])('accepts %s', (_title, origin, fetchSite) => {
    expect(comesFromSite(origin, fetchSite, SITE)).toBe(true);
  });

  it.each([
    ['another origin', 'https://evil.test', 'cross-site'],
    ['another origin without Sec-Fetch-Site', 'https://evil.test', undefined],
    ['a sibling subdomain', 'https://blog.acme.test', 'same-site'],
    ['null from another site (no-referrer page, sandboxed frame)', 'null', 'cross-site'],
    ['null from a sibling subdomain', 'null', 'same-site'],
    ['null without Sec-Fetch-Site (nothing vouches for it)', 'null', undefined],
    ['null from no page at all', 'null', 'none'],
    ['the site origin claimed by a cross-site request', SITE, 'cross-site'],
    ['no Origin on a cross-site request', undefined, 'cross-site'],
  ])('refuses %s', (_title, origin, fetchSite) => {
    expect(comesFromSite(origin, fetchSite, SITE)).toBe(false);
  });
});

describe('sign-in form posts by origin', () => {
  let runtime: AuthRuntime;
  beforeAll(async () => {
    runtime = await startAuthRuntime();
    await runtime.store.addUser({ username: 'ann', password: 'ann-password', groups: [] });
  });
  afterAll(() => runtime?.close());

  /** Status of a sign-in POST with the right token and password, sent with `headers`. */
  async function signInWith(headers: Record<string, string>): Promise<number> {
    const browser = new Browser(runtime.url);
    const fields = hiddenFields(await (await browser.get('/_docsite/login')).text());
    return (await browser.post('/_docsite/login', { ...fields, username: 'ann', password: 'ann-password' }, headers)).status;
  }

  it('sends a referrer policy that keeps the origin on the site and the URL from other sites', async () => {
    const page = await new Browser(runtime.url).get('/_docsite/login');
    expect(page.headers.get('referrer-policy')).toBe('same-origin');
  });

  it('signs in when Origin is null and Sec-Fetch-Site says same-origin; refuses null from elsewhere', async () => {
    expect(await signInWith({ origin: 'null', 'sec-fetch-site': 'same-origin' })).toBe(303);
    expect(await signInWith({ origin: runtime.url, 'sec-fetch-site': 'same-origin' })).toBe(303);
    expect(await signInWith({ origin: 'null', 'sec-fetch-site': 'cross-site' })).toBe(403);
    expect(await signInWith({ origin: 'null' })).toBe(403);
    expect(await signInWith({ origin: runtime.url, 'sec-fetch-site': 'same-site' })).toBe(403);
  });
});
