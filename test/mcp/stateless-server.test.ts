// handleMcpPost on its own (no HTTP), its isolation between concurrent requests, and the rule that
// src/mcp stays free of express. Equivalence with the SDK is stateless-equivalence.test.ts.
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoadedBundle } from '../../src/bundle/index.js';
import { createToolset, handleMcpPost, type McpContext, type McpPost, type Toolset } from '../../src/mcp/index.js';
import { createFilesystems } from '../../src/runtime/filesystems.js';
import { readerView } from '../../src/runtime/reader-view.js';
import { ANONYMOUS } from '../../src/site/index.js';
import { exampleBundle, startRuntime, type TestRuntime } from '../helpers/runtime.js';

const SRC_MCP = join(import.meta.dirname, '..', '..', 'src', 'mcp');

let bundle: LoadedBundle;
let toolset: Toolset;
let context: McpContext;
const feedback: { path: string; comment: string }[] = [];

beforeAll(async () => {
  bundle = await exampleBundle();
  toolset = createToolset(bundle.manifest);
  context = {
    bundle,
    principal: ANONYMOUS,
    authentication: false,
    siteUrl: 'https://docs.acme.test',
    filesystem: createFilesystems(bundle, false).forRequest(readerView(ANONYMOUS, false)),
    feedback: async (entry) => void feedback.push(entry),
  };
});

const headers = { accept: 'application/json, text/event-stream', contentType: 'application/json', protocolVersion: undefined };
const postOf = (body: unknown, extra: Partial<McpPost> = {}): McpPost => ({ ...headers, body, ...extra });
const rpc = (id: number | string, method: string, params?: unknown) => ({ jsonrpc: '2.0', id, method, ...(params !== undefined ? { params } : {}) });

describe('handleMcpPost', () => {
  it('answers initialize with the negotiated version, the capabilities and the site', async () => {
    const answer = await handleMcpPost(
      toolset,
      postOf(rpc(1, 'initialize', { protocolVersion: '2025-03-26', capabilities: {}, clientInfo: { name: 't', version: '1' } })),
      context,
    );
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body!)).toEqual({
      result: {
        protocolVersion: '2025-03-26',
        capabilities: { tools: {}, resources: {} },
        serverInfo: { name: 'Acme docs', version: expect.any(String) },
        instructions: expect.stringContaining('search_acme'),
      },
      jsonrpc: '2.0',
      id: 1,
    });
    const newer = await handleMcpPost(
      toolset,
      postOf(rpc(1, 'initialize', { protocolVersion: '2030-01-01', capabilities: {}, clientInfo: { name: 't', version: '1' } })),
      context,
    );
    expect(JSON.parse(newer.body!).result.protocolVersion).toBe(LATEST_PROTOCOL_VERSION);
  });

  it('checks Accept, then Content-Type, then the body, then the protocol version header', async () => {
    const bad = { accept: 'application/json', contentType: 'text/plain', protocolVersion: '1.0' };
    expect((await handleMcpPost(toolset, postOf({}, bad), context)).status).toBe(406);
    expect((await handleMcpPost(toolset, postOf({}, { ...bad, accept: headers.accept }), context)).status).toBe(415);
    expect((await handleMcpPost(toolset, postOf({}, { protocolVersion: '1.0' }), context)).status).toBe(400);
    const version = await handleMcpPost(toolset, postOf(rpc(1, 'ping'), { protocolVersion: '1.0' }), context);
    expect(version.status).toBe(400);
    expect(JSON.parse(version.body!).error.message).toMatch(/Unsupported protocol version: 1\.0/);
  });

  it('answers notifications and client responses with 202 and no body', async () => {
    for (const body of [{ jsonrpc: '2.0', method: 'notifications/initialized' }, { jsonrpc: '2.0', id: 3, result: {} }, []]) {
      expect(await handleMcpPost(toolset, postOf(body), context)).toEqual({ status: 202 });
    }
  });

  it('runs the tools: search, the filesystem, feedback', async () => {
    const call = async (name: string, args: unknown) =>
      JSON.parse((await handleMcpPost(toolset, postOf(rpc(1, 'tools/call', { name, arguments: args })), context)).body!).result;
    expect((await call('search_acme', { query: 'webhooks' })).content[0].text).toContain('https://docs.acme.test/guides/webhooks');
    expect((await call('query_docs_filesystem_acme', { command: 'ls /guides' })).content[0].text).toContain('webhooks.mdx');
    expect(await call('submit_feedback', { path: '/quickstart', feedback: ' Typo in step 2. ' })).not.toHaveProperty('isError');
    expect(feedback).toContainEqual({ path: '/quickstart', comment: 'Typo in step 2.' });
  });

  it('links search results to the site URL of each request, also when the index answers a repeated search from memory', async () => {
    const search = async (siteUrl: string) =>
      JSON.parse(
        (await handleMcpPost(toolset, postOf(rpc(1, 'tools/call', { name: 'search_acme', arguments: { query: 'rotate api keys' } })), { ...context, siteUrl }))
          .body!,
      ).result.content[0].text as string;
    const first = await search('https://docs.acme.test');
    expect(first).toContain('https://docs.acme.test/');
    const other = await search('http://127.0.0.1:4000');
    expect(other).toContain('http://127.0.0.1:4000/');
    expect(other).not.toContain('https://docs.acme.test');
    expect(await search('https://docs.acme.test')).toBe(first);
  });

  it('answers a batch in request order, one answer per request', async () => {
    const answer = await handleMcpPost(
      toolset,
      postOf([rpc('a', 'ping'), { jsonrpc: '2.0', method: 'notifications/initialized' }, rpc('b', 'nope'), rpc('c', 'resources/templates/list')]),
      context,
    );
    expect(JSON.parse(answer.body!)).toEqual([
      { result: {}, jsonrpc: '2.0', id: 'a' },
      { jsonrpc: '2.0', id: 'b', error: { code: -32601, message: 'Method not found' } },
      { result: { resourceTemplates: [] }, jsonrpc: '2.0', id: 'c' },
    ]);
  });
});

describe('/mcp under concurrent requests', () => {
  let runtime: TestRuntime;
  beforeAll(async () => {
    runtime = await startRuntime();
  });
  afterAll(() => runtime?.close());

  it('keeps requests apart: 60 concurrent calls with the same id each get their own answer', async () => {
    const queries = Array.from({ length: 60 }, (_, i) => `zqx${i}nothing`);
    const answers = await Promise.all(
      queries.map(async (query) => {
        const response = await fetch(`${runtime.url}/mcp`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', 'Mcp-Protocol-Version': '2025-06-18' },
          body: JSON.stringify(rpc(1, 'tools/call', { name: 'search_acme', arguments: { query } })),
        });
        expect(response.headers.get('mcp-session-id')).toBeNull();
        return (await response.json()) as { id: number; result: { content: { text: string }[] } };
      }),
    );
    answers.forEach((answer, i) => {
      expect(answer.id).toBe(1);
      expect(answer.result.content[0]!.text).toContain(`"${queries[i]}"`);
    });
  });
});

describe('src/mcp', () => {
  it('does not import express: the protocol and the tools are plain functions', () => {
    for (const file of readdirSync(SRC_MCP).filter((name) => name.endsWith('.ts'))) {
      expect(readFileSync(join(SRC_MCP, file), 'utf8'), file).not.toMatch(/from ['"]express['"]|from ['"]\.\.\/runtime\//);
    }
  });
});
