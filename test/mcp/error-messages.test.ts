// JSON-RPC errors of the MCP server name their code once: the wire message is plain, and the SDK
// client, which puts "MCP error <code>: " in front of what it receives, shows the code once.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StoreUnavailableError } from '../../src/store/index.js';
import { rpc } from '../helpers/mcp-rpc.js';
import { startRuntime, type TestRuntime } from '../helpers/runtime.js';

let runtime: TestRuntime;
let client: Client;

beforeAll(async () => {
  runtime = await startRuntime();
  // The database goes away: feedback is the one tool that writes.
  runtime.store.addFeedback = () => Promise.reject(new StoreUnavailableError());
  client = new Client({ name: 'errors', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${runtime.url}/mcp`)));
});
afterAll(async () => {
  await client?.close();
  await runtime?.close();
});

describe('MCP error messages', () => {
  it.each([
    [
      'tools/call',
      { name: 'delete_everything', arguments: {} },
      -32602,
      'Unknown tool: delete_everything. Tools: search_acme, query_docs_filesystem_acme, submit_feedback.',
    ],
    [
      'tools/call',
      { name: 'submit_feedback', arguments: { path: '/quickstart', feedback: 'Outdated.' } },
      -32603,
      "The feedback was not recorded: the documentation server's database is unavailable. Retry in a few seconds.",
    ],
  ])('%s %j: the wire message does not repeat the code', async (method, params, code, message) => {
    const { body } = await rpc(`${runtime.url}/mcp`, method, params);
    expect(body.error).toEqual({ code, message });
  });

  it('answers an unknown resource as invalid params naming its URI (SEP-2164)', async () => {
    const { body } = await rpc(`${runtime.url}/mcp`, 'resources/read', { uri: 'docsite://skills/nope' });
    expect(body.error).toEqual({ code: -32602, message: 'Resource not found: docsite://skills/nope', data: { uri: 'docsite://skills/nope' } });
  });

  it('reaches an SDK client with its code named once', async () => {
    const unknown = await client.readResource({ uri: 'docsite://skills/nope' }).catch((error: unknown) => error as Error);
    expect((unknown as Error).message).toBe('MCP error -32602: Resource not found: docsite://skills/nope');
    const tool = await client.callTool({ name: 'delete_everything', arguments: {} }).catch((error: unknown) => error as Error);
    expect((tool as Error).message).toMatch(/^MCP error -32602: Unknown tool: delete_everything\./);
  });
});
