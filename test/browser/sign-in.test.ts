// Local sign-in and sign-out as a person does them in Chromium: the forms, their errors, and what the site shows afterwards.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startAuthRuntime, type AuthRuntime } from '../helpers/auth-runtime.js';
import { describeInChromium } from '../helpers/browser.js';
import { fitsViewportWidth, freshPage, screenshotAtViewports, submitSignIn } from '../helpers/browser-auth.js';

let runtime: AuthRuntime;

beforeAll(async () => {
  runtime = await startAuthRuntime();
  await runtime.store.addUser({ username: 'ann', password: 'ann-password', groups: ['enterprise'] });
});
afterAll(() => runtime?.close());

describeInChromium('local sign-in and sign-out in Chromium', (browser) => {
  it('signs in with the right password from the "Sign in" link and lands on the page it came from', async () => {
    const { context, page } = await freshPage(browser());
    expect((await page.goto(`${runtime.url}/enterprise/sso`))?.status()).toBe(404);
    await page.getByRole('link', { name: 'Sign in' }).click();
    expect(new URL(page.url()).pathname).toBe('/_docsite/login');
    const landed = await submitSignIn(page, 'ann', 'ann-password');
    expect(landed?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe('/enterprise/sso');
    expect(await page.locator('h1').first().innerText()).toBe('SAML single sign-on');
    expect(await page.locator('header .account').innerText()).toContain('ann');
    await context.close();
  });

  it('signs in behind a proxy that sends Referrer-Policy: no-referrer (Chromium then posts Origin: null)', async () => {
    const { context, page } = await freshPage(browser());
    await page.route(`${runtime.url}/_docsite/login?**`, async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, headers: { ...response.headers(), 'referrer-policy': 'no-referrer' } });
    });
    await page.goto(`${runtime.url}/_docsite/login?return_to=/enterprise/sso`);
    const post = page.waitForRequest((request) => request.method() === 'POST');
    const landed = await submitSignIn(page, 'ann', 'ann-password');
    expect(await (await post).headerValue('origin')).toBe('null');
    expect(landed?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe('/enterprise/sso');
    await context.close();
  });

  it('shows an error for a wrong password and stays signed out', async () => {
    const { context, page } = await freshPage(browser());
    await page.goto(`${runtime.url}/_docsite/login?return_to=/quickstart`);
    const answer = await submitSignIn(page, 'ann', 'not-her-password');
    expect(answer?.status()).toBe(401);
    expect(await page.getByRole('alert').innerText()).toBe('Wrong username or password.');
    expect(await page.getByLabel('Username').inputValue()).toBe('ann');
    expect((await page.goto(`${runtime.url}/quickstart`))?.status()).toBe(404);
    expect(await page.locator('header .account').innerText()).toBe('Sign in');
    await context.close();
  });

  it('signs out from the header link: the page then offers "Sign in" and a restricted page is refused', async () => {
    const { context, page } = await freshPage(browser());
    await page.goto(`${runtime.url}/_docsite/login?return_to=/enterprise/sso`);
    await submitSignIn(page, 'ann', 'ann-password');
    await page.locator('header .account').getByRole('link', { name: 'Sign out' }).click();
    expect(await page.locator('h1').innerText()).toBe('Sign out of Acme?');
    await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Sign out' }).click()]);
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.locator('header .account').innerText()).toBe('Sign in');
    expect((await page.goto(`${runtime.url}/enterprise/overview`))?.status()).toBe(200);
    expect(await page.locator('header .account').innerText()).toBe('Sign in');
    expect((await page.goto(`${runtime.url}/enterprise/sso`))?.status()).toBe(404);
    await context.close();
  });

  it('lays the sign-in form out for a desktop window and a phone, with nothing wider than the screen', async () => {
    const { context, page } = await freshPage(browser());
    await page.goto(`${runtime.url}/_docsite/login?return_to=/quickstart`);
    await submitSignIn(page, 'ann', 'wrong');
    await screenshotAtViewports(page, 'sign-in');
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await fitsViewportWidth(page)).toBe(true);
    const button = await page.getByRole('button', { name: 'Sign in' }).boundingBox();
    expect(button!.height).toBeGreaterThanOrEqual(36);
    await context.close();
  });
});
