// Live reload for `docsite dev`: a server-sent events channel and the script that listens to it.
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { PAGE_HEADERS } from './security-headers.js';

const EVENTS_PATH = '/_docsite/dev/events';
/** The reload script is a file of the site, not inline: pages allow no inline script (see pagePolicy). */
const SCRIPT_PATH = '/_docsite/dev/reload.js';
const SCRIPT_TAG = `<script src="${SCRIPT_PATH}" defer></script>`;
/** Reloads on every event; the error overlay's Close button (or Escape) removes it until then. */
const SCRIPT = `new EventSource(${JSON.stringify(EVENTS_PATH)}).onmessage = () => location.reload();
const closeOverlay = () => document.getElementById('docsite-dev-overlay')?.remove();
document.addEventListener('click', (event) => { if (event.target instanceof Element && event.target.closest('[data-docsite-dev-close]')) closeOverlay(); });
document.addEventListener('keydown', (event) => { if (event.key === 'Escape') closeOverlay(); });
`;

export interface LiveReload {
  /** Adds the reload script, and `overlay` markup if any, to an HTML page. */
  inject(html: string, overlay?: string): string;
  /** Serves the events channel in front of `handler`. */
  wrap(handler: RequestListener): RequestListener;
  /** Tells every open tab to reload. */
  notify(): void;
  close(): void;
}

export function liveReload(): LiveReload {
  const clients = new Set<ServerResponse>();
  return {
    inject: (html, overlay = '') => {
      const added = `${overlay}${SCRIPT_TAG}`;
      const end = html.lastIndexOf('</body>');
      return end === -1 ? `${html}${added}` : `${html.slice(0, end)}${added}${html.slice(end)}`;
    },
    wrap: (handler) => (req: IncomingMessage, res: ServerResponse) => {
      if (req.url === SCRIPT_PATH) {
        res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache', 'X-Content-Type-Options': 'nosniff' }).end(SCRIPT);
        return;
      }
      if (req.url !== EVENTS_PATH) return handler(req, res);
      res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache', Connection: 'keep-alive' });
      res.write(': connected\n\n');
      clients.add(res);
      req.on('close', () => clients.delete(res));
    },
    notify() {
      for (const client of clients) client.write('data: reload\n\n');
    },
    close() {
      for (const client of clients) client.end();
      clients.clear();
    },
  };
}

/** A handler answering every request with `overlay` over an empty page: before the first good build there is no site to show beneath it. */
export function devErrorPage(overlay: string, inject: LiveReload['inject']): RequestListener {
  const html = inject(
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Build failed - docsite dev</title></head><body></body></html>',
    overlay,
  );
  return (_req, res) => {
    res.writeHead(500, { 'Content-Type': 'text/html; charset=utf-8', ...PAGE_HEADERS }).end(html);
  };
}
