// SPEC.md 4.4: which MCP servers a site serves, with authentication off, on, and with the MCP switch off.
import { afterEach, describe, expect, it } from 'vitest';
import { localConfig, startAuthRuntime, type AuthRuntime } from '../helpers/auth-runtime.js';
import { rpc } from '../helpers/mcp-rpc.js';

let runtime: AuthRuntime | undefined;
afterEach(async () => {
  await runtime?.close();
  runtime = undefined;
});

const status = async (path: string) => (await fetch(`${runtime!.url}${path}`)).status;

describe('MCP availability', () => {
  it('without authentication: /mcp only, no OAuth endpoints, an API key still refused', async () => {
    runtime = await startAuthRuntime({});
    expect((await rpc(`${runtime.url}/mcp`, 'tools/list', {})).status).toBe(200);
    expect((await rpc(`${runtime.url}/authed/mcp`, 'tools/list', {})).status).toBe(404);
    for (const path of [
      '/.well-known/oauth-protected-resource/authed/mcp',
      '/.well-known/oauth-authorization-server/authed/mcp/oauth',
      '/_docsite/login',
      '/authed/mcp/server-card',
    ])
      expect(await status(path), path).toBe(404);
    const { key } = await runtime.store.createApiKey({ kind: 'admin' });
    expect((await rpc(`${runtime.url}/mcp`, 'tools/list', {}, key)).status).toBe(403);
    expect(await status('/quickstart')).toBe(200);
  });

  it('with authentication: both servers, both cards, the OAuth server', async () => {
    runtime = await startAuthRuntime();
    expect((await rpc(`${runtime.url}/mcp`, 'tools/list', {})).status).toBe(200);
    expect((await rpc(`${runtime.url}/authed/mcp`, 'tools/list', {})).status).toBe(401);
    expect(await status('/authed/mcp/server-card')).toBe(200);
    expect(await status('/.well-known/oauth-protected-resource/authed/mcp')).toBe(200);
  });

  it('with authentication and mcp.enabled false: no MCP server, no discovery, no OAuth server; sign-in still works', async () => {
    runtime = await startAuthRuntime(localConfig({ mcp: { enabled: false } }));
    expect((await rpc(`${runtime.url}/mcp`, 'tools/list', {})).status).toBe(404);
    expect((await rpc(`${runtime.url}/authed/mcp`, 'tools/list', {})).status).toBe(404);
    for (const path of [
      '/.well-known/mcp',
      '/.well-known/mcp/server-cards.json',
      '/.well-known/oauth-protected-resource/authed/mcp',
      '/.well-known/oauth-authorization-server/authed/mcp/oauth',
    ])
      expect(await status(path), path).toBe(404);
    expect(await status('/_docsite/login')).toBe(200);
    expect(await status('/quickstart')).toBe(404);
  });
});
