// `docsite serve` with authentication and the MCP switch off: the banner names no MCP URL, and /mcp answers JSON.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_ENV } from '../helpers/auth-runtime.js';
import { copyExample, startServe, type ServeProcess } from '../helpers/serve-process.js';

let server: ServeProcess;

beforeAll(async () => {
  const site = copyExample();
  writeFileSync(
    join(site, 'docsite.config.json'),
    JSON.stringify({ authentication: { provider: { type: 'local' }, session: { secret: { env: 'SESSION_SECRET' } } }, mcp: { enabled: false } }),
  );
  server = await startServe(site, ['--data-dir', mkdtempSync(join(tmpdir(), 'docsite-data-'))], SESSION_ENV);
}, 120_000);
afterAll(() => server?.stop());

describe('docsite serve with mcp.enabled false', () => {
  it('prints that the MCP servers are off instead of their URLs', () => {
    const banner = server.output().slice(server.output().indexOf('docsite is serving'));
    expect(banner).toMatch(/docsite is serving Acme at http:\/\/127\.0\.0\.1:\d+\n\s+MCP servers: off \(the MCP switch is off\)\n\s+Project id: acme\n/);
    expect(banner).not.toMatch(/\/mcp\b/);
    expect(server.mcpUrl).toBe('');
  });

  it('answers POST /mcp with 404 and a JSON-RPC error saying MCP is off', async () => {
    const answer = await fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(answer.status).toBe(404);
    expect(await answer.json()).toMatchObject({ jsonrpc: '2.0', error: { message: expect.stringMatching(/MCP is off on this site/) } });
  });
});
