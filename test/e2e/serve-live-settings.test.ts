// `docsite serve` as an operator runs it: `docsite settings` changes a running server within the cache period, and the
// searches it answered are in `docsite analytics searches` once it has shut down (the last batch is flushed on SIGTERM).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { rpc } from '../helpers/mcp-rpc.js';
import { copyExample, startServe } from '../helpers/serve-process.js';

async function until(check: () => Promise<boolean>, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('docsite serve with stored settings and search counts', () => {
  it('turns MCP off and on while running, and counts searches flushed at shutdown', async () => {
    const site = copyExample();
    const dataDir = mkdtempSync(join(tmpdir(), 'docsite-live-'));
    writeFileSync(
      join(site, 'docsite.config.json'),
      JSON.stringify({ authentication: { provider: { type: 'local' }, session: { secret: { env: 'SESSION_SECRET' } } } }),
    );
    const state = ['--data-dir', dataDir];
    const server = await startServe(site, state, { SESSION_SECRET: 'test-session-secret-of-at-least-32-characters' });
    try {
      expect((await rpc(`${server.url}/mcp`, 'tools/list', {})).status).toBe(200);
      expect(runCli(['settings', 'mcp', 'off', site, ...state]).code).toBe(0);
      await until(async () => (await rpc(`${server.url}/mcp`, 'tools/list', {})).status === 404);
      expect(runCli(['settings', 'mcp', 'on', site, ...state]).code).toBe(0);
      await until(async () => (await rpc(`${server.url}/mcp`, 'tools/list', {})).status === 200);
      // Anonymous readers' searches: kept with their text; the last one finds nothing.
      for (const q of ['webhooks', 'webhooks', 'zzqx nothing'])
        expect((await fetch(`${server.url}/_docsite/search?q=${encodeURIComponent(q)}`)).status).toBe(200);
    } finally {
      expect(await server.stop()).toBe(0);
    }
    const report = JSON.parse(runCli(['analytics', 'searches', site, ...state, '--json']).stdout);
    expect(report.tools).toEqual([{ day: new Date().toISOString().slice(0, 10), tool: 'readerSearch', calls: 3, noResults: 1 }]);
    expect(report.top).toEqual([
      { query: 'webhooks', searches: 2, noResults: 0 },
      { query: 'zzqx nothing', searches: 1, noResults: 1 },
    ]);
  });
});
