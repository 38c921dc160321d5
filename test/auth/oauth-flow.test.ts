// The authorization server of /authed/mcp over HTTP: discovery, registration, authorize + consent, tokens, refresh, revocation.
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, hiddenFields, localConfig, startAuthRuntime, type AuthRuntime } from '../helpers/auth-runtime.js';
import { callTool, rpc } from '../helpers/mcp-rpc.js';

const REDIRECT = 'http://127.0.0.1:7777/callback';
let runtime: AuthRuntime;
let browser: Browser;
let clientId: string;

function pkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

function authorizePath(params: Record<string, string | undefined>): string {
  const query = new URLSearchParams(
    Object.entries({ response_type: 'code', client_id: clientId, redirect_uri: REDIRECT, state: 'st-1', code_challenge_method: 'S256', ...params }).filter(
      (e): e is [string, string] => e[1] !== undefined,
    ),
  );
  return `/authed/mcp/oauth/authorize?${query}`;
}

/** Runs authorize → consent (already signed in) → allow; returns the redirect URL the client receives. */
async function approve(params: Record<string, string | undefined>, decision = 'allow'): Promise<URL> {
  const consent = await browser.get(authorizePath(params));
  expect(consent.status).toBe(200);
  const answer = await browser.post('/authed/mcp/oauth/authorize', { ...hiddenFields(await consent.text()), decision });
  expect(answer.status).toBe(303);
  return new URL(answer.headers.get('location')!);
}

async function token(fields: Record<string, string>, headers: Record<string, string> = {}): Promise<{ status: number; body: any; headers: Headers }> {
  const response = await fetch(`${runtime.url}/authed/mcp/oauth/token`, { method: 'POST', body: new URLSearchParams(fields), headers });
  return { status: response.status, body: await response.json(), headers: response.headers };
}

/** A fresh code for the signed-in user, with its PKCE verifier. */
async function newCode(redirectUri = REDIRECT): Promise<{ code: string; verifier: string }> {
  const { verifier, challenge } = pkce();
  const back = await approve({ code_challenge: challenge, redirect_uri: redirectUri });
  return { code: back.searchParams.get('code')!, verifier };
}

beforeAll(async () => {
  runtime = await startAuthRuntime(localConfig({ oauth: { allowedRedirectUris: ['claude.ai'] } }));
  await runtime.store.addUser({ username: 'ann', password: 'ann-password', groups: ['enterprise'] });
  browser = new Browser(runtime.url);
});
afterAll(() => runtime?.close());

describe('discovery', () => {
  it('answers /authed/mcp without a token with 401 and where the metadata is', async () => {
    const answer = await rpc(`${runtime.url}/authed/mcp`, 'tools/list', {});
    expect(answer.status).toBe(401);
    expect(answer.headers.get('www-authenticate')).toBe(
      `Bearer resource_metadata="${runtime.url}/.well-known/oauth-protected-resource/authed/mcp", scope="mcp:search"`,
    );
    const bad = await rpc(`${runtime.url}/authed/mcp`, 'tools/list', {}, 'docsite_at_not-a-token');
    expect(bad.status).toBe(401);
    expect(bad.headers.get('www-authenticate')).toMatch(/^Bearer error="invalid_token", error_description="[^"]+", resource_metadata=/);
  });

  it('serves RFC 9728 protected resource metadata at the path-inserted and root URLs', async () => {
    for (const path of ['/.well-known/oauth-protected-resource/authed/mcp', '/.well-known/oauth-protected-resource']) {
      const response = await fetch(`${runtime.url}${path}`);
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(await response.json()).toMatchObject({
        resource: `${runtime.url}/authed/mcp`,
        authorization_servers: [`${runtime.url}/authed/mcp/oauth`],
        scopes_supported: ['mcp:search'],
        bearer_methods_supported: ['header'],
      });
    }
  });

  it('serves RFC 8414 metadata for the issuer, and where older MCP clients look', async () => {
    const expected = {
      issuer: `${runtime.url}/authed/mcp/oauth`,
      authorization_endpoint: `${runtime.url}/authed/mcp/oauth/authorize`,
      token_endpoint: `${runtime.url}/authed/mcp/oauth/token`,
      registration_endpoint: `${runtime.url}/authed/mcp/oauth/register`,
      revocation_endpoint: `${runtime.url}/authed/mcp/oauth/revoke`,
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code', 'refresh_token', 'client_credentials'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
      scopes_supported: ['mcp:search'],
    };
    for (const path of [
      '/.well-known/oauth-authorization-server/authed/mcp/oauth',
      '/.well-known/oauth-authorization-server',
      '/.well-known/oauth-authorization-server/authed/mcp',
    ]) {
      expect(await (await fetch(`${runtime.url}${path}`)).json(), path).toMatchObject(expected);
    }
  });
});

describe('dynamic client registration (RFC 7591)', () => {
  it('registers a public client with loopback and allowed redirect URIs', async () => {
    const response = await fetch(`${runtime.url}/authed/mcp/oauth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        client_name: 'Test Agent',
        redirect_uris: [REDIRECT, 'https://claude.ai/api/mcp/auth_callback'],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'none',
      }),
    });
    expect(response.status).toBe(201);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      client_name: 'Test Agent',
      redirect_uris: [REDIRECT, 'https://claude.ai/api/mcp/auth_callback'],
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
    });
    expect(body.client_secret).toBeUndefined();
    clientId = body.client_id as string;
  });

  it('gives confidential clients a secret', async () => {
    const response = await fetch(`${runtime.url}/authed/mcp/oauth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ redirect_uris: ['http://localhost:9/cb'] }),
    });
    expect(await response.json()).toMatchObject({
      token_endpoint_auth_method: 'client_secret_basic',
      client_secret: expect.stringMatching(/^docsite_cs_/),
      client_secret_expires_at: 0,
    });
  });

  it('registers only the allowed redirect URIs of a client that asks for several (Cursor asks for three)', async () => {
    const cursor = ['cursor://anysphere.cursor-mcp/oauth/callback', 'https://www.cursor.com/agents/mcp/oauth/callback', 'http://localhost:8787/callback'];
    const response = await fetch(`${runtime.url}/authed/mcp/oauth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ client_name: 'Cursor', redirect_uris: cursor, token_endpoint_auth_method: 'none' }),
    });
    expect(response.status).toBe(201);
    expect(((await response.json()) as { redirect_uris: string[] }).redirect_uris).toEqual(['http://localhost:8787/callback']);
  });

  it.each([
    [{ redirect_uris: ['javascript:alert(1)'] }, 'invalid_redirect_uri'],
    [{ redirect_uris: [REDIRECT, 'javascript:alert(1)'] }, 'invalid_redirect_uri'],
    [{ redirect_uris: ['data:text/html,x'] }, 'invalid_redirect_uri'],
    [{ redirect_uris: ['file:///tmp/x'] }, 'invalid_redirect_uri'],
    [{ redirect_uris: ['https://evil.test/cb'] }, 'invalid_redirect_uri'],
    [{ redirect_uris: ['http://localhost:1/cb#x'] }, 'invalid_redirect_uri'],
    [{ redirect_uris: [] }, 'invalid_redirect_uri'],
    [{}, 'invalid_redirect_uri'],
    [{ redirect_uris: [REDIRECT], grant_types: ['client_credentials'] }, 'invalid_client_metadata'],
    [{ redirect_uris: [REDIRECT], response_types: ['token'] }, 'invalid_client_metadata'],
    [{ redirect_uris: [REDIRECT], token_endpoint_auth_method: 'private_key_jwt' }, 'invalid_client_metadata'],
  ])('refuses %j with %s', async (metadata, error) => {
    const response = await fetch(`${runtime.url}/authed/mcp/oauth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(metadata),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error, error_description: expect.any(String) });
  });
});

describe('authorization code with PKCE', () => {
  it('sends a signed-out user to sign in, then to a consent page naming the client', async () => {
    const { challenge } = pkce();
    const first = await browser.get(authorizePath({ code_challenge: challenge }));
    expect(first.status).toBe(302);
    const login = first.headers.get('location')!;
    expect(login).toMatch(/^\/_docsite\/login\?return_to=%2Fauthed%2Fmcp%2Foauth%2Fauthorize%3F/);
    const returnTo = new URL(login, runtime.url).searchParams.get('return_to')!;
    const signedIn = await browser.signIn('ann', 'ann-password', returnTo);
    expect(signedIn.headers.get('location')).toBe(returnTo);
    const consent = await browser.get(returnTo);
    const page = await consent.text();
    expect(consent.status).toBe(200);
    expect(consent.headers.get('x-frame-options')).toBe('DENY');
    expect(consent.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(page).toContain('<strong>Test Agent</strong> wants to search and read the Acme documentation you can see, as <strong>ann</strong>');
    expect(page).toContain('<code>http://127.0.0.1:7777</code>');
  });

  it("issues tokens for the code and serves /authed/mcp with the user's groups", async () => {
    const { verifier, challenge } = pkce();
    const back = await approve({ code_challenge: challenge });
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
    expect(back.searchParams.get('state')).toBe('st-1');
    expect(back.searchParams.get('iss')).toBe(`${runtime.url}/authed/mcp/oauth`);
    const answer = await token({
      grant_type: 'authorization_code',
      code: back.searchParams.get('code')!,
      code_verifier: verifier,
      redirect_uri: REDIRECT,
      client_id: clientId,
      resource: `${runtime.url}/authed/mcp`,
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(Object.keys(answer.body).sort()).toEqual(['access_token', 'expires_in', 'refresh_token', 'scope', 'token_type']);
    expect(answer.body).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'mcp:search' });
    const text = await callTool(`${runtime.url}/authed/mcp`, 'search_acme', { query: 'deprovision' }, answer.body.access_token);
    expect(text).toContain('/enterprise/sso');
  });

  it('accepts a loopback redirect URI on another port, and no other unregistered one', async () => {
    const { code, verifier } = await newCode('http://127.0.0.1:43210/callback');
    expect(
      (await token({ grant_type: 'authorization_code', code, code_verifier: verifier, client_id: clientId, redirect_uri: 'http://127.0.0.1:43210/callback' }))
        .status,
    ).toBe(200);
    for (const redirect of ['http://localhost:7777/callback', 'https://claude.ai/elsewhere', 'https://evil.test/callback']) {
      const page = await browser.get(authorizePath({ code_challenge: pkce().challenge, redirect_uri: redirect }));
      expect(page.status, redirect).toBe(400);
      expect(page.headers.get('location')).toBeNull();
    }
    const unknown = await browser.get(authorizePath({ client_id: 'no-such-client', code_challenge: pkce().challenge }));
    expect(unknown.status).toBe(400);
  });

  it('requires PKCE with S256: a missing challenge or plain goes back as invalid_request', async () => {
    for (const params of [
      {},
      { code_challenge: pkce().challenge, code_challenge_method: 'plain' },
      { code_challenge: pkce().challenge, code_challenge_method: undefined },
      { code_challenge: 'short' },
    ]) {
      const response = await browser.get(authorizePath(params));
      expect(response.status, JSON.stringify(params)).toBe(302);
      const back = new URL(response.headers.get('location')!);
      expect(back.searchParams.get('error')).toBe('invalid_request');
      expect(back.searchParams.get('state')).toBe('st-1');
    }
    const wrongType = new URL((await browser.get(authorizePath({ code_challenge: pkce().challenge, response_type: 'token' }))).headers.get('location')!);
    expect(wrongType.searchParams.get('error')).toBe('unsupported_response_type');
    const wrongResource = new URL(
      (await browser.get(authorizePath({ code_challenge: pkce().challenge, resource: 'https://other.test/mcp' }))).headers.get('location')!,
    );
    expect(wrongResource.searchParams.get('error')).toBe('invalid_target');
  });

  it('refuses a wrong verifier, and a code used twice (revoking what the first use issued)', async () => {
    const wrong = await newCode();
    expect(
      (await token({ grant_type: 'authorization_code', code: wrong.code, code_verifier: pkce().verifier, client_id: clientId, redirect_uri: REDIRECT })).body
        .error,
    ).toBe('invalid_grant');
    const { code, verifier } = await newCode();
    const first = await token({ grant_type: 'authorization_code', code, code_verifier: verifier, client_id: clientId, redirect_uri: REDIRECT });
    expect(first.status).toBe(200);
    const second = await token({ grant_type: 'authorization_code', code, code_verifier: verifier, client_id: clientId, redirect_uri: REDIRECT });
    expect(second.status).toBe(400);
    expect(second.body.error).toBe('invalid_grant');
    expect((await rpc(`${runtime.url}/authed/mcp`, 'tools/list', {}, first.body.access_token)).status).toBe(401);
  });

  it('refuses an expired code', async () => {
    const { code, verifier } = await newCode();
    runtime.advance(61_000);
    expect((await token({ grant_type: 'authorization_code', code, code_verifier: verifier, client_id: clientId, redirect_uri: REDIRECT })).body.error).toBe(
      'invalid_grant',
    );
  });

  it('sends access_denied when the user denies, and refuses a consent form without its CSRF token', async () => {
    const denied = await approve({ code_challenge: pkce().challenge }, 'deny');
    expect(denied.searchParams.get('error')).toBe('access_denied');
    expect(denied.searchParams.get('code')).toBeNull();
    const consent = await browser.get(authorizePath({ code_challenge: pkce().challenge }));
    const { csrf: _csrf, ...withoutCsrf } = hiddenFields(await consent.text());
    expect((await browser.post('/authed/mcp/oauth/authorize', { ...withoutCsrf, decision: 'allow' })).status).toBe(403);
    const fields = hiddenFields(await (await browser.get(authorizePath({ code_challenge: pkce().challenge }))).text());
    expect((await browser.post('/authed/mcp/oauth/authorize', { ...fields, decision: 'allow' }, { origin: 'https://evil.test' })).status).toBe(403);
  });
});

describe('refresh tokens and revocation', () => {
  async function tokens() {
    const { code, verifier } = await newCode();
    return (await token({ grant_type: 'authorization_code', code, code_verifier: verifier, client_id: clientId, redirect_uri: REDIRECT })).body as {
      access_token: string;
      refresh_token: string;
    };
  }

  it('rotates the refresh token on use; reusing a spent one revokes the whole grant', async () => {
    const first = await tokens();
    const second = await token({ grant_type: 'refresh_token', refresh_token: first.refresh_token, client_id: clientId });
    expect(second.status).toBe(200);
    expect(second.body.refresh_token).not.toBe(first.refresh_token);
    expect((await rpc(`${runtime.url}/authed/mcp`, 'tools/list', {}, second.body.access_token)).status).toBe(200);
    const reused = await token({ grant_type: 'refresh_token', refresh_token: first.refresh_token, client_id: clientId });
    expect(reused.body.error).toBe('invalid_grant');
    expect((await rpc(`${runtime.url}/authed/mcp`, 'tools/list', {}, second.body.access_token)).status).toBe(401);
    expect((await token({ grant_type: 'refresh_token', refresh_token: second.body.refresh_token, client_id: clientId })).body.error).toBe('invalid_grant');
  });

  it('revokes an access token at once (RFC 7009), and answers 200 for unknown tokens', async () => {
    const issued = await tokens();
    const revoke = (value: string) =>
      fetch(`${runtime.url}/authed/mcp/oauth/revoke`, { method: 'POST', body: new URLSearchParams({ token: value, client_id: clientId }) });
    expect((await revoke(issued.access_token)).status).toBe(200);
    expect((await rpc(`${runtime.url}/authed/mcp`, 'tools/list', {}, issued.access_token)).status).toBe(401);
    expect((await revoke('never-issued')).status).toBe(200);
    const refreshed = await token({ grant_type: 'refresh_token', refresh_token: issued.refresh_token, client_id: clientId });
    expect(refreshed.status).toBe(200);
    expect((await revoke(refreshed.body.refresh_token)).status).toBe(200);
    expect((await rpc(`${runtime.url}/authed/mcp`, 'tools/list', {}, refreshed.body.access_token)).status).toBe(401);
  });

  it('refuses an expired access token, and a token bound to another audience', async () => {
    const issued = await tokens();
    runtime.advance(3_601_000);
    expect((await rpc(`${runtime.url}/authed/mcp`, 'tools/list', {}, issued.access_token)).status).toBe(401);
    const elsewhere = await runtime.store.issueTokens({
      clientId,
      subject: { kind: 'user', userId: 'ann', groups: [] },
      audience: 'https://other.test/authed/mcp',
      scope: 'mcp:search',
      accessTtlSeconds: 600,
      refreshTtlSeconds: 600,
    });
    expect((await rpc(`${runtime.url}/authed/mcp`, 'tools/list', {}, elsewhere.accessToken)).status).toBe(401);
  });
});

describe('token endpoint errors (RFC 6749 §5.2)', () => {
  it.each([
    [{ grant_type: 'password', username: 'ann', password: 'x' }, 400, 'unsupported_grant_type'],
    [{ client_id: 'x' }, 400, 'invalid_request'],
    [{ grant_type: 'authorization_code', code: 'x', code_verifier: 'y' }, 401, 'invalid_client'],
    [{ grant_type: 'client_credentials', client_id: 'no-such-client', client_secret: 'nope' }, 401, 'invalid_client'],
    [{ grant_type: 'refresh_token', refresh_token: 'x', client_id: 'CLIENT', resource: 'https://other.test/mcp' }, 400, 'invalid_target'],
  ])('answers %j with %i %s', async (fields, status, error) => {
    const answer = await token(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v === 'CLIENT' ? clientId : v])));
    expect(answer.status).toBe(status);
    expect(answer.body).toEqual({ error, error_description: expect.any(String) });
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });

  it('refuses the client_credentials grant to a registered (non-credential) client', async () => {
    expect((await token({ grant_type: 'client_credentials', client_id: clientId })).body.error).toBe('unauthorized_client');
  });

  it('answers other methods with 405, and a JSON body with invalid_request', async () => {
    const get = await fetch(`${runtime.url}/authed/mcp/oauth/token`);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toContain('POST');
    const json = await fetch(`${runtime.url}/authed/mcp/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"grant_type":"client_credentials"}',
    });
    expect(json.status).toBe(400);
    expect(((await json.json()) as { error: string }).error).toBe('invalid_request');
  });
});
