// /mcp at the HTTP level: methods, protocol versions, DNS-rebinding defence, CORS, bad bodies.
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRuntime, type TestRuntime } from '../helpers/runtime.js';

let runtime: TestRuntime;
const ACCEPT = 'application/json, text/event-stream';

beforeAll(async () => {
  runtime = await startRuntime();
});
afterAll(() => runtime?.close());

function initialize(protocolVersion: string, id = 1) {
  return { jsonrpc: '2.0', id, method: 'initialize', params: { protocolVersion, capabilities: {}, clientInfo: { name: 'test', version: '1.0.0' } } };
}

function post(body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${runtime.url}/mcp`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: ACCEPT, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** A raw request, so the Host header can be set (fetch does not allow it). */
function rawPost(host: string, body: unknown): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const url = new URL(`${runtime.url}/mcp`);
    const req = httpRequest(
      { host: url.hostname, port: url.port, path: '/mcp', method: 'POST', headers: { Host: host, 'Content-Type': 'application/json', Accept: ACCEPT } },
      (res) => {
        let data = '';
        res.on('data', (chunk) => (data += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, body: data }));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

describe('/mcp over HTTP', () => {
  it.each(['2025-03-26', '2025-06-18', '2025-11-25'])('initializes with protocol version %s, without a session id', async (version) => {
    const response = await post(initialize(version));
    expect(response.status).toBe(200);
    expect(response.headers.get('mcp-session-id')).toBeNull();
    const body = (await response.json()) as any;
    expect(body.result.protocolVersion).toBe(version);
    expect(body.result.serverInfo.name).toBe('Acme docs');
  });

  it('answers GET and DELETE with 405', async () => {
    for (const method of ['GET', 'DELETE']) {
      const response = await fetch(`${runtime.url}/mcp`, { method, headers: { Accept: ACCEPT } });
      expect(response.status, method).toBe(405);
      expect(response.headers.get('allow')).toBe('POST, OPTIONS');
      expect(((await response.json()) as any).jsonrpc).toBe('2.0');
    }
  });

  it('refuses a foreign Origin and a foreign Host with 403 (DNS rebinding)', async () => {
    const origin = await post(initialize('2025-06-18'), { Origin: 'https://evil.example' });
    expect(origin.status).toBe(403);
    expect(((await origin.json()) as any).error.message).toMatch(/Origin/);
    expect((await post(initialize('2025-06-18'), { Origin: 'http://localhost:5173' })).status).toBe(200);
    const host = await rawPost('evil.example', initialize('2025-06-18'));
    expect(host.status).toBe(403);
    expect((await rawPost('localhost:1234', initialize('2025-06-18'))).status).toBe(200);
  });

  it('answers CORS preflights for allowed origins only', async () => {
    const allowed = await fetch(`${runtime.url}/mcp`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://127.0.0.1:6274', 'Access-Control-Request-Method': 'POST' },
    });
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:6274');
    expect(allowed.headers.get('access-control-allow-headers')).toContain('Mcp-Protocol-Version');
    expect(allowed.headers.get('access-control-expose-headers')).toContain('WWW-Authenticate');
    const refused = await fetch(`${runtime.url}/mcp`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST' },
    });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('requires the Accept header of Streamable HTTP', async () => {
    expect((await post(initialize('2025-06-18'), { Accept: 'application/json' })).status).toBe(406);
  });

  it('answers malformed JSON, invalid JSON-RPC and huge bodies with JSON-RPC errors', async () => {
    const malformed = await post('{"jsonrpc": "2.0",');
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as any).error.code).toBe(-32700);
    const invalid = await post({ hello: 'world' });
    expect(invalid.status).toBe(400);
    expect(((await invalid.json()) as any).error).toBeDefined();
    const huge = await post({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'search_acme', arguments: { query: 'x'.repeat(400_000) } } });
    expect(huge.status).toBe(413);
  });
});
