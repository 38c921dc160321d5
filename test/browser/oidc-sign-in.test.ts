// Sign-in through an OpenID provider (oidc-provider, in-process) in Chromium: to the provider and back, groups from its claim.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SESSION_ENV, startAuthRuntime, type AuthRuntime } from '../helpers/auth-runtime.js';
import { describeInChromium } from '../helpers/browser.js';
import { freshPage } from '../helpers/browser-auth.js';
import { IDP_CLIENT, oidcSiteConfig, startOidcIdp, type OidcIdp } from '../helpers/oidc-idp.js';

let idp: OidcIdp;
let runtime: AuthRuntime;

beforeAll(async () => {
  idp = await startOidcIdp();
  runtime = await startAuthRuntime(oidcSiteConfig(idp.issuer), { OIDC_SECRET: IDP_CLIENT.secret, ...SESSION_ENV });
  idp.serve(runtime.url);
});
afterAll(async () => {
  await runtime?.close();
  await idp?.close();
});

/** On the provider's pages: log in as `login` (any password), then consent; waits until the browser is back on the site. */
async function signInAtProvider(page: Page, login: string): Promise<void> {
  await page.waitForURL(`${idp.issuer}/**`);
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any password');
  await page.locator('button[type="submit"]').click();
  await page.locator('button[type="submit"]', { hasText: 'Continue' }).click();
  await page.waitForURL(`${runtime.url}/**`);
}

describeInChromium('OIDC sign-in in Chromium', (browser) => {
  it('signs a member in at the provider from the "Sign in" link, back on the page, with the groups of the claim', async () => {
    const { context, page } = await freshPage(browser());
    expect((await page.goto(`${runtime.url}/enterprise/sso`))?.status()).toBe(404);
    await page.getByRole('link', { name: 'Sign in' }).click();
    await signInAtProvider(page, 'carol');
    expect(new URL(page.url()).pathname).toBe('/enterprise/sso');
    expect(await page.locator('h1').first().innerText()).toBe('SAML single sign-on');
    expect(await page.locator('header .account').innerText()).toContain('carol@acme.test');
    expect((await page.goto(`${runtime.url}/enterprise/audit-logs`))?.status()).toBe(404);
    await context.close();
  });

  it('signs in a user without groups (pages that need a login only), and signs them out', async () => {
    const { context, page } = await freshPage(browser());
    await page.goto(`${runtime.url}/_docsite/login?return_to=/quickstart`);
    await signInAtProvider(page, 'dave');
    expect(new URL(page.url()).pathname).toBe('/quickstart');
    expect(await page.locator('header .account').innerText()).toContain('dave@acme.test');
    expect((await page.goto(`${runtime.url}/enterprise/sso`))?.status()).toBe(404);
    await page.goto(`${runtime.url}/_docsite/logout`);
    await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Sign out' }).click()]);
    expect((await page.goto(`${runtime.url}/quickstart`))?.status()).toBe(404);
    expect(await page.locator('header .account').innerText()).toBe('Sign in');
    await context.close();
  });
});
