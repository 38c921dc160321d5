// Client credentials (SPEC.md 5.5, 2.9): token by form or Basic, search on /authed/mcp, refresh, delete revokes at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type CreatedClientCredential } from '../../src/store/index.js';
import { startAuthRuntime, type AuthRuntime } from '../helpers/auth-runtime.js';
import { callTool, rpc } from '../helpers/mcp-rpc.js';

let runtime: AuthRuntime;
let credential: CreatedClientCredential;

async function token(fields: Record<string, string>, headers: Record<string, string> = {}) {
  const response = await fetch(`${runtime.url}/authed/mcp/oauth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, unknown> };
}

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;
const tools = (accessToken: string) => rpc(`${runtime.url}/authed/mcp`, 'tools/list', {}, accessToken);

beforeAll(async () => {
  runtime = await startAuthRuntime();
  credential = await runtime.store.createClientCredential({ label: 'CI checker' });
});
afterAll(() => runtime?.close());

describe('the client_credentials grant', () => {
  it('answers form client authentication with exactly the SPEC.md 2.9 token response', async () => {
    const answer = await token({ grant_type: 'client_credentials', client_id: credential.clientId, client_secret: credential.clientSecret });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.body).toEqual({
      access_token: expect.stringMatching(/^docsite_at_/),
      token_type: 'Bearer',
      expires_in: 1_209_600,
      refresh_token: expect.stringMatching(/^docsite_rt_/),
      scope: 'mcp:search',
    });
  });

  it('accepts HTTP Basic client authentication', async () => {
    const answer = await token({ grant_type: 'client_credentials' }, { Authorization: basic(credential.clientId, credential.clientSecret) });
    expect(answer.status).toBe(200);
    expect(answer.body.scope).toBe('mcp:search');
  });

  it('refuses a wrong secret (401 invalid_client, with a Basic challenge when Basic was used), other scopes, and two auth methods at once', async () => {
    const form = await token({ grant_type: 'client_credentials', client_id: credential.clientId, client_secret: 'docsite_cs_wrong' });
    expect([form.status, form.body.error]).toEqual([401, 'invalid_client']);
    const viaBasic = await token({ grant_type: 'client_credentials' }, { Authorization: basic(credential.clientId, 'wrong') });
    expect([viaBasic.status, viaBasic.body.error]).toEqual([401, 'invalid_client']);
    expect(viaBasic.headers.get('www-authenticate')).toBe('Basic realm="docsite"');
    const missingSecret = await token({ grant_type: 'client_credentials', client_id: credential.clientId });
    expect([missingSecret.status, missingSecret.body.error]).toEqual([401, 'invalid_client']);
    expect(
      (await token({ grant_type: 'client_credentials', client_id: credential.clientId, client_secret: credential.clientSecret, scope: 'admin' })).body.error,
    ).toBe('invalid_scope');
    const both = await token(
      { grant_type: 'client_credentials', client_secret: credential.clientSecret },
      { Authorization: basic(credential.clientId, credential.clientSecret) },
    );
    expect(both.body.error).toBe('invalid_request');
  });

  it('searches on /authed/mcp: public pages and login pages without groups', async () => {
    const { body } = await token({ grant_type: 'client_credentials', client_id: credential.clientId, client_secret: credential.clientSecret });
    const url = `${runtime.url}/authed/mcp`;
    const init = await rpc(
      url,
      'initialize',
      { protocolVersion: '2025-03-26', capabilities: {}, clientInfo: { name: 'ci', version: '1.0.0' } },
      body.access_token as string,
    );
    expect(init.status).toBe(200);
    expect(init.body.result.protocolVersion).toBe('2025-03-26');
    expect(await callTool(url, 'search_acme', { query: 'Before you begin' }, body.access_token as string)).toContain('/quickstart');
    expect(await callTool(url, 'search_acme', { query: 'deprovision' }, body.access_token as string)).not.toContain('/enterprise/sso');
  });

  it('refreshes with rotation, keeping the client credential lifetime', async () => {
    const first = await token({ grant_type: 'client_credentials', client_id: credential.clientId, client_secret: credential.clientSecret });
    const refreshed = await token(
      { grant_type: 'refresh_token', refresh_token: first.body.refresh_token as string },
      { Authorization: basic(credential.clientId, credential.clientSecret) },
    );
    expect(refreshed.status).toBe(200);
    expect(refreshed.body).toEqual({
      access_token: expect.any(String),
      token_type: 'Bearer',
      expires_in: 1_209_600,
      refresh_token: expect.any(String),
      scope: 'mcp:search',
    });
    expect(refreshed.body.refresh_token).not.toBe(first.body.refresh_token);
    expect((await tools(refreshed.body.access_token as string)).status).toBe(200);
  });
});

describe('deleting a credential', () => {
  it('revokes its access and refresh tokens at once', async () => {
    const doomed = await runtime.store.createClientCredential({ label: 'doomed' });
    const { body } = await token({ grant_type: 'client_credentials', client_id: doomed.clientId, client_secret: doomed.clientSecret });
    expect((await tools(body.access_token as string)).status).toBe(200);
    expect(await runtime.store.deleteClientCredential(doomed.clientId)).toBe(true);
    expect((await tools(body.access_token as string)).status).toBe(401);
    expect(
      (
        await token({
          grant_type: 'refresh_token',
          refresh_token: body.refresh_token as string,
          client_id: doomed.clientId,
          client_secret: doomed.clientSecret,
        })
      ).body.error,
    ).toBe('invalid_client');
    expect((await token({ grant_type: 'client_credentials', client_id: doomed.clientId, client_secret: doomed.clientSecret })).status).toBe(401);
  });

  it('takes effect at once when deleted through another store instance (another process, the CLI)', async () => {
    const doomed = await runtime.store.createClientCredential({ label: 'deleted elsewhere' });
    const { body } = await token({ grant_type: 'client_credentials', client_id: doomed.clientId, client_secret: doomed.clientSecret });
    expect((await tools(body.access_token as string)).status).toBe(200);
    const other = await openStore({ dataDir: runtime.dataDir });
    try {
      expect(await other.deleteClientCredential(doomed.clientId)).toBe(true);
    } finally {
      await other.close();
    }
    const answer = await tools(body.access_token as string);
    expect(answer.status).toBe(401);
    expect(answer.headers.get('www-authenticate')).toMatch(/error="invalid_token"/);
  });
});

describe('API keys at the MCP endpoints (SPEC.md 5.1)', () => {
  it.each(['admin', 'assistant'] as const)('refuses an %s key at /authed/mcp (401) and at /mcp (403)', async (kind) => {
    const { key } = await runtime.store.createApiKey({ kind, label: 'not for MCP' });
    const authed = await tools(key);
    expect(authed.status).toBe(401);
    expect(authed.headers.get('www-authenticate')).toMatch(/^Bearer error="invalid_token", error_description="API keys cannot authenticate to an MCP server/);
    const open = await rpc(`${runtime.url}/mcp`, 'tools/list', {}, key);
    expect(open.status).toBe(403);
    expect(open.body.error.message).toMatch(/API keys cannot authenticate to an MCP server/);
  });
});
