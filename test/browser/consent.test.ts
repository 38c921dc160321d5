// The OAuth consent page of /authed/mcp in Chromium: sign in on the way, then Allow (code + state) or Deny (access_denied).
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startAuthRuntime, type AuthRuntime } from '../helpers/auth-runtime.js';
import { describeInChromium } from '../helpers/browser.js';
import { fitsViewportWidth, freshPage, screenshotAtViewports, submitSignIn } from '../helpers/browser-auth.js';
import { startOAuthCallback, type OAuthCallback } from '../helpers/oauth-callback.js';

let runtime: AuthRuntime;
let callback: OAuthCallback;
let clientId: string;

beforeAll(async () => {
  runtime = await startAuthRuntime();
  await runtime.store.addUser({ username: 'ann', password: 'ann-password', groups: ['enterprise'] });
  callback = await startOAuthCallback();
  const registered = await fetch(`${runtime.url}/authed/mcp/oauth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ client_name: 'Acme Desktop Agent', redirect_uris: [callback.url], token_endpoint_auth_method: 'none' }),
  });
  clientId = ((await registered.json()) as { client_id: string }).client_id;
});
afterAll(async () => {
  await callback?.close();
  await runtime?.close();
});

/** An authorization request as an MCP client builds it, and the PKCE verifier it keeps. */
function authorizeUrl(state: string): { url: string; verifier: string } {
  const verifier = randomBytes(32).toString('base64url');
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: callback.url,
    state,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    scope: 'mcp:search',
    resource: `${runtime.url}/authed/mcp`,
  });
  return { url: `${runtime.url}/authed/mcp/oauth/authorize?${query}`, verifier };
}

describeInChromium('OAuth consent in Chromium', (browser) => {
  it('signs in on the way, names the client, and on Allow sends code and state to the redirect URI', async () => {
    const { context, page } = await freshPage(browser());
    const { url, verifier } = authorizeUrl('allow-state');
    await page.goto(url);
    expect(new URL(page.url()).pathname).toBe('/_docsite/login');
    const consent = await submitSignIn(page, 'ann', 'ann-password');
    expect(consent?.status()).toBe(200);
    expect(await page.locator('h1').innerText()).toBe('Allow access to Acme docs?');
    expect(await page.locator('main').innerText()).toContain('Acme Desktop Agent wants to search and read');
    await page.getByRole('button', { name: 'Allow' }).click();
    const back = await callback.next();
    expect(back.searchParams.get('state')).toBe('allow-state');
    expect(back.searchParams.get('iss')).toBe(`${runtime.url}/authed/mcp/oauth`);
    await page.waitForURL(`${callback.url}?**`);
    expect(await page.locator('h1').innerText()).toBe('You can close this window');

    // The code is good for one token, as the client will exchange it.
    const token = await fetch(`${runtime.url}/authed/mcp/oauth/token`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: back.searchParams.get('code')!,
        code_verifier: verifier,
        client_id: clientId,
        redirect_uri: callback.url,
      }),
    });
    expect(token.status).toBe(200);
    expect(await token.json()).toMatchObject({ token_type: 'Bearer', scope: 'mcp:search' });
    await context.close();
  });

  it('on Deny sends error=access_denied and the state, and no code', async () => {
    const { context, page } = await freshPage(browser());
    await page.goto(authorizeUrl('deny-state').url);
    await submitSignIn(page, 'ann', 'ann-password');
    await page.getByRole('button', { name: 'Deny' }).click();
    const back = await callback.next();
    expect(Object.fromEntries(back.searchParams)).toMatchObject({ error: 'access_denied', state: 'deny-state' });
    expect(back.searchParams.has('code')).toBe(false);
    await context.close();
  });

  it('skips the sign-in for a signed-in reader, and lays the consent page out for a desktop window and a phone', async () => {
    const { context, page } = await freshPage(browser());
    await page.goto(`${runtime.url}/_docsite/login`);
    await submitSignIn(page, 'ann', 'ann-password');
    await page.goto(authorizeUrl('layout-state').url);
    expect(await page.locator('h1').innerText()).toBe('Allow access to Acme docs?');
    await screenshotAtViewports(page, 'consent');
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await fitsViewportWidth(page)).toBe(true);
    for (const name of ['Allow', 'Deny']) expect(await page.getByRole('button', { name }).isVisible()).toBe(true);
    await context.close();
  });
});
