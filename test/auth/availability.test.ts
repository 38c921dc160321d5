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

  it('with mcp.enabled false: every MCP path answers 404 with a JSON body saying MCP is off, not an HTML page', async () => {
    runtime = await startAuthRuntime(localConfig({ mcp: { enabled: false } }));
    const off = /MCP is off on this site/;
    for (const path of ['/mcp', '/authed/mcp', '/MCP']) {
      for (const method of ['POST', 'GET', 'DELETE']) {
        const answer = await fetch(`${runtime.url}${path}`, {
          method,
          headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
          ...(method === 'POST' ? { body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/list' }) } : {}),
        });
        expect(answer.status, `${method} ${path}`).toBe(404);
        expect(answer.headers.get('content-type'), `${method} ${path}`).toMatch(/^application\/json/);
        expect(await answer.json(), `${method} ${path}`).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32000, message: expect.stringMatching(off) } });
      }
    }
    for (const path of [
      '/mcp/server-card',
      '/authed/mcp/server-card',
      '/authed/mcp/oauth/token',
      '/authed/mcp/oauth/authorize?client_id=x',
      '/.well-known/mcp',
      '/.well-known/mcp.json',
      '/.well-known/mcp/server-card.json',
      '/.well-known/mcp/server-cards.json',
      '/.well-known/oauth-protected-resource/authed/mcp',
      '/.well-known/oauth-authorization-server/authed/mcp/oauth',
    ]) {
      const answer = await fetch(`${runtime.url}${path}`, { method: path.endsWith('/token') ? 'POST' : 'GET' });
      expect(answer.status, path).toBe(404);
      expect(answer.headers.get('content-type'), path).toMatch(/^application\/json/);
      expect(await answer.json(), path).toEqual({ error: expect.stringMatching(off) });
    }
  });
});
