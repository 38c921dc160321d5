// The bad requests of the fuzz test, generated from a seed: each with the answer it must get.
import { Random } from '../../bench/random.js';
import type { RawAnswer, RawRequest } from '../helpers/raw-http.js';

/** One bad request: over HTTP (`request`) or as raw bytes on a socket (`bytes`), and what it must get. */
export interface BadInput {
  label: string;
  request?: RawRequest;
  bytes?: string;
  /** A problem with the answer, or undefined when it is right. */
  check(answer: RawAnswer): string | undefined;
}

/** What the fuzzed server offers: keys and tokens that let requests reach validation behind authentication. */
export interface FuzzTarget {
  assistantKey: string;
  adminKey: string;
  /** An OAuth access token of /authed/mcp. */
  accessToken: string;
  tools: { search: string; filesystem: string };
}

const MCP_HEADERS = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', 'Mcp-Protocol-Version': '2025-06-18' };
/** Contents no answer may ever show: a system file, the SQLite state, the runtime config, the package. */
const LEAKS = ['root:x:0:0', 'SQLite format 3', '"authentication"', '"devDependencies"'];

const isJson = (answer: RawAnswer): boolean => {
  try {
    JSON.parse(answer.body);
    return /json/.test(String(answer.headers['content-type']));
  } catch {
    return false;
  }
};

/** A 4xx (one of `statuses` when given) with a JSON body. */
function jsonClientError(...statuses: number[]): BadInput['check'] {
  return (answer) => {
    if (statuses.length > 0 ? !statuses.includes(answer.status) : answer.status < 400 || answer.status > 499)
      return `status ${answer.status}, expected ${statuses.join(' or ') || '4xx'}`;
    if (!isJson(answer)) return `4xx without a JSON body: ${answer.body.slice(0, 120)}`;
    return undefined;
  };
}

/** On MCP: a 4xx with a JSON-RPC error, or a 200 whose every response is a JSON-RPC error or a tool error. */
const rpcRefused: BadInput['check'] = (answer) => {
  if (!isJson(answer)) return `status ${answer.status} without a JSON body: ${answer.body.slice(0, 120)}`;
  const body = JSON.parse(answer.body) as unknown;
  if (answer.status >= 400 && answer.status < 500) return (body as { error?: unknown }).error ? undefined : 'a 4xx without a JSON-RPC error';
  if (answer.status !== 200) return `status ${answer.status}`;
  const responses = (Array.isArray(body) ? body : [body]) as { error?: unknown; result?: { isError?: boolean } }[];
  return responses.every((r) => r.error || r.result?.isError === true) ? undefined : `a 200 that accepted it: ${answer.body.slice(0, 160)}`;
};

/** Any 4xx whose body shows none of the protected contents (pages answer HTML or text). */
const refusedWithoutLeak: BadInput['check'] = (answer) => {
  const leak = LEAKS.find((text) => answer.body.includes(text));
  if (leak) return `status ${answer.status} showed "${leak}"`;
  return answer.status >= 400 && answer.status < 500 ? undefined : `status ${answer.status}, expected 4xx`;
};

/** Nothing leaked, and the status is not a server error (a tool answers 200 with its own error text). */
const noLeakNoCrash: BadInput['check'] = (answer) => {
  const leak = LEAKS.find((text) => answer.body.includes(text));
  if (leak) return `status ${answer.status} showed "${leak}"`;
  return answer.status >= 500 ? `status ${answer.status}` : undefined;
};

const ODD_STRINGS = [
  '\ud800',
  '\udfff\ud800',
  '\u0000',
  'a\u0000b',
  '\u202e\u2066evil\u2069',
  '\ufeff',
  '\uffff',
  '🧨'.repeat(3),
  '\u0085\u2028\u2029',
  'e\u0301\u0301\u0301',
];
const ODD_PATH_SEGMENTS = ['%ED%A0%80', '%C0%AE%C0%AE', '%00', '%E2%80%AE', '%FF%FE', '%F0%9F', '%25', '%u002e', '%c0%af'];
const TRAVERSALS = [
  '/../../../../etc/passwd',
  '/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
  '/%2E%2E%2F%2E%2E%2F%2E%2E%2Fetc%2Fpasswd',
  '/..%2f..%2f..%2f..%2fetc%2fpasswd',
  '/_docsite/..%2f..%2f..%2fpackage.json',
  '/_docsite/%2e%2e/%2e%2e/docsite.config.json',
  '/quickstart/..%2f..%2f..%2f..%2fetc%2fpasswd.md',
  '/..%5c..%5c..%5cetc%5cpasswd',
  '/%2e%2e%5c%2e%2e%5cetc%5cpasswd.md',
  '//etc/passwd',
  '/.docsite/docsite.db',
  '/_docsite/manifest.json',
  '/docsite.config.json',
  '/%252e%252e/%252e%252e/etc/passwd',
  '/guides/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd.md',
  '/....//....//etc/passwd',
];
const FILESYSTEM_TRAVERSALS = [
  'cat /../../../../etc/passwd',
  'cat ../../../etc/passwd',
  'ls /..',
  'cat /%2e%2e/%2e%2e/etc/passwd',
  'grep -r root /../../etc',
  'head -5 /quickstart.mdx/../../../../etc/passwd',
  'cat "/\u0000/etc/passwd"',
  'rg root:x /../..',
  'cat ~/../../etc/passwd',
  'cat $(echo /etc/passwd)',
  'cat /etc/passwd',
];

/** Every endpoint of the fuzzed server, by method and path. */
const ENDPOINTS: { method: string; path: string }[] = [
  { method: 'POST', path: '/mcp' },
  { method: 'POST', path: '/authed/mcp' },
  { method: 'POST', path: '/authed/mcp/oauth/token' },
  { method: 'POST', path: '/authed/mcp/oauth/register' },
  { method: 'POST', path: '/authed/mcp/oauth/revoke' },
  { method: 'GET', path: '/authed/mcp/oauth/authorize' },
  { method: 'GET', path: '/.well-known/oauth-authorization-server/authed/mcp/oauth' },
  { method: 'GET', path: '/.well-known/oauth-protected-resource/authed/mcp' },
  { method: 'POST', path: '/v1/assistant/acme/message' },
  { method: 'GET', path: '/v1/analytics/acme/feedback' },
  { method: 'GET', path: '/v1/analytics/acme/assistant' },
  { method: 'GET', path: '/v1/openapi.json' },
  { method: 'GET', path: '/.well-known/mcp' },
  { method: 'GET', path: '/.well-known/mcp/server-cards.json' },
  { method: 'GET', path: '/quickstart' },
  { method: 'GET', path: '/quickstart.md' },
  { method: 'GET', path: '/llms.txt' },
  { method: 'GET', path: '/_docsite/login' },
  { method: 'POST', path: '/_docsite/feedback' },
  { method: 'GET', path: '/healthz' },
];

function rpcBody(method: string, params: unknown, id: unknown = 1): string {
  return JSON.stringify({ jsonrpc: '2.0', id, method, params });
}

/** Malformed JSON-RPC: broken JSON, wrong envelope, wrong parameter types, odd Unicode in arguments. */
function malformedRpc(random: Random, target: FuzzTarget): string[] {
  const { search, filesystem } = target.tools;
  const wrong = (): unknown =>
    random.pick([null, 7, -1.5, true, [], {}, [1, [2]], { a: { b: 'c' } }, 'x'.repeat(random.int(0, 3000)), random.pick(ODD_STRINGS)]);
  const bodies = [
    '{"jsonrpc":"2.0","id":1,"method":"tools/call"',
    '{"jsonrpc":"2.0",,}',
    "{'jsonrpc':'2.0'}",
    '',
    'null',
    '[[]]',
    '"tools/list"',
    '12345678901234567890',
    '{"jsonrpc":"1.0","id":1,"method":"tools/list"}',
    '{"jsonrpc":"2.0","id":{"x":1},"method":"tools/list"}',
    '{"jsonrpc":"2.0","method":5,"id":1}',
    '{"__proto__":{"polluted":true},"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"__proto__":{"x":1}}}',
    '\u0000\u0001\u0002',
    rpcBody('tools/call', { name: wrong(), arguments: wrong() }),
    rpcBody('tools/call', { name: search, arguments: { query: wrong(), limit: wrong(), version: wrong() } }),
    rpcBody('tools/call', { name: filesystem, arguments: { command: wrong() } }),
    rpcBody('tools/call', { name: 'submit_feedback', arguments: { path: wrong(), feedback: wrong() } }),
    rpcBody('tools/call', { name: 'submit_feedback', arguments: { path: `/no-such-page/${random.pick(ODD_STRINGS)}`, feedback: random.pick(ODD_STRINGS) } }),
    rpcBody('tools/call', {
      name: 'submit_feedback',
      arguments: { path: '/quickstart', feedback: random.pick([' ', '\u2028\ufeff \t', '\n\n', 'a\u0000b', '\u0000']) },
    }),
    rpcBody('tools/call', { name: 'submit_feedback', arguments: { path: random.pick(TRAVERSALS), feedback: 'x' } }),
    rpcBody('resources/read', { uri: random.pick(['file:///etc/passwd', 'docsite://skills/../../etc/passwd', wrong()]) }),
    rpcBody(random.pick(ODD_STRINGS), wrong()),
    rpcBody('initialize', { protocolVersion: wrong(), capabilities: wrong(), clientInfo: wrong() }),
    JSON.stringify(
      Array.from({ length: random.int(2, 50) }, (_, i) => ({
        jsonrpc: '2.0',
        id: i,
        method: random.pick(['tools/call', 'nope', 'resources/read']),
        params: wrong(),
      })),
    ),
  ];
  return bodies;
}

/** JSON nested `depth` levels deep, as arrays or objects. */
function nested(depth: number, random: Random): string {
  return random.chance(0.5) ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

/** The fuzz cases for `seed`; the same seed gives the same requests. */
export function badInputs(seed: number, target: FuzzTarget): BadInput[] {
  const random = new Random(seed);
  const cases: BadInput[] = [];
  const mcpAuth = (path: string): Record<string, string> =>
    path === '/authed/mcp' ? { ...MCP_HEADERS, Authorization: `Bearer ${target.accessToken}` } : MCP_HEADERS;

  for (const path of ['/mcp', '/authed/mcp']) {
    for (const body of malformedRpc(random, target)) {
      cases.push({
        label: `malformed JSON-RPC to ${path}: ${body.slice(0, 60)}`,
        request: { method: 'POST', path, headers: mcpAuth(path), body },
        check: (answer) => rpcRefused(answer) ?? noLeakNoCrash(answer),
      });
    }
    // The filesystem tool is a sandbox over the docs: `..` of its root is its root, and nothing outside is reachable.
    for (const command of FILESYSTEM_TRAVERSALS) {
      cases.push({
        label: `filesystem \`${command}\` on ${path}`,
        request: { method: 'POST', path, headers: mcpAuth(path), body: rpcBody('tools/call', { name: target.tools.filesystem, arguments: { command } }) },
        check: noLeakNoCrash,
      });
    }
    cases.push({
      label: `empty batch to ${path}`,
      request: { method: 'POST', path, headers: mcpAuth(path), body: '[]' },
      check: (answer) => (answer.status === 202 && answer.body === '' ? undefined : `status ${answer.status}`),
    });
    const odd = ODD_STRINGS.slice(0, random.int(1, ODD_STRINGS.length)).join('');
    cases.push({
      label: `search for odd Unicode on ${path}`,
      request: { method: 'POST', path, headers: mcpAuth(path), body: rpcBody('tools/call', { name: target.tools.search, arguments: { query: odd } }) },
      check: (answer) => (answer.status === 200 && isJson(answer) ? undefined : `status ${answer.status}`),
    });
    const depth = random.int(5_000, 60_000);
    cases.push({
      label: `JSON ${depth} levels deep to ${path}`,
      request: { method: 'POST', path, headers: mcpAuth(path), body: nested(depth, random) },
      check: rpcRefused,
    });
    cases.push({
      label: `nested params ${depth} levels deep to ${path}`,
      request: {
        method: 'POST',
        path,
        headers: mcpAuth(path),
        body: `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"${target.tools.search}","arguments":{"query":${nested(depth, random)}}}}`,
      },
      check: rpcRefused,
    });
    cases.push({
      label: `huge body to ${path}`,
      request: { method: 'POST', path, headers: mcpAuth(path), body: `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"p":"${'x'.repeat(300 * 1024)}"}}` },
      check: jsonClientError(413),
    });
    cases.push({
      label: `huge chunked body to ${path}`,
      request: { method: 'POST', path, headers: mcpAuth(path), body: 'x'.repeat(4 * 1024 * 1024), chunked: true },
      check: jsonClientError(413),
    });
    cases.push({
      label: `unsupported charset to ${path}`,
      request: { method: 'POST', path, headers: { ...mcpAuth(path), 'Content-Type': 'application/json; charset=latin1' }, body: rpcBody('ping', {}) },
      check: jsonClientError(415),
    });
    cases.push({
      label: `unknown content encoding to ${path}`,
      request: { method: 'POST', path, headers: { ...mcpAuth(path), 'Content-Encoding': 'br, zz' }, body: rpcBody('ping', {}) },
      check: jsonClientError(415),
    });
    cases.push({
      label: `gzip bomb header with a plain body to ${path}`,
      request: { method: 'POST', path, headers: { ...mcpAuth(path), 'Content-Encoding': 'gzip' }, body: rpcBody('ping', {}) },
      check: jsonClientError(400),
    });
  }

  // The REST API: wrong types and broken JSON with a valid key (nothing may be recorded), huge and deep bodies.
  const assistant = { 'Content-Type': 'application/json', Authorization: `Bearer ${target.assistantKey}` };
  const wrongMessages = [
    '{"query":',
    'null',
    '[]',
    '"a question"',
    JSON.stringify({ query: random.pick([null, 5, [], {}, true]) }),
    JSON.stringify({ query: '' }),
    JSON.stringify({ query: ' \u2028\ufeff ' }),
    JSON.stringify({ query: 'webhooks\u0000' }),
    JSON.stringify({ query: 'ok', pageUrl: random.pick([5, [], {}, true]) }),
    JSON.stringify({ query: 'ok', pagePath: random.pick([5, [], {}, true]) }),
    JSON.stringify({ question: 'wrong field' }),
    JSON.stringify({ query: { __proto__: { admin: true } } }),
  ];
  for (const body of wrongMessages)
    cases.push({
      label: `assistant message ${body.slice(0, 60)}`,
      request: { method: 'POST', path: '/v1/assistant/acme/message', headers: assistant, body },
      check: jsonClientError(400),
    });
  const depth = random.int(1_000, 5_000);
  cases.push({
    label: `assistant message ${depth} levels deep`,
    request: { method: 'POST', path: '/v1/assistant/acme/message', headers: assistant, body: nested(depth, random) },
    check: jsonClientError(400, 413),
  });
  cases.push({
    label: 'assistant message of 64 KB',
    request: { method: 'POST', path: '/v1/assistant/acme/message', headers: assistant, body: JSON.stringify({ query: 'q'.repeat(64 * 1024) }) },
    check: jsonClientError(413),
  });
  cases.push({
    label: 'assistant message not JSON',
    request: { method: 'POST', path: '/v1/assistant/acme/message', headers: { ...assistant, 'Content-Type': 'text/plain' }, body: 'hello' },
    check: jsonClientError(415),
  });
  for (const token of ['', 'Bearer', 'Bearer docsite_x', `Bearer ${target.adminKey}x`, `Basic ${'A'.repeat(4000)}`, `Bearer ${'z'.repeat(6000)}`]) {
    cases.push({
      label: `analytics with Authorization "${token.slice(0, 30)}"`,
      request: { method: 'GET', path: '/v1/analytics/acme/feedback', headers: { Authorization: token } },
      check: jsonClientError(401),
    });
  }
  const analytics = { Authorization: `Bearer ${target.adminKey}` };
  for (const query of [
    'limit=-1',
    'limit=1e400',
    'limit=abc',
    `cursor=${'%FF'.repeat(30)}`,
    `cursor=${encodeURIComponent(random.pick(ODD_STRINGS.slice(2)))}`,
    'from=not-a-date',
    'limit=1&limit=2',
    `status=${'x'.repeat(2000)}`,
    'source=%00',
  ]) {
    cases.push({
      label: `analytics export ?${query.slice(0, 40)}`,
      request: { method: 'GET', path: `/v1/analytics/acme/assistant?${query}`, headers: analytics },
      check: jsonClientError(400),
    });
  }

  // OAuth endpoints: broken forms and JSON, huge bodies. None may register a client or issue a token.
  for (const body of [
    'grant_type=client_credentials&client_id=%FF%FE&client_secret=x',
    `grant_type=authorization_code&code=%00&code_verifier=${'v'.repeat(200)}`,
    `grant_type=${random.pick(ODD_STRINGS)}`,
    'a=1&'.repeat(100),
    '%%%',
  ]) {
    cases.push({
      label: `token ${body.slice(0, 50)}`,
      request: { method: 'POST', path: '/authed/mcp/oauth/token', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body },
      check: jsonClientError(),
    });
  }
  cases.push({
    label: 'token form of 64 KB',
    request: {
      method: 'POST',
      path: '/authed/mcp/oauth/token',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `grant_type=${'g'.repeat(64 * 1024)}`,
    },
    check: jsonClientError(413),
  });
  for (const body of [
    '{',
    'null',
    '[]',
    JSON.stringify({ redirect_uris: 'not-a-list' }),
    JSON.stringify({ redirect_uris: ['javascript:alert(1)'] }),
    JSON.stringify({ redirect_uris: [`https://evil.test/\u0000`] }),
    JSON.stringify({ redirect_uris: [random.pick(ODD_STRINGS)] }),
    nested(random.int(1_000, 4_000), random),
  ]) {
    cases.push({
      label: `register ${body.slice(0, 50)}`,
      request: { method: 'POST', path: '/authed/mcp/oauth/register', headers: { 'Content-Type': 'application/json' }, body },
      check: jsonClientError(),
    });
  }
  cases.push({
    label: 'register body of 64 KB',
    request: {
      method: 'POST',
      path: '/authed/mcp/oauth/register',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ redirect_uris: ['x'.repeat(64 * 1024)] }),
    },
    check: jsonClientError(413),
  });
  cases.push({
    label: 'revoke without a token',
    request: { method: 'POST', path: '/authed/mcp/oauth/revoke', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: '%%%' },
    check: (answer) => (answer.status >= 500 ? `status ${answer.status}` : undefined),
  });

  // Path traversal on pages, `.md` paths and static files.
  for (const path of TRAVERSALS)
    cases.push({
      label: `traversal ${path}`,
      request: { method: 'GET', path, headers: { Accept: random.pick(['text/html', 'text/markdown', '*/*']) } },
      check: refusedWithoutLeak,
    });

  // The page feedback widget's endpoint: wrong types, odd strings, a page that is not there; nothing recorded.
  const feedback = { 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'same-origin' };
  const wrongFeedback = [
    JSON.stringify({ path: random.pick([5, [], {}, null, 'quickstart']), helpful: true }),
    JSON.stringify({ path: '/quickstart', helpful: random.pick(['yes', 1, null, []]) }),
    JSON.stringify({ path: '/quickstart', helpful: false, comment: random.pick([7, {}, ['x'], 'x'.repeat(2001), 'a\u0000b']) }),
    JSON.stringify({ path: `/no-such-page/${random.pick(ODD_STRINGS)}`, helpful: false, comment: random.pick(ODD_STRINGS) }),
    JSON.stringify({ path: `/quickstart/${random.pick(TRAVERSALS)}`, helpful: true }),
    JSON.stringify({ __proto__: { path: '/quickstart', helpful: true } }),
    nested(random.int(1_000, 5_000), random),
  ];
  for (const body of wrongFeedback)
    cases.push({
      label: `page feedback ${body.slice(0, 60)}`,
      request: { method: 'POST', path: '/_docsite/feedback', headers: feedback, body },
      check: jsonClientError(400, 404, 413),
    });

  // Every endpoint: odd Unicode in the path, oversized URLs and headers.
  for (const endpoint of ENDPOINTS) {
    const odd = `${endpoint.path}/${random.pick(ODD_PATH_SEGMENTS)}${random.pick(ODD_PATH_SEGMENTS)}`;
    cases.push({
      label: `odd path ${odd}`,
      request: { method: endpoint.method, path: odd, headers: MCP_HEADERS, body: endpoint.method === 'POST' ? '{}' : undefined },
      check: (answer) => (answer.status >= 400 && answer.status < 500 ? undefined : `status ${answer.status}`),
    });
    const query = Array.from({ length: 700 }, (_, i) => `p${i}=${'v'.repeat(10)}`).join('&');
    cases.push({
      label: `URL of ${query.length} characters to ${endpoint.path}`,
      request: { method: endpoint.method, path: `${endpoint.path}?${query}`, headers: MCP_HEADERS },
      check: jsonClientError(414),
    });
    cases.push({
      label: `URL of 40,000 characters to ${endpoint.path}`,
      request: { method: endpoint.method, path: `${endpoint.path}?q=${'a'.repeat(40_000)}` },
      check: jsonClientError(431),
    });
    cases.push({
      label: `header of 32 KB to ${endpoint.path}`,
      request: { method: endpoint.method, path: endpoint.path, headers: { 'X-Big': 'b'.repeat(32 * 1024) } },
      check: jsonClientError(431),
    });
    for (const injected of [
      'X-Request-Id: a\rInjected: 1',
      'X-Request-Id: a\nInjected: 1',
      'X-Request-Id: a\r\n Injected: 1',
      'Host: 127.0.0.1\u0000evil',
      'X-Test: a\u0000b',
      'Bad Name: 1',
    ]) {
      cases.push({
        label: `header injection ${JSON.stringify(injected)} to ${endpoint.path}`,
        bytes: `${endpoint.method} ${endpoint.path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${injected}\r\nContent-Length: 0\r\n\r\n`,
        check: (answer) => (answer.headers.injected ? 'the injected header came back' : jsonClientError(400)(answer)),
      });
    }
    cases.push({
      label: `CR in the request line to ${endpoint.path}`,
      bytes: `${endpoint.method} ${endpoint.path}\r/x HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`,
      check: jsonClientError(400),
    });
    cases.push({
      label: `odd request id to ${endpoint.path}`,
      request: {
        method: endpoint.method,
        path: endpoint.path,
        headers: { 'X-Request-Id': `${random.pick(['a b', '"><script>', 'x'.repeat(300), 'a;b', 'é'])}` },
      },
      check: (answer) => (/^[0-9a-f-]{36}$/.test(String(answer.headers['x-request-id'])) ? undefined : `request id kept: ${answer.headers['x-request-id']}`),
    });
  }
  return cases;
}
