// `docsite serve` on the example site, driven by the MCP SDK's own client over Streamable HTTP.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyExample, startServe, type ServeProcess } from '../helpers/serve-process.js';

let site: string;
let dataDir: string;
let server: ServeProcess;
let client: Client;

async function connect(url: string): Promise<Client> {
  const next = new Client({ name: 'docsite-e2e', version: '1.0.0' });
  await next.connect(new StreamableHTTPClientTransport(new URL(url)));
  return next;
}

/** The text of a tool call's result, and whether it was an error. */
async function call(name: string, args: Record<string, unknown>): Promise<{ text: string; isError: boolean }> {
  const result = (await client.callTool({ name, arguments: args })) as { content: { type: string; text: string }[]; isError?: boolean };
  return { text: result.content.map((c) => c.text).join('\n'), isError: result.isError === true };
}

const fs = (command: string) => call('query_docs_filesystem_acme', { command });

beforeAll(async () => {
  site = copyExample();
  dataDir = mkdtempSync(join(tmpdir(), 'docsite-data-'));
  server = await startServe(site, ['--data-dir', dataDir]);
  client = await connect(server.mcpUrl);
}, 120_000);

afterAll(async () => {
  await client?.close();
  await server?.stop();
});

describe('docsite serve: the public MCP server', () => {
  it('prints the URL, the MCP URL and the project id', () => {
    expect(server.output()).toMatch(
      /docsite is serving Acme at http:\/\/127\.0\.0\.1:\d+\n\s+MCP server: http:\/\/127\.0\.0\.1:\d+\/mcp\n\s+Project id: acme\n/,
    );
  });

  it('initializes statelessly and names itself after the site', () => {
    expect(client.getServerVersion()?.name).toBe('Acme docs');
    expect(client.getServerCapabilities()).toMatchObject({ tools: {}, resources: {} });
  });

  it('lists exactly the tools of the server card', async () => {
    const { tools } = await client.listTools();
    const card = (await (await fetch(`${server.url}/.well-known/mcp/server-card.json`)).json()) as any;
    expect(tools).toEqual(card.tools);
    expect(tools.map((t) => t.name)).toEqual(['search_acme', 'query_docs_filesystem_acme', 'submit_feedback']);
    expect(tools[0]!.annotations).toEqual({ readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false });
  });

  it('searches public content with links to anchors, ranking title matches first', async () => {
    const { text, isError } = await call('search_acme', { query: 'webhooks' });
    expect(isError).toBe(false);
    const first = text.split('\n---\n')[0]!;
    expect(first).toMatch(/^## Webhooks/);
    expect(first).toContain(`${server.url}/guides/webhooks`);
    expect(text).toMatch(new RegExp(`${server.url}/guides/webhooks#[a-z0-9-]+`));
  });

  it('filters search by version and language, and honours limit', async () => {
    const v1 = await call('search_acme', { query: 'charges', version: 'v1' });
    expect(v1.text).toContain('/v1/charges');
    const v2 = await call('search_acme', { query: 'charges', version: 'v2' });
    expect(v2.text).not.toContain('/v1/charges');
    const es = await call('search_acme', { query: 'facturas', language: 'es' });
    expect(es.text).toContain('/es/');
    const limited = await call('search_acme', { query: 'invoice', limit: 2 });
    expect(limited.text.split('\n---\n')).toHaveLength(2);
  });

  it('never returns pages restricted to groups, or hidden and ignored pages', async () => {
    for (const query of ['SAML single sign-on', 'runbook', 'ledger']) {
      const { text } = await call('search_acme', { query });
      expect(text).not.toContain('/enterprise/sso');
      expect(text).not.toContain('/internal/runbook');
      expect(text).not.toContain('/drafts/');
    }
  });

  it('rejects bad arguments as a tool error the agent can read', async () => {
    const { text, isError } = await call('search_acme', { query: 'x', version: 'v9' });
    expect(isError).toBe(true);
    expect(text).toContain('version');
  });

  it('answers an unknown tool with a JSON-RPC error', async () => {
    await expect(client.callTool({ name: 'delete_everything', arguments: {} })).rejects.toThrow(/Unknown tool/);
  });

  it('reads the virtual filesystem: ls, cat, head of several files, grep -rn, find, tree, wc', async () => {
    expect((await fs('ls /')).text).toMatch(/quickstart\.mdx/);
    expect((await fs('cat /quickstart.mdx')).text).toContain('title: "Quickstart"');
    const head = (await fs('head -3 /quickstart.mdx /authentication.mdx')).text;
    expect(head).toContain('==> /quickstart.mdx <==');
    expect(head).toContain('==> /authentication.mdx <==');
    expect((await fs('grep -rn "Idempotency-Key" /api-reference')).text).toMatch(/^\/api-reference\/invoices\/create\.mdx:\d+:/m);
    expect((await fs('find / -name "*.yaml"')).text).toContain('/openapi/acme.yaml');
    expect((await fs('tree / -L 1')).text).toContain('guides');
    expect((await fs('wc -l /quickstart.mdx')).text).toMatch(/^\s*\d+ \/quickstart\.mdx/);
  });

  it('runs pipes and && chains in the filesystem tool', async () => {
    expect((await fs('grep -rl webhook / | sort | head -2')).text.trim().split('\n')).toHaveLength(2);
    const chained = (await fs('ls /guides && cat /guides/webhooks.mdx')).text;
    expect(chained).toContain('webhooks.mdx');
    expect(chained).toContain('title:');
  });

  it('keeps the filesystem inside its root and out of restricted pages', async () => {
    const escaped = await fs('cat ../../../etc/passwd');
    expect(escaped.isError).toBe(true);
    expect(escaped.text).not.toContain('root:');
    expect((await fs('cat /enterprise/sso.mdx')).isError).toBe(true);
    expect((await fs('grep -rl SAML /')).text).not.toContain('sso');
    expect((await fs('ls /drafts')).isError).toBe(true);
  });

  it('refuses unknown commands, listing what is supported', async () => {
    const { text, isError } = await fs('rm -rf /');
    expect(isError).toBe(true);
    expect(text).toMatch(/^rm: command not found/);
    expect(text).toContain('grep');
  });

  it('lists and reads the skills as resources', async () => {
    const { resources } = await client.listResources();
    expect(resources.map((r) => r.uri).sort()).toEqual(['docsite://skills/acme-docs', 'docsite://skills/acme-invoicing']);
    const read = await client.readResource({ uri: 'docsite://skills/acme-docs' });
    expect(read.contents[0]).toMatchObject({ uri: 'docsite://skills/acme-docs', mimeType: 'text/markdown' });
    expect(String((read.contents[0] as { text: string }).text)).toContain('name: acme-docs');
    await expect(client.readResource({ uri: 'docsite://skills/nope' })).rejects.toThrow(/not found/i);
  });

  it('records feedback on a known page, refuses an unknown page, and keeps it across a restart', async () => {
    const ok = await call('submit_feedback', { path: '/quickstart', feedback: 'Step 3 uses the old endpoint.' });
    expect(ok.isError).toBe(false);
    const unknown = await call('submit_feedback', { path: '/no/such/page', feedback: 'x' });
    expect(unknown.isError).toBe(true);
    const restricted = await call('submit_feedback', { path: '/enterprise/sso', feedback: 'x' });
    expect(restricted.isError).toBe(true);
    await client.close();
    await server.stop();
    server = await startServe(site, ['--data-dir', dataDir]);
    client = await connect(server.mcpUrl);
    const { openStore } = await import('../../src/store/index.js');
    const store = await openStore({ dataDir });
    const rows = await store.listFeedback({ projectId: 'acme', limit: 10 });
    await store.close();
    expect(rows.feedback.map((f: { path: string; comment: string; source: string }) => [f.path, f.comment, f.source])).toEqual([
      ['/quickstart', 'Step 3 uses the old endpoint.', 'agent'],
    ]);
  }, 120_000);
});
