// The HTTP runtime: composes the routers over one loaded bundle and the state behind the Store.
import express, { type Express, type Request } from 'express';
import type { LoadedBundle } from '../bundle/index.js';
import { createToolset, type McpContext } from '../mcp/index.js';
import { ANONYMOUS } from '../site/index.js';
import type { Store } from '../store/index.js';
import { filesystems } from './filesystems.js';
import { errorHandler } from './http-error.js';
import type { Logger } from './logger.js';
import { originPolicy } from './origin-policy.js';
import { readerView, type ReaderView } from './reader-view.js';
import { agentFilesRoute } from './routes/agent-files-route.js';
import { discoveryRoute } from './routes/discovery-route.js';
import { healthRoute } from './routes/health-route.js';
import { mcpRoute } from './routes/mcp-route.js';
import { pagesRoute } from './routes/pages-route.js';
import { siteUrlOf } from './site-url.js';

export interface AppOptions {
  bundle: LoadedBundle;
  store: Store;
  logger: Logger;
  /** The public URL of the site behind a proxy; default: the URL each request reached. */
  siteUrl?: string;
  /** Whether the server listens on loopback only (then only loopback Host headers are expected). */
  loopbackOnly: boolean;
  /** Origins of web-based tools allowed to call the MCP server from a browser. */
  allowedOrigins?: string[];
  /** Proxy hops to trust for the client address and protocol (express `trust proxy`). */
  trustProxy?: number;
  /** Rewrites every HTML page before it is sent (`docsite dev` adds its reload script). */
  transformHtml?(html: string): string;
}

/** Builds the express app. Tool definitions and per-access filesystems are built once, here. */
export function createApp(options: AppOptions): Express {
  const { bundle, store, logger } = options;
  const authentication = false;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', options.trustProxy ?? 0);
  const policy = originPolicy({ loopbackOnly: options.loopbackOnly, ...(options.siteUrl ? { siteUrl: options.siteUrl } : {}), ...(options.allowedOrigins ? { allowedOrigins: options.allowedOrigins } : {}) });
  const toolset = createToolset(bundle.manifest);
  const filesystemOf = filesystems(bundle, authentication);
  const projectId = bundle.manifest.site.projectId;
  const viewOf = (_req: Request): ReaderView => readerView(ANONYMOUS, authentication);

  app.use(healthRoute({ checks: { store: () => store.ping().then(() => undefined) } }));
  app.use(discoveryRoute({ bundle, siteUrl: options.siteUrl, authentication }));
  app.use(
    '/mcp',
    mcpRoute({
      toolset,
      policy,
      logger,
      contextFor(req): McpContext {
        const view = viewOf(req);
        return {
          bundle,
          principal: view.principal,
          authentication,
          siteUrl: siteUrlOf(req, options.siteUrl),
          filesystem: filesystemOf(view),
          feedback: async ({ path, comment }) => void (await store.addFeedback({ projectId, path, comment, source: 'agent' })),
        };
      },
    }),
  );
  app.use(agentFilesRoute({ bundle, siteUrl: options.siteUrl, viewOf }));
  app.use(pagesRoute({ bundle, viewOf, ...(options.transformHtml ? { transformHtml: options.transformHtml } : {}) }));
  app.use(errorHandler(logger));
  return app;
}
