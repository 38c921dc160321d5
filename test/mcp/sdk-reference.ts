// The reference the fast path is held to: /mcp as the SDK serves it, a new `Server` (createMcpServer)
// and stateless JSON-response `StreamableHTTPServerTransport` per request, behind the same body parser
// as the real route. Also: raw HTTP helpers that send exactly the headers a case names.
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import express from 'express';
import { mkdtempSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LoadedBundle } from '../../src/bundle/index.js';
import { createMcpServer, createToolset, type McpContext } from '../../src/mcp/index.js';
import { createFilesystems } from '../../src/runtime/filesystems.js';
import { readerView } from '../../src/runtime/reader-view.js';
import { MCP_BODY_LIMIT } from '../../src/runtime/routes/mcp-route.js';
import { ANONYMOUS } from '../../src/site/index.js';
import { openStore } from '../../src/store/index.js';

export interface Reference {
  url: string;
  close(): Promise<void>;
}

/** Serves `bundle`'s /mcp through the SDK, for an anonymous reader, with links on `siteUrl`. */
export async function startSdkReference(bundle: LoadedBundle, siteUrl: string): Promise<Reference> {
  const store = await openStore({ dataDir: mkdtempSync(join(tmpdir(), 'docsite-sdk-ref-')) });
  const toolset = createToolset(bundle.manifest);
  const filesystems = createFilesystems(bundle, false);
  const projectId = bundle.manifest.site.projectId;
  const app = express();
  app.post('/mcp', express.json({ limit: MCP_BODY_LIMIT, type: () => true }), async (req, res) => {
    const context: McpContext = {
      bundle,
      principal: ANONYMOUS,
      authentication: false,
      siteUrl,
      filesystem: filesystems.forRequest(readerView(ANONYMOUS, false)),
      feedback: async ({ path, comment }) => void (await store.addFeedback({ projectId, path, comment, source: 'agent', helpful: false })),
    };
    const server = createMcpServer(toolset, context);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, req.body);
  });
  const http: Server = createServer(app);
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
      await filesystems.close();
      await store.close();
    },
  };
}

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/**
 * POSTs to `<base>/mcp` with exactly `headers`, plus Host, Content-Length and node's Connection.
 * A string body is sent as is; `undefined` sends a request without any body framing at all.
 */
export function post(base: string, headers: [string, string][], body: string | undefined): Promise<RawAnswer> {
  const url = new URL(`${base}/mcp`);
  if (body === undefined) return postWithoutBody(url, headers);
  return new Promise((resolve, reject) => {
    // A flat list of names and values keeps repeated headers (e.g. two Content-Type lines) as sent; node then adds no Host.
    const raw = ['Host', url.host, ...headers.flat(), 'Content-Length', String(Buffer.byteLength(body))];
    const req = httpRequest({ host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: raw }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** A POST with neither Content-Length nor Transfer-Encoding (node's client always adds one of them). */
function postWithoutBody(url: URL, headers: [string, string][]): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname);
    let data = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (data += chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const [head = '', text = ''] = data.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const fields: Record<string, string> = {};
      for (const line of lines) fields[line.slice(0, line.indexOf(':')).toLowerCase()] = line.slice(line.indexOf(':') + 1).trim();
      // Chunked answers (hono streams): take the chunk data only.
      const body = fields['transfer-encoding'] === 'chunked' ? dechunk(text) : text;
      resolve({ status: Number(statusLine.split(' ')[1]), headers: fields, text: body });
    });
    const lines = [`POST ${url.pathname} HTTP/1.1`, `Host: ${url.host}`, 'Connection: close', ...headers.map(([name, value]) => `${name}: ${value}`)];
    socket.write(`${lines.join('\r\n')}\r\n\r\n`);
  });
}

function dechunk(text: string): string {
  let out = '';
  let rest = text;
  for (;;) {
    const eol = rest.indexOf('\r\n');
    const size = parseInt(rest.slice(0, eol), 16);
    if (!size) return out;
    out += rest.slice(eol + 2, eol + 2 + size);
    rest = rest.slice(eol + 2 + size + 2);
  }
}
