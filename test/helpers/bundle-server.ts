// Serves a built bundle over HTTP with clean URLs, for browser tests of the static pages.
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';

const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.css': 'text/css', '.js': 'text/javascript', '.svg': 'image/svg+xml', '.json': 'application/json', '.md': 'text/markdown; charset=utf-8' };

/** Starts a server on a free loopback port: `/x` serves `x.html`, `/` serves `index.html`. */
export async function serveBundle(dir: string): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer(async (request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
    const candidates = path === '/' ? ['index.html'] : [path.slice(1), `${path.slice(1)}.html`, `${path.slice(1)}/index.html`];
    for (const candidate of candidates) {
      try {
        const body = await readFile(join(dir, candidate));
        response.writeHead(200, { 'content-type': TYPES[extname(candidate)] ?? 'application/octet-stream' }).end(body);
        return;
      } catch {
        // try the next candidate
      }
    }
    response.writeHead(404, { 'content-type': 'text/html; charset=utf-8' }).end(await readFile(join(dir, '_docsite/404.html')));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
