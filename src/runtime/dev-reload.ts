// Live reload for `docsite dev`: a server-sent events channel and the script that listens to it.
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { Diagnostic } from '../diagnostics/index.js';
import { PAGE_HEADERS } from './security-headers.js';

const EVENTS_PATH = '/_docsite/dev/events';
/** The reload script is a file of the site, not inline: pages allow no inline script (see pagePolicy). */
const SCRIPT_PATH = '/_docsite/dev/reload.js';
const SCRIPT_TAG = `<script src="${SCRIPT_PATH}" defer></script>`;
const SCRIPT = `new EventSource(${JSON.stringify(EVENTS_PATH)}).onmessage = () => location.reload();\n`;

export interface LiveReload {
  /** Adds the reload script to an HTML page. */
  inject(html: string): string;
  /** Serves the events channel in front of `handler`. */
  wrap(handler: RequestListener): RequestListener;
  /** Tells every open tab to reload. */
  notify(): void;
  close(): void;
}

export function liveReload(): LiveReload {
  const clients = new Set<ServerResponse>();
  return {
    inject: (html) => (html.includes('</body>') ? html.replace('</body>', `${SCRIPT_TAG}</body>`) : `${html}${SCRIPT_TAG}`),
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

const escapeHtml = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A handler answering every request with the build's errors, so the author sees them in the browser. */
export function devErrorPage(errors: readonly Diagnostic[], inject: (html: string) => string): RequestListener {
  const items = errors
    .map(
      (d) =>
        `<li><code>${escapeHtml(`${d.file}:${d.line}:${d.column}`)}</code> ${escapeHtml(d.message)} <small>${escapeHtml(d.code)}</small><br><small>${escapeHtml(d.hint)}</small></li>`,
    )
    .join('');
  const html = inject(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Build failed - docsite dev</title><style>body{font:16px/1.5 system-ui;margin:2rem;color:#1f2328}h1{color:#b42318}li{margin:.75rem 0}code{background:#f3f4f6;padding:.1em .3em}</style></head><body><h1>The docs have ${errors.length} error${errors.length === 1 ? '' : 's'}</h1><p>Fix them and save: this page reloads by itself.</p><ol class="dev-errors">${items}</ol></body></html>`,
  );
  return (_req, res) => {
    res.writeHead(500, { 'Content-Type': 'text/html; charset=utf-8', ...PAGE_HEADERS }).end(html);
  };
}
