// An OAuth client's loopback redirect URI (RFC 8252), as MCP clients run one: it records what the browser brings back.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A listening `http://127.0.0.1:<port>/callback` and the redirects it has received. */
export interface OAuthCallback {
  /** The redirect URI to register. */
  url: string;
  /** The next redirect the browser brings (its full URL, query and all). */
  next(): Promise<URL>;
  close(): Promise<void>;
}

/** Starts a loopback redirect URI that answers the browser with a short "you can close this window" page. */
export async function startOAuthCallback(): Promise<OAuthCallback> {
  const received: URL[] = [];
  const waiting: ((url: URL) => void)[] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
    if (url.pathname !== '/callback') return void res.writeHead(404).end();
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end('<!doctype html><title>Connected</title><h1>You can close this window</h1>');
    const waiter = waiting.shift();
    if (waiter) waiter(url);
    else received.push(url);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/callback`,
    next: () => {
      const url = received.shift();
      return url ? Promise.resolve(url) : new Promise((resolve) => waiting.push(resolve));
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
