// /authed/mcp answers every method 401 with where to get a token until one is given (clients probe with GET); then non-POST is 405.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthRuntime, type AuthRuntime } from '../helpers/auth-runtime.js';

let runtime: AuthRuntime;
let accessToken: string;

beforeAll(async () => {
  runtime = await startAuthRuntime();
  const credential = await runtime.store.createClientCredential({ label: 'method probe' });
  const response = await fetch(`${runtime.url}/authed/mcp/oauth/token`, {
    method: 'POST',
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: credential.clientId, client_secret: credential.clientSecret }),
  });
  accessToken = ((await response.json()) as { access_token: string }).access_token;
});
afterAll(() => runtime?.close());

const ACCEPT = 'application/json, text/event-stream';

describe('/authed/mcp by method', () => {
  it.each(['GET', 'DELETE', 'PUT', 'POST'])('answers %s without a token with 401 and the protected resource metadata', async (method) => {
    const response = await fetch(`${runtime.url}/authed/mcp`, { method, headers: { Accept: ACCEPT } });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe(
      `Bearer resource_metadata="${runtime.url}/.well-known/oauth-protected-resource/authed/mcp", scope="mcp:search"`,
    );
    expect(await response.json()).toMatchObject({ error: 'invalid_token' });
  });

  it.each(['GET', 'DELETE'])('answers %s with an unknown or API-key token with 401 invalid_token', async (method) => {
    for (const token of ['docsite_at_not-a-token', 'docsite_abc123']) {
      const response = await fetch(`${runtime.url}/authed/mcp`, { method, headers: { Accept: ACCEPT, Authorization: `Bearer ${token}` } });
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toMatch(/^Bearer error="invalid_token", error_description="[^"]+", resource_metadata="/);
    }
  });

  it.each(['GET', 'DELETE'])('answers %s with a valid token with 405 and Allow (the server is stateless)', async (method) => {
    const response = await fetch(`${runtime.url}/authed/mcp`, { method, headers: { Accept: ACCEPT, Authorization: `Bearer ${accessToken}` } });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST, OPTIONS');
    expect(((await response.json()) as { jsonrpc: string }).jsonrpc).toBe('2.0');
  });

  it('leaves the public /mcp as it was: GET is 405 without credentials', async () => {
    const response = await fetch(`${runtime.url}/mcp`, { headers: { Accept: ACCEPT } });
    expect(response.status).toBe(405);
    expect(response.headers.get('www-authenticate')).toBeNull();
  });
});
