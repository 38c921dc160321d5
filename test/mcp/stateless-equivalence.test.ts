// The fast path of /mcp (handleMcpPost behind the real createApp) against the SDK's own Server +
// stateless JSON-response transport (sdk-reference.ts): the same requests must get the same status,
// the same Content-Type, no session id, and byte-for-byte the same body. Every method, every error
// of the transport and of the protocol layer, batches, notifications and responses.
import { LATEST_PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleBundle, startRuntime, type TestRuntime } from '../helpers/runtime.js';
import { post, startSdkReference, type RawAnswer, type Reference } from './sdk-reference.js';

const SITE_URL = 'http://docs.acme.test';
const JSON_TYPE: [string, string] = ['Content-Type', 'application/json'];
const ACCEPT: [string, string] = ['Accept', 'application/json, text/event-stream'];
const STANDARD = [JSON_TYPE, ACCEPT];
const V = (version: string): [string, string] => ['Mcp-Protocol-Version', version];

let fast: TestRuntime;
let reference: Reference;

beforeAll(async () => {
  fast = await startRuntime({ siteUrl: SITE_URL });
  reference = await startSdkReference(await exampleBundle(), SITE_URL);
});
afterAll(async () => {
  await fast?.close();
  await reference?.close();
});

const rpc = (id: unknown, method: string, params?: unknown) => ({ jsonrpc: '2.0', id, method, ...(params !== undefined ? { params } : {}) });
const note = (method: string, params?: unknown) => ({ jsonrpc: '2.0', method, ...(params !== undefined ? { params } : {}) });
const init = (protocolVersion: unknown, id: unknown = 1) =>
  rpc(id, 'initialize', { protocolVersion, capabilities: {}, clientInfo: { name: 'test', version: '1.0.0' } });
const call = (name: string, args?: unknown, id: unknown = 7) => rpc(id, 'tools/call', { name, ...(args !== undefined ? { arguments: args } : {}) });

interface Case {
  name: string;
  headers?: [string, string][];
  /** JSON-serialised unless a string; `null` sends no body at all. */
  body: unknown;
  status: number;
  /** What the body must say, beyond being equal in both: a result key, or an error code. */
  expect?: { error?: number; result?: string; array?: number; message?: RegExp; isError?: boolean };
}

const CASES: Case[] = [
  // The transport's own checks, in its order.
  {
    name: 'Accept without text/event-stream',
    headers: [JSON_TYPE, ['Accept', 'application/json']],
    body: rpc(1, 'ping'),
    status: 406,
    expect: { error: -32000 },
  },
  {
    name: 'Accept without application/json',
    headers: [JSON_TYPE, ['Accept', 'text/event-stream']],
    body: rpc(1, 'ping'),
    status: 406,
    expect: { error: -32000 },
  },
  { name: 'no Accept header', headers: [JSON_TYPE], body: rpc(1, 'ping'), status: 406, expect: { error: -32000 } },
  {
    name: 'Accept listed twice, one type each',
    headers: [JSON_TYPE, ['Accept', 'application/json'], ['Accept', 'text/event-stream']],
    body: rpc(1, 'ping'),
    status: 200,
    expect: { result: '{}' },
  },
  { name: 'Content-Type text/plain', headers: [['Content-Type', 'text/plain'], ACCEPT], body: rpc(1, 'ping'), status: 415, expect: { error: -32000 } },
  { name: 'no Content-Type', headers: [ACCEPT], body: rpc(1, 'ping'), status: 415, expect: { error: -32000 } },
  {
    name: 'Content-Type naming JSON only in a parameter',
    headers: [['Content-Type', 'text/plain; a=application/json'], ACCEPT],
    body: rpc(1, 'ping'),
    status: 415,
  },
  { name: 'Content-Type with charset', headers: [['Content-Type', 'application/json; charset=utf-8'], ACCEPT], body: rpc(1, 'ping'), status: 200 },
  { name: 'Content-Type in capitals', headers: [['Content-Type', 'Application/JSON'], ACCEPT], body: rpc(1, 'ping'), status: 200 },
  { name: 'Content-Type sent twice', headers: [JSON_TYPE, ['Content-Type', 'text/plain'], ACCEPT], body: rpc(1, 'ping'), status: 415 },
  { name: 'no body at all', body: null, status: 400, expect: { error: -32700 } },
  { name: 'an empty body', body: '', status: 400, expect: { error: -32700 } },
  { name: 'a JSON value that is no message', body: { hello: 'world' }, status: 400, expect: { error: -32700 } },
  { name: 'a JSON array of a number', body: '[1]', status: 400, expect: { error: -32700 } },
  { name: 'jsonrpc 1.0', body: { ...rpc(1, 'ping'), jsonrpc: '1.0' }, status: 400, expect: { error: -32700 } },
  { name: 'a null id', body: rpc(null, 'ping'), status: 400, expect: { error: -32700 } },
  { name: 'a fractional id', body: rpc(1.5, 'ping'), status: 400, expect: { error: -32700 } },
  { name: 'an unknown member', body: { ...rpc(1, 'ping'), extra: true }, status: 400, expect: { error: -32700 } },
  { name: 'params that are no object', body: rpc(1, 'ping', [1, 2]), status: 400, expect: { error: -32700 } },
  { name: 'a batch over 100 messages', body: Array.from({ length: 101 }, (_, i) => rpc(i + 1, 'ping')), status: 400, expect: { error: -32600 } },
  { name: 'a batch with one invalid message', body: [rpc(1, 'ping'), { hello: 'world' }], status: 400, expect: { error: -32700 } },
  { name: 'initialize in a batch', body: [init('2025-03-26'), rpc(2, 'ping')], status: 400, expect: { error: -32600 } },
  {
    name: 'an unsupported Mcp-Protocol-Version',
    headers: [...STANDARD, V('1999-01-01')],
    body: rpc(1, 'ping'),
    status: 400,
    expect: { error: -32000, message: /Unsupported protocol version: 1999-01-01/ },
  },
  {
    name: 'an unsupported Mcp-Protocol-Version on a notification',
    headers: [...STANDARD, V('1999-01-01')],
    body: note('notifications/initialized'),
    status: 400,
  },
  {
    name: 'an unsupported Mcp-Protocol-Version on initialize (negotiation decides)',
    headers: [...STANDARD, V('1999-01-01')],
    body: init('2025-06-18'),
    status: 200,
    expect: { result: 'protocolVersion' },
  },
  {
    name: 'a malformed initialize with an unsupported Mcp-Protocol-Version',
    headers: [...STANDARD, V('1999-01-01')],
    body: rpc(1, 'initialize', {}),
    status: 400,
  },
  ...SUPPORTED_PROTOCOL_VERSIONS.map(
    (version): Case => ({
      name: `Mcp-Protocol-Version ${version}`,
      headers: [...STANDARD, V(version)],
      body: rpc(1, 'tools/list'),
      status: 200,
      expect: { result: 'tools' },
    }),
  ),

  // Notifications and responses: 202, no body.
  { name: 'notifications/initialized', body: note('notifications/initialized'), status: 202 },
  { name: 'notifications/cancelled', body: note('notifications/cancelled', { requestId: 3, reason: 'x' }), status: 202 },
  { name: 'an unknown notification', body: note('notifications/whatever', { a: 1 }), status: 202 },
  { name: 'a notification with invalid params', body: note('notifications/progress', { nope: true }), status: 202 },
  { name: 'a result response from the client', body: { jsonrpc: '2.0', id: 5, result: {} }, status: 202 },
  { name: 'an error response from the client', body: { jsonrpc: '2.0', id: 5, error: { code: -1, message: 'no' } }, status: 202 },
  { name: 'an empty batch', body: [], status: 202 },
  { name: 'a batch of notifications', body: [note('notifications/initialized'), note('notifications/cancelled', { requestId: 1 })], status: 202 },

  // initialize.
  ...['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05', '2024-10-07'].map(
    (version): Case => ({ name: `initialize ${version}`, body: init(version), status: 200, expect: { result: 'protocolVersion' } }),
  ),
  { name: 'initialize with an unknown version (answers the latest)', body: init('2099-01-01'), status: 200, expect: { result: LATEST_PROTOCOL_VERSION } },
  { name: 'initialize with a numeric version', body: init(20250618), status: 200, expect: { error: -32603 } },
  { name: 'initialize without params', body: rpc(1, 'initialize'), status: 200, expect: { error: -32603 } },
  {
    name: 'initialize without clientInfo',
    body: rpc(1, 'initialize', { protocolVersion: '2025-06-18', capabilities: {} }),
    status: 200,
    expect: { error: -32603 },
  },
  { name: 'initialize with a string id', body: init('2025-06-18', 'init-1'), status: 200 },
  {
    name: 'initialize asking for a task',
    body: rpc(1, 'initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' }, task: {} }),
    status: 200,
    expect: { error: -32603, message: /task/ },
  },

  // ping, tools/list.
  { name: 'ping', body: rpc(1, 'ping'), status: 200, expect: { result: '{}' } },
  { name: 'ping with id 0', body: rpc(0, 'ping'), status: 200 },
  { name: 'ping with a negative id', body: rpc(-4, 'ping'), status: 200 },
  { name: 'ping with _meta', body: rpc('p', 'ping', { _meta: { progressToken: 'x' } }), status: 200 },
  {
    name: 'ping with an invalid progress token (the message schema checks _meta)',
    body: rpc(1, 'ping', { _meta: { progressToken: {} } }),
    status: 400,
    expect: { error: -32700 },
  },
  { name: 'tools/list', body: rpc(2, 'tools/list'), status: 200, expect: { result: 'tools' } },
  { name: 'tools/list with a cursor', body: rpc(2, 'tools/list', { cursor: 'abc' }), status: 200 },
  { name: 'tools/list with an invalid cursor', body: rpc(2, 'tools/list', { cursor: 3 }), status: 200, expect: { error: -32603 } },

  // tools/call: search, filesystem, feedback, and what goes wrong.
  { name: 'search', body: call('search_acme', { query: 'webhooks' }), status: 200, expect: { result: 'content', isError: false } },
  {
    name: 'search with version, language and limit',
    body: call('search_acme', { query: 'invoice', version: 'v1', language: 'en', limit: 2 }),
    status: 200,
    expect: { isError: false },
  },
  { name: 'search with no results', body: call('search_acme', { query: 'zzzzqqq' }), status: 200, expect: { isError: false } },
  { name: 'search with an unknown version (tool error)', body: call('search_acme', { query: 'x', version: 'v9' }), status: 200, expect: { isError: true } },
  { name: 'search without arguments (tool error)', body: call('search_acme'), status: 200, expect: { isError: true } },
  { name: 'search with an extra argument (tool error)', body: call('search_acme', { query: 'x', page: 2 }), status: 200, expect: { isError: true } },
  { name: 'filesystem ls', body: call('query_docs_filesystem_acme', { command: 'ls /' }), status: 200, expect: { isError: false } },
  {
    name: 'filesystem grep -rn with a pipe',
    body: call('query_docs_filesystem_acme', { command: 'grep -rn webhook / | head -3' }),
    status: 200,
    expect: { isError: false },
  },
  { name: 'filesystem path escape', body: call('query_docs_filesystem_acme', { command: 'cat ../../etc/passwd' }), status: 200, expect: { isError: true } },
  { name: 'filesystem unknown command', body: call('query_docs_filesystem_acme', { command: 'rm -rf /' }), status: 200, expect: { isError: true } },
  {
    name: 'feedback on a page',
    body: call('submit_feedback', { path: '/quickstart', feedback: 'Step 3 is outdated.' }),
    status: 200,
    expect: { isError: false },
  },
  { name: 'feedback on an unknown page', body: call('submit_feedback', { path: '/nope', feedback: 'x' }), status: 200, expect: { isError: true } },
  { name: 'an unknown tool', body: call('delete_everything', {}), status: 200, expect: { error: -32602, message: /Unknown tool/ } },
  { name: 'tools/call without a name', body: rpc(7, 'tools/call', { arguments: {} }), status: 200, expect: { error: -32603 } },
  { name: 'tools/call without params', body: rpc(7, 'tools/call'), status: 200, expect: { error: -32603 } },
  { name: 'tools/call with arguments that are no object', body: call('search_acme', 'webhooks'), status: 200, expect: { error: -32603 } },
  {
    name: 'tools/call asking for a task',
    body: rpc(7, 'tools/call', { name: 'search_acme', arguments: { query: 'x' }, task: { ttl: 1000 } }),
    status: 200,
    expect: { error: -32603, message: /task creation/ },
  },
  {
    name: 'tools/call with an invalid task',
    body: rpc(7, 'tools/call', { name: 'search_acme', arguments: { query: 'x' }, task: 'soon' }),
    status: 200,
    expect: { error: -32603 },
  },
  {
    name: 'tools/call with _meta',
    body: rpc(7, 'tools/call', { name: 'search_acme', arguments: { query: 'refund' }, _meta: { progressToken: 1 } }),
    status: 200,
    expect: { isError: false },
  },

  // Resources.
  { name: 'resources/list', body: rpc(3, 'resources/list'), status: 200, expect: { result: 'resources' } },
  { name: 'resources/templates/list', body: rpc(3, 'resources/templates/list'), status: 200, expect: { result: 'resourceTemplates' } },
  { name: 'resources/read', body: rpc(3, 'resources/read', { uri: 'docsite://skills/acme-docs' }), status: 200, expect: { result: 'contents' } },
  { name: 'resources/read of an unknown skill', body: rpc(3, 'resources/read', { uri: 'docsite://skills/nope' }), status: 200, expect: { error: -32602 } },
  { name: 'resources/read of another scheme', body: rpc(3, 'resources/read', { uri: 'file:///etc/passwd' }), status: 200, expect: { error: -32602 } },
  { name: 'resources/read without a uri', body: rpc(3, 'resources/read', {}), status: 200, expect: { error: -32603 } },

  // Methods the server does not have.
  ...[
    'prompts/list',
    'prompts/get',
    'logging/setLevel',
    'completion/complete',
    'resources/subscribe',
    'tasks/get',
    'sampling/createMessage',
    'nonsense',
    '__proto__',
    'toString',
  ].map((method): Case => ({ name: `unknown method ${method}`, body: rpc(9, method), status: 200, expect: { error: -32601 } })),

  // Batches (2025-03-26): one answer per request, in order; notifications and responses get none.
  {
    name: 'a batch of requests',
    body: [rpc(1, 'ping'), rpc('b', 'tools/list'), call('search_acme', { query: 'refund' }, 3)],
    status: 200,
    expect: { array: 3 },
  },
  {
    name: 'a batch mixing errors and results',
    body: [rpc(1, 'nope'), rpc(2, 'resources/read', { uri: 'x' }), rpc(3, 'ping')],
    status: 200,
    expect: { array: 3 },
  },
  { name: 'a batch of one request and a notification', body: [rpc(1, 'ping'), note('notifications/initialized')], status: 200, expect: { result: '{}' } },
  { name: 'a batch with a client response', body: [{ jsonrpc: '2.0', id: 9, result: {} }, rpc(1, 'ping')], status: 200 },
  { name: 'a batch of one request', body: [rpc(1, 'ping')], status: 200 },
  { name: 'a batch reusing an id', body: [rpc(1, 'ping'), rpc(2, 'tools/list'), rpc(1, 'ping')], status: 200, expect: { array: 2 } },
  { name: 'a batch with ids 1 and "1"', body: [rpc(1, 'ping'), rpc('1', 'ping')], status: 200, expect: { array: 2 } },
];

function bodyOf(c: Case): string | undefined {
  if (c.body === null) return undefined;
  return typeof c.body === 'string' ? c.body : JSON.stringify(c.body);
}

/** The parts of an answer that must match: status, media type, session header, body. */
function comparable(answer: RawAnswer) {
  const type = answer.headers['content-type'];
  return {
    status: answer.status,
    contentType: typeof type === 'string' ? type.split(';')[0] : type,
    sessionId: answer.headers['mcp-session-id'],
    body: answer.text,
  };
}

describe('/mcp fast path vs the SDK Server + stateless transport', () => {
  it('covers every method the server answers', () => {
    const methods = new Set(
      CASES.map((c) => (Array.isArray(c.body) || typeof c.body !== 'object' || c.body === null ? undefined : (c.body as { method?: string }).method)),
    );
    for (const method of [
      'initialize',
      'ping',
      'tools/list',
      'tools/call',
      'resources/list',
      'resources/read',
      'resources/templates/list',
      'notifications/initialized',
    ])
      expect(methods).toContain(method);
  });

  it.each(CASES)('$name', async (c) => {
    const headers = c.headers ?? STANDARD;
    const body = bodyOf(c);
    const ours = comparable(await post(fast.url, headers, body));
    const sdk = comparable(await post(reference.url, headers, body));
    expect(ours).toEqual(sdk);
    expect(ours.status).toBe(c.status);
    expect(ours.sessionId).toBeUndefined();
    if (c.status === 202) expect(ours.body).toBe('');
    else expect(ours.contentType).toBe('application/json');
    if (!c.expect) return;
    const json = JSON.parse(ours.body) as any;
    if (c.expect.array !== undefined) expect(json).toHaveLength(c.expect.array);
    if (c.expect.error !== undefined) expect(json.error?.code).toBe(c.expect.error);
    if (c.expect.message) expect(json.error?.message).toMatch(c.expect.message);
    if (c.expect.result !== undefined) expect(JSON.stringify(json.result)).toContain(c.expect.result);
    if (c.expect.isError !== undefined) expect(json.result?.isError === true).toBe(c.expect.isError);
  });
});
