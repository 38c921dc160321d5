// `docsite serve` on PostgreSQL while the database goes away and comes back: reads keep working,
// writes fail with a clear 503 (a JSON-RPC error on MCP) and leave nothing behind, and the process
// recovers by itself. The server is the test's own cluster, stopped and started for real.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { describeWhenReachable } from '../helpers/services.js';
import { ownPostgresUnavailable, startOwnPostgres, type OwnPostgres } from '../helpers/own-postgres.js';
import { copyExample, startServe, type ServeProcess } from '../helpers/serve-process.js';

const unavailable = ownPostgresUnavailable();

async function rowCounts(url: string): Promise<{ conversations: number; feedback: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ conversations: string; feedback: string }>(
      'SELECT (SELECT count(*) FROM conversations) AS conversations, (SELECT count(*) FROM feedback) AS feedback',
    );
    return { conversations: Number(rows[0]!.conversations), feedback: Number(rows[0]!.feedback) };
  } finally {
    await client.end();
  }
}

function outageSuite(): void {
  let database: OwnPostgres;
  let server: ServeProcess;
  let client: Client;
  let adminKey: string;
  let assistantKey: string;

  const call = async (name: string, args: Record<string, unknown>): Promise<string> => {
    const result = (await client.callTool({ name, arguments: args })) as { content: { text: string }[]; isError?: boolean };
    if (result.isError) throw new Error(`${name} failed: ${result.content[0]?.text}`);
    return result.content.map((c) => c.text).join('\n');
  };
  const ask = (): Promise<Response> =>
    fetch(`${server.url}/v1/assistant/acme/message`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${assistantKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ query: 'How do I verify webhook signatures?' }),
    });
  const exportFeedback = (): Promise<Response> => fetch(`${server.url}/v1/analytics/acme/feedback`, { headers: { Authorization: `Bearer ${adminKey}` } });
  const feedback = (): Promise<string> => call('submit_feedback', { path: '/quickstart', feedback: 'The install step is outdated.' });

  /** Every read path a reader or an agent uses, none of which needs the database. */
  const readsWork = async (): Promise<void> => {
    for (const path of ['/quickstart', '/quickstart.md', '/llms.txt', '/.well-known/mcp', '/mcp/server-card', '/healthz']) {
      expect((await fetch(`${server.url}${path}`)).status, path).toBe(200);
    }
    expect(await call('search_acme', { query: 'webhooks' })).toContain('/guides/webhooks');
    expect(await call('query_docs_filesystem_acme', { command: 'head -3 /quickstart.mdx' })).not.toBe('');
  };

  beforeAll(async () => {
    database = await startOwnPostgres();
    const state = ['--database-url', database.url];
    adminKey = JSON.parse(runCli(['keys', 'create', '--kind', 'admin', '--json', ...state]).stdout).key as string;
    assistantKey = JSON.parse(runCli(['keys', 'create', '--kind', 'assistant', '--json', ...state]).stdout).key as string;
    server = await startServe(copyExample(), state);
    client = new Client({ name: 'docsite-outage-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(server.mcpUrl)));
  }, 120_000);
  afterAll(async () => {
    await client?.close();
    await server?.stop();
    await database?.dispose();
  });

  it('serves reads, refuses writes with 503 and writes nothing while PostgreSQL is down, then recovers without a restart', async () => {
    expect((await ask()).status).toBe(200);
    await feedback();
    const before = await rowCounts(database.url);
    expect(before).toEqual({ conversations: 1, feedback: 1 });

    await database.stop();
    await readsWork();

    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'unavailable', checks: { bundle: 'ok', store: 'The database is unavailable', rateLimiter: 'ok' } });

    for (const refused of [await ask(), await exportFeedback()]) {
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('5');
      expect(await refused.json()).toEqual({ error: 'The service is temporarily unavailable; retry shortly.' });
      const line = server
        .output()
        .split('\n')
        .find((l) => l.includes(`"requestId":"${refused.headers.get('x-request-id')}"`) && l.includes('"request failed"'));
      expect(line, 'the failure is logged under its request id').toBeDefined();
    }
    await expect(feedback()).rejects.toThrow(/feedback was not recorded: the documentation server's database is unavailable/);
    expect(server.output()).not.toContain(adminKey);
    expect(server.output()).not.toContain(assistantKey);

    await database.start();
    const deadline = Date.now() + 15_000;
    while ((await fetch(`${server.url}/readyz`)).status !== 200) {
      if (Date.now() > deadline) throw new Error('/readyz did not recover');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await readsWork();
    expect((await ask()).status).toBe(200);
    await feedback();
    expect((await exportFeedback()).status).toBe(200);
    // One more of each: the refused writes left nothing behind.
    expect(await rowCounts(database.url)).toEqual({ conversations: 2, feedback: 2 });
  }, 120_000);
}

describeWhenReachable('docsite serve through a PostgreSQL outage', unavailable, outageSuite);
