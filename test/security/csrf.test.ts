// Attack replay in Chromium: pages on other origins post the sign-in, sign-out and consent forms of a signed-in
// victim, even holding the victim's own CSRF token, plainly, with `no-referrer` (Origin: null) and from a sandboxed frame.
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { hiddenFields, startAuthRuntime, type AuthRuntime } from '../helpers/auth-runtime.js';
import { describeInChromium } from '../helpers/browser.js';
import { freshPage, submitSignIn } from '../helpers/browser-auth.js';
import { startOAuthCallback, type OAuthCallback } from '../helpers/oauth-callback.js';

let runtime: AuthRuntime;
let callback: OAuthCallback;
let attacker: Server;
let attackerPort: number;
let clientId: string;
/** The page the attacker's server serves next. */
let attackerPage = '';

beforeAll(async () => {
  runtime = await startAuthRuntime();
  await runtime.store.addUser({ username: 'ann', password: 'ann-password', groups: ['enterprise'] });
  await runtime.store.addUser({ username: 'mallory', password: 'mallory-password', groups: [] });
  callback = await startOAuthCallback();
  const registered = await fetch(`${runtime.url}/authed/mcp/oauth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ client_name: 'Innocent Tool', redirect_uris: [callback.url], token_endpoint_auth_method: 'none' }),
  });
  clientId = ((await registered.json()) as { client_id: string }).client_id;
  attacker = createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'text/html' }).end(attackerPage));
  await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
  attackerPort = (attacker.address() as AddressInfo).port;
});
afterAll(async () => {
  attacker?.closeAllConnections();
  await new Promise((resolve) => attacker?.close(resolve));
  await callback?.close();
  await runtime?.close();
});

/**
 * Where the attacker's page is: another port of the same host (same-site, like a sibling
 * subdomain: SameSite=Lax cookies go along, so with a leaked token only the Origin and
 * Sec-Fetch-Site check stands, and `Origin: null` from a same-site `no-referrer` page must not pass
 * it) or another host (cross-site: the CSRF cookie stays home as well).
 */
const ATTACKER_SITES = {
  'same-site': () => `http://127.0.0.1:${attackerPort}/`,
  'cross-site': () => `http://localhost:${attackerPort}/`,
};

/** How the attacker's page posts: a plain form, a form on a `no-referrer` page, or a form in a sandboxed frame (opaque origin). */
const VARIANTS = ['plain', 'no-referrer', 'sandboxed frame'] as const;

/** Text safe inside a double-quoted HTML attribute. */
function attribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

function formHtml(action: string, fields: Record<string, string>): string {
  const inputs = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${attribute(name)}" value="${attribute(value)}">`)
    .join('');
  return `<form method="post" action="${attribute(action)}">${inputs}<button type="submit">Win a prize</button></form>`;
}

function attackerHtml(variant: (typeof VARIANTS)[number], form: string): string {
  if (variant === 'plain') return `<!doctype html>${form}`;
  if (variant === 'no-referrer') return `<!doctype html><meta name="referrer" content="no-referrer">${form}`;
  return `<!doctype html><iframe sandbox="allow-forms allow-top-navigation" srcdoc="${attribute(form)}" width="400" height="200"></iframe>`;
}

/** Makes the victim click the attacker's button; returns the status of the site's answer to the post. */
async function clickAttack(page: Page, url: string, variant: (typeof VARIANTS)[number], action: string, fields: Record<string, string>): Promise<number> {
  attackerPage = attackerHtml(variant, formHtml(action, fields));
  await page.goto(url);
  const frame = variant === 'sandboxed frame' ? page.frameLocator('iframe') : page;
  const answer = page.waitForResponse((response) => response.url() === action && response.request().method() === 'POST');
  await frame.getByRole('button', { name: 'Win a prize' }).click();
  return (await answer).status();
}

/** The hidden fields of the form on the page at `url`, as the victim's browser gets them (their CSRF token, as if leaked). */
async function victimFields(page: Page, url: string): Promise<Record<string, string>> {
  await page.goto(url);
  return hiddenFields(await page.content());
}

function authorizeUrl(): string {
  const challenge = createHash('sha256').update(randomBytes(32).toString('base64url')).digest('base64url');
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: callback.url,
    state: 's',
    code_challenge: challenge,
    code_challenge_method: 'S256',
  });
  return `${runtime.url}/authed/mcp/oauth/authorize?${query}`;
}

describeInChromium('CSRF on the auth forms, replayed from other origins in Chromium', (browser) => {
  for (const [site, attackerUrl] of Object.entries(ATTACKER_SITES)) {
    for (const variant of VARIANTS) {
      it(`refuses a ${site} ${variant} post of the consent form (no code for the client) and of the sign-out form (still signed in)`, async () => {
        const { context, page } = await freshPage(browser());
        await page.goto(`${runtime.url}/_docsite/login`);
        await submitSignIn(page, 'ann', 'ann-password');

        const consent = await victimFields(page, authorizeUrl());
        expect(await clickAttack(page, attackerUrl(), variant, `${runtime.url}/authed/mcp/oauth/authorize`, { ...consent, decision: 'allow' })).toBe(403);

        const logout = await victimFields(page, `${runtime.url}/_docsite/logout`);
        expect(await clickAttack(page, attackerUrl(), variant, `${runtime.url}/_docsite/logout`, logout)).toBe(403);
        await page.goto(`${runtime.url}/enterprise/sso`);
        expect(await page.locator('header .account').innerText()).toContain('ann');
        await context.close();
      });

      it(`refuses a ${site} ${variant} post of the sign-in form into the attacker's account`, async () => {
        const { context, page } = await freshPage(browser());
        const login = await victimFields(page, `${runtime.url}/_docsite/login`);
        const fields = { ...login, username: 'mallory', password: 'mallory-password' };
        expect(await clickAttack(page, attackerUrl(), variant, `${runtime.url}/_docsite/login`, fields)).toBe(403);
        await page.goto(`${runtime.url}/enterprise/overview`);
        expect(await page.locator('header .account').innerText()).toBe('Sign in');
        await context.close();
      });
    }
  }
});
