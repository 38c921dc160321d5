// HTTP requests sent exactly as written: paths are not normalized, headers not checked, bytes as given.
import { request } from 'node:http';
import { connect } from 'node:net';

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface RawRequest {
  method: string;
  /** Sent as the request target without any normalization (`/../x`, `%2e%2e` stay). */
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Send the body with chunked transfer encoding (no Content-Length). */
  chunked?: boolean;
}

/** One request on a new connection, through node:http (which keeps the path as given). */
export function send(base: string, req: RawRequest): Promise<RawAnswer> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const outgoing = request({ host: hostname, port, method: req.method, path: req.path, headers: req.headers, agent: false, timeout: 15_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    outgoing.on('timeout', () => outgoing.destroy(new Error(`${req.method} ${req.path.slice(0, 80)} timed out`)));
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      // The server may answer (413) and close before the whole body is sent: the answer counts, not the broken upload.
      if (error.code === 'EPIPE' || error.code === 'ECONNRESET') return;
      reject(error);
    });
    if (req.body !== undefined && req.chunked) {
      const body = Buffer.from(req.body);
      for (let at = 0; at < body.length; at += 64 * 1024) outgoing.write(body.subarray(at, at + 64 * 1024));
      outgoing.end();
    } else {
      outgoing.end(req.body);
    }
  });
}

/** Writes `bytes` on a new TCP connection and returns the parsed response the server sends before closing. */
export function sendBytes(base: string, bytes: string | Buffer): Promise<RawAnswer> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    socket.setTimeout(10_000, () => socket.destroy(new Error('raw request timed out')));
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      // A complete response with a length: no need to wait for the close (keep-alive).
      const text = Buffer.concat(chunks).toString('latin1');
      const head = text.indexOf('\r\n\r\n');
      const length = /\r\ncontent-length: *(\d+)/i.exec(text.slice(0, head))?.[1];
      if (head >= 0 && length !== undefined && text.length - head - 4 >= Number(length)) socket.end();
    });
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const head = text.indexOf('\r\n\r\n');
      const lines = text.slice(0, head < 0 ? text.length : head).split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines.slice(1)) {
        const colon = line.indexOf(':');
        if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(lines[0] ?? '')?.[1] ?? 0), headers, body: head < 0 ? '' : text.slice(head + 4) });
    });
    socket.write(bytes);
  });
}
