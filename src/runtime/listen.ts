// Starts an HTTP server on a host and port, with a clear error when the port is taken.
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { UsageError } from '../errors.js';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1']);

export function isLoopback(host: string): boolean {
  return LOOPBACK.has(host);
}

export interface Listening {
  server: Server;
  /** `http://host:port` as clients reach it. */
  url: string;
  /** Stops accepting, lets open requests finish, then resolves. */
  close(): Promise<void>;
}

export async function listen(handler: RequestListener, host: string, port: number): Promise<Listening> {
  const server = createServer(handler);
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' ? new UsageError(`Port ${port} on ${host} is already in use.`, 'Pick another with --port, or stop the other server.') : error),
    );
    server.listen(port, host, resolve);
  });
  const actual = (server.address() as AddressInfo).port;
  return {
    server,
    url: `http://${host.includes(':') ? `[${host}]` : host}:${actual}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
}
