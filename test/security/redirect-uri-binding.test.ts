// SPEC audit gap: the token endpoint exchanged a code without `redirect_uri` although the authorization request had one (OAuth 2.1 §4.1.3).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Browser, startAuthRuntime, type AuthRuntime } from '../helpers/auth-runtime.js';
import { authorizePath, consent, pkce, postForm, registerClient, TEST_REDIRECT } from '../helpers/oauth-client.js';

let runtime: AuthRuntime;
let browser: Browser;
let clientId: string;

beforeAll(async () => {
  runtime = await startAuthRuntime();
  await runtime.store.addUser({ username: 'ann', password: 'ann-password' });
  ({ clientId } = await registerClient(runtime.url));
  browser = new Browser(runtime.url);
  expect((await browser.signIn('ann', 'ann-password')).status).toBe(303);
});
afterAll(() => runtime?.close());

/** Exchanges a new code, authorized with (or without) `redirect_uri`, sending `exchangeRedirect` (or none). */
async function exchange(authorizeWith: string | undefined, exchangeRedirect: string | undefined) {
  const { verifier, challenge } = pkce();
  const { code } = await consent(browser, authorizePath(clientId, challenge, { redirect_uri: authorizeWith }));
  return postForm(`${runtime.url}/authed/mcp/oauth/token`, {
    grant_type: 'authorization_code',
    code,
    code_verifier: verifier,
    client_id: clientId,
    ...(exchangeRedirect ? { redirect_uri: exchangeRedirect } : {}),
  });
}

it('refuses a code exchange without redirect_uri when the authorization request carried one', async () => {
  const answer = await exchange(TEST_REDIRECT, undefined);
  expect(answer.status).toBe(400);
  expect(answer.body).toEqual({ error: 'invalid_grant', error_description: expect.stringContaining('redirect_uri') });
});

it('refuses a different redirect_uri, and accepts the same one', async () => {
  expect((await exchange(TEST_REDIRECT, 'http://127.0.0.1:7778/callback')).body.error).toBe('invalid_grant');
  expect((await exchange(TEST_REDIRECT, TEST_REDIRECT)).status).toBe(200);
});

it('needs no redirect_uri at the exchange when the authorization request left it out (one registered URI)', async () => {
  expect((await exchange(undefined, undefined)).status).toBe(200);
  expect((await exchange(undefined, TEST_REDIRECT)).status).toBe(200);
});
