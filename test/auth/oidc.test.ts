// The `oidc` identity provider against a real OpenID provider (oidc-provider), groups from a configurable claim.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rpc } from '../helpers/mcp-rpc.js';
import { authorizePath, consent, pkce, postForm, registerClient, TEST_REDIRECT } from '../helpers/oauth-client.js';
import { groupsOf } from '../../src/auth/index.js';
import { Browser, SESSION_ENV, startAuthRuntime, type AuthRuntime } from '../helpers/auth-runtime.js';
import { IDP_CLIENT, oidcSiteConfig, signInUpstream, startOidcIdp, type OidcIdp } from '../helpers/oidc-idp.js';

let idp: OidcIdp;
let issuer: string;
let runtime: AuthRuntime;

beforeAll(async () => {
  idp = await startOidcIdp();
  issuer = idp.issuer;
  runtime = await startAuthRuntime(oidcSiteConfig(issuer), { OIDC_SECRET: IDP_CLIENT.secret, ...SESSION_ENV });
  idp.serve(runtime.url);
});
afterAll(async () => {
  await runtime?.close();
  await idp?.close();
});

describe('oidc identity provider', () => {
  it('sends the browser to the provider with PKCE S256, state and nonce', async () => {
    const response = await new Browser(runtime.url).get('/_docsite/login?return_to=/quickstart');
    expect(response.status).toBe(302);
    const target = new URL(response.headers.get('location')!);
    expect(target.origin).toBe(issuer);
    expect(Object.fromEntries(target.searchParams)).toMatchObject({
      client_id: 'docs',
      response_type: 'code',
      redirect_uri: `${runtime.url}/_docsite/oidc/callback`,
      scope: 'openid profile roles',
      code_challenge_method: 'S256',
      state: expect.any(String),
      nonce: expect.any(String),
    });
  });

  it('signs a member in, with groups from the configured claim, and serves their group pages', async () => {
    const browser = new Browser(runtime.url);
    const back = await signInUpstream(browser, runtime.url, 'carol', '/enterprise/sso');
    expect(back.headers.get('location')).toBe('/enterprise/sso');
    const page = await browser.get('/enterprise/sso');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<span>carol@acme.test</span>');
    expect((await browser.get('/enterprise/audit-logs')).status).toBe(404);
  });

  it('signs in a user without groups: login pages yes, group pages no', async () => {
    const browser = new Browser(runtime.url);
    await signInUpstream(browser, runtime.url, 'dave', '/');
    expect((await browser.get('/quickstart')).status).toBe(200);
    expect((await browser.get('/enterprise/sso')).status).toBe(404);
  });

  it('refuses a callback without the sign-in it belongs to (state cookie), and a forged state', async () => {
    const stray = await new Browser(runtime.url).get('/_docsite/oidc/callback?code=abc&state=xyz');
    expect(stray.status).toBe(400);
    const browser = new Browser(runtime.url);
    await browser.get('/_docsite/login');
    const forged = await browser.get('/_docsite/oidc/callback?code=abc&state=forged');
    expect(forged.status).toBe(502);
    expect((await browser.get('/quickstart')).status).toBe(404);
  });

  it('reads groups from arrays and from space- or comma-separated strings', () => {
    expect(groupsOf(['a', 'b', 'a', 7])).toEqual(['a', 'b']);
    expect(groupsOf('a b,c')).toEqual(['a', 'b', 'c']);
    expect(groupsOf(undefined)).toEqual([]);
  });

  // Last: it moves the store's clock past the end of the session.
  it("ends an OIDC user's MCP grant with the sign-in it came from, however often it is refreshed", async () => {
    const browser = new Browser(runtime.url);
    await signInUpstream(browser, runtime.url, 'carol', '/');
    const { clientId } = await registerClient(runtime.url);
    const { verifier, challenge } = pkce();
    const { code } = await consent(browser, authorizePath(clientId, challenge));
    const token = (fields: Record<string, string>) => postForm(`${runtime.url}/authed/mcp/oauth/token`, { client_id: clientId, ...fields });
    const first = await token({ grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: TEST_REDIRECT });
    expect(first.status).toBe(200);
    // The session lasts 12 hours (the default): a minute before its end, a refresh gives tokens for that minute only.
    runtime.advance(43_140_000);
    const late = await token({ grant_type: 'refresh_token', refresh_token: first.body.refresh_token });
    expect(late.status).toBe(200);
    expect(late.body.expires_in).toBeLessThanOrEqual(60);
    runtime.advance(61_000);
    expect((await token({ grant_type: 'refresh_token', refresh_token: late.body.refresh_token })).body.error).toBe('invalid_grant');
    expect((await rpc(`${runtime.url}/authed/mcp`, 'tools/list', {}, late.body.access_token)).status).toBe(401);
    expect((await browser.get('/quickstart')).status).toBe(404);
  });
});
