// Starts an HTTP server on a host and port, with a clear error when the port is taken, JSON answers
// to requests Node rejects before any route sees them, and a bounded graceful close.
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { UsageError } from '../errors.js';
import { silentLogger, type Logger } from './logger.js';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1']);

/** How long `close` waits for open requests by default before cutting their connections. */
export const DEFAULT_SHUTDOWN_TIMEOUT_MS = 10_000;

/**
 * How long an idle keep-alive connection stays open. Node's default, 5 s, is shorter than the
 * idle timeouts of the proxies and load balancers put in front of a server (60 s is common):
 * they reuse a connection just as the server closes it and answer 502, and a client whose next
 * request races the close gets ECONNRESET (most often after the event loop was held, as a large
 * grep holds it). Longer than theirs, the proxy always closes first.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

export function isLoopback(host: string): boolean {
  return LOOPBACK.has(host);
}

export interface Listening {
  server: Server;
  /** `http://host:port` as clients reach it. */
  url: string;
  /**
   * Stops accepting, lets open requests finish, then resolves. Connections still open after
   * `timeoutMs` (default 10 s) are closed, whatever they were doing.
   */
  close(timeoutMs?: number): Promise<void>;
}

/**
 * Node's parser errors (headers too large, CR/LF or other bytes that break HTTP) answered as JSON,
 * then the socket is closed. Logged like requests, without a path: the request never parsed.
 */
function answerClientError(logger: Logger, error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || !socket.writable) return void socket.destroy();
  const [status, reason, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', 'The request line or headers are too large.']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', 'The request took too long to arrive.']
        : [400, 'Bad Request', 'The request is not valid HTTP.'];
  logger.info('request refused by the HTTP parser', { status, code: error.code });
  const body = JSON.stringify({ error: message });
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

export async function listen(handler: RequestListener, host: string, port: number, logger: Logger = silentLogger): Promise<Listening> {
  const server = createServer({ keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS }, handler);
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => answerClientError(logger, error, socket));
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new UsageError(`Port ${port} on ${host} is already in use.`, 'Pick another with --port, or stop the other server.')
          : error,
      ),
    );
    server.listen(port, host, resolve);
  });
  const actual = (server.address() as AddressInfo).port;
  return {
    server,
    url: `http://${host.includes(':') ? `[${host}]` : host}:${actual}`,
    close: (timeoutMs = DEFAULT_SHUTDOWN_TIMEOUT_MS) =>
      new Promise<void>((resolve) => {
        // Keep-alive connections become idle when their last response is sent: close them then, not at the deadline.
        const idle = setInterval(() => server.closeIdleConnections(), 50);
        const deadline = setTimeout(() => server.closeAllConnections(), timeoutMs);
        server.close(() => {
          clearInterval(idle);
          clearTimeout(deadline);
          resolve();
        });
        server.closeIdleConnections();
      }),
  };
}
