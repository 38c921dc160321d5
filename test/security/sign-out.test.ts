// Finding "sign-out leaves the session valid": a cookie copied before sign-out kept working. Sign-out ends the session on the server.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Browser, hiddenFields, startAuthRuntime, type AuthRuntime } from '../helpers/auth-runtime.js';

let runtime: AuthRuntime;
beforeAll(async () => {
  runtime = await startAuthRuntime();
  await runtime.store.addUser({ username: 'ann', password: 'ann-password', groups: ['enterprise'] });
});
afterAll(() => runtime?.close());

/** What a page needing a sign-in shows to the bearer of `cookie`: its status and whether its text is there. */
async function quickstartWith(cookie: string): Promise<[number, boolean]> {
  const page = await fetch(`${runtime.url}/quickstart`, { headers: { cookie }, redirect: 'manual' });
  return [page.status, (await page.text()).includes('Before you begin')];
}

it('refuses a session cookie copied before sign-out, at once', async () => {
  const browser = new Browser(runtime.url);
  expect((await browser.signIn('ann', 'ann-password')).status).toBe(303);
  const stolen = browser.cookieHeader();
  expect(await quickstartWith(stolen)).toEqual([200, true]);

  const { csrf } = hiddenFields(await (await browser.get('/_docsite/logout')).text());
  const out = await browser.post('/_docsite/logout', { csrf: csrf! });
  expect([out.status, out.headers.get('location')]).toEqual([303, '/']);

  const [status, shown] = await quickstartWith(stolen);
  expect(shown).toBe(false);
  expect(status).not.toBe(200);
  // The sign-out page no longer knows the copied cookie either.
  const logout = await fetch(`${runtime.url}/_docsite/logout`, { headers: { cookie: stolen }, redirect: 'manual' });
  expect([logout.status, logout.headers.get('location')]).toEqual([303, '/']);
});

it('keeps other sessions of the same user signed in', async () => {
  const laptop = new Browser(runtime.url);
  const phone = new Browser(runtime.url);
  expect((await laptop.signIn('ann', 'ann-password')).status).toBe(303);
  expect((await phone.signIn('ann', 'ann-password')).status).toBe(303);
  const { csrf } = hiddenFields(await (await laptop.get('/_docsite/logout')).text());
  await laptop.post('/_docsite/logout', { csrf: csrf! });
  expect(await quickstartWith(laptop.cookieHeader())).not.toEqual([200, true]);
  expect(await quickstartWith(phone.cookieHeader())).toEqual([200, true]);
});
