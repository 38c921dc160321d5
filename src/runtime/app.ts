// The HTTP runtime: composes the routers over one loaded bundle and the state behind the Store.
import { access } from 'node:fs/promises';
import { join } from 'node:path';
import express, { Router, type Express, type Request, type Response } from 'express';
import type { ChatModel } from '../assistant/index.js';
import { DEFAULT_RUNTIME_CONFIG, type LimiterFailurePolicy, webOriginsOf } from '../config/index.js';
import { bearerTokenOf, isApiKey, type SiteAuth } from '../auth/index.js';
import { BUNDLE_PATHS, type LoadedBundle } from '../bundle/index.js';
import { withoutAskAiButton } from '../render/index.js';
import { createToolset, type McpContext } from '../mcp/index.js';
import { ANONYMOUS, type Principal } from '../site/index.js';
import { memoryRateLimiter, type RateLimiter } from '../ratelimit/index.js';
import { whileMcpIs } from '../settings/index.js';
import type { CountedTool, Store } from '../store/index.js';
import { adminRouter, type SettingsDefaults } from './admin/index.js';
import { assistantAnswers } from './assistant-answers.js';
import { createFilesystems, type Filesystems } from './filesystems.js';
import { errorHandler } from './http-error.js';
import type { Logger } from './logger.js';
import { mcpLimit } from './mcp-quotas.js';
import type { AddressCheck } from './playground-proxy/public-address.js';
import { originPolicy } from './origin-policy.js';
import { createRateLimits, type RateLimits } from './rate-limits.js';
import { readerView, type ReaderView } from './reader-view.js';
import { underPaths } from './path-scope.js';
import { requestLog } from './request-log.js';
import { agentFilesRoute } from './routes/agent-files-route.js';
import { askAiRoute } from './routes/ask-ai-route.js';
import { changelogFeedRoute } from './routes/changelog-feed-route.js';
import { compressResponses } from './compression.js';
import { discoveryRoute } from './routes/discovery-route.js';
import { healthRoute } from './routes/health-route.js';
import { mcpOffRoute } from './routes/mcp-off-route.js';
import { mcpRoute } from './routes/mcp-route.js';
import { pageFeedbackRoute } from './routes/page-feedback-route.js';
import { pagesRoute } from './routes/pages-route.js';
import { playgroundRoute, type PlaygroundLimits } from './routes/playground-route.js';
import { restApiRoute } from './routes/rest-api-route.js';
import { searchRoute } from './routes/search-route.js';
import { siteUrlOf } from './site-url.js';
import { urlLengthLimit } from './url-limit.js';
import type { UsageCounter } from './usage-counter.js';

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
  /** Rewrites every HTML page before it is sent (`docsite dev` adds its reload script and error overlay). */
  transformHtml?(html: string, req: Request): string;
  /** Writes the assistant's answers (`DOCSITE_ASSISTANT_*`); without one it quotes the cited sections. */
  assistantModel?: ChatModel;
  /** Whether pages offer Ask AI, answered at `POST /_docsite/assistant` (runtime config `assistant.enabled`). Default true. */
  assistantEnabled?: boolean;
  /** Site authentication (`createSiteAuth`); undefined: authentication off, every reader anonymous. */
  auth?: SiteAuth;
  /** Counts searches and MCP tool calls for the dashboard (`usageCounter`); nothing is counted without one. */
  usage?: UsageCounter;
  /** Whether signed-in readers' search texts are counted by text too (runtime config `analytics.storeSignedInQueries`). Default false. */
  storeSignedInQueries?: boolean;
  /** Rate limits (`createRateLimits`); default: the default quotas in this process's memory. */
  rateLimits?: RateLimits;
  /**
   * The filesystem tool's worker threads (`createFilesystems`), for a caller that stops them
   * (`serve` does at close). Default: the app's own, whose idle workers never keep the process alive.
   */
  filesystems?: Filesystems;
  /** The playground proxy's limits; default: 1 MB requests, 5 MB responses, 15 s. */
  playgroundLimits?: PlaygroundLimits;
  /** Which addresses the playground proxy may connect to; default: public ones only. Tests reach their loopback API servers with it. */
  playgroundAddressCheck?: AddressCheck;
  /** The owner's dashboard at /_docsite/admin; default: owners group `owners`, nothing fixed, the other defaults of the runtime config. */
  dashboard?: DashboardOptions;
}

/** The runtime config's part in the owner's dashboard. */
export interface DashboardOptions {
  /** With site authentication: the identity provider's group of owners (`authentication.ownersGroup`). */
  ownersGroup?: string;
  /** The owner settings' initial values and which the runtime config fixes. */
  settings?: Partial<SettingsDefaults>;
  /** Where wrong owner passwords are counted without site authentication (the runtime's limiter); this process's memory when omitted. */
  limiter?: RateLimiter;
  onLimiterFailure?: LimiterFailurePolicy;
}

/** The names an MCP server's search and filesystem tools are limited and counted under (quota names, `CountedTool`s). */
type ServerTools = Record<'search' | 'filesystem', CountedTool>;

/** SPEC.md 5.1: API keys never open an MCP server; /mcp says so instead of ignoring the key. */
function refusesApiKey(req: Request, res: Response): boolean {
  const token = bearerTokenOf(req);
  if (!token || !isApiKey(token)) return false;
  res.status(403).json({
    jsonrpc: '2.0',
    error: { code: -32000, message: 'API keys cannot authenticate to an MCP server: /mcp needs no credentials and /authed/mcp takes OAuth access tokens.' },
    id: null,
  });
  return true;
}

/** Builds the express app. Tool definitions and per-access filesystems are built once, here. */
export function createApp(options: AppOptions): Express {
  const { bundle, store, logger, auth } = options;
  const authentication = auth !== undefined;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', options.trustProxy ?? 0);
  const policy = originPolicy({
    loopbackOnly: options.loopbackOnly,
    ...(options.siteUrl ? { siteUrl: options.siteUrl } : {}),
    ...(options.allowedOrigins ? { allowedOrigins: options.allowedOrigins } : {}),
    // Browser-based tools at the https hosts of the allowed redirect URIs stored by the owner may call too.
    ...(auth ? { currentOrigins: () => webOriginsOf(auth.settings.latest().allowedRedirects) } : {}),
  });
  const toolset = createToolset(bundle.manifest);
  const filesystems = options.filesystems ?? createFilesystems(bundle, authentication);
  const projectId = bundle.manifest.site.projectId;
  const rateLimits = options.rateLimits ?? createRateLimits({ limiter: memoryRateLimiter(), config: DEFAULT_RUNTIME_CONFIG.rateLimits, logger });
  const viewOf = (req: Request): ReaderView => readerView(auth ? auth.principalOf(req) : ANONYMOUS, authentication);
  // Search texts of signed-in readers (and of agents acting for them) are private unless the site says otherwise.
  const keptText = (principal: Principal, query: string): string | undefined =>
    principal.kind === 'anonymous' || options.storeSignedInQueries ? query : undefined;
  const { usage } = options;
  const mcpContext = (req: Request, principal: Principal, counted: ServerTools): McpContext => ({
    bundle,
    principal,
    authentication,
    siteUrl: siteUrlOf(req, options.siteUrl),
    filesystem: filesystems.forRequest(readerView(principal, authentication)),
    feedback: async ({ path, comment }) => void (await store.addFeedback({ projectId, path, comment, source: 'agent', helpful: false })),
    ...(usage && {
      onToolCall: (call) =>
        usage.record(
          call.role === 'search'
            ? { tool: counted.search, search: { query: keptText(principal, call.query), found: call.found } }
            : { tool: counted.filesystem },
        ),
    }),
  });

  /** Discovery and both MCP servers; the public server answers everyone as anonymous, signed in or not, the authenticated one only bearer tokens. */
  const mcpRoutes = (): Router => {
    const router = Router();
    if (auth) router.use(whileMcpIs(true, auth.settings));
    router.use(
      underPaths(
        ['/.well-known/', '/mcp/server-card', '/authed/mcp/server-card'],
        discoveryRoute({ bundle, siteUrl: options.siteUrl, authentication, toolset }),
      ),
    );
    const publicTools: ServerTools = { search: 'search', filesystem: 'filesystem' };
    const publicLimit = mcpLimit(rateLimits, toolset, publicTools, projectId);
    router.use(
      '/mcp',
      mcpRoute({
        toolset,
        policy,
        logger,
        limit: publicLimit,
        contextFor: (req, res) => (refusesApiKey(req, res) ? undefined : mcpContext(req, ANONYMOUS, publicTools)),
      }),
    );
    if (auth) {
      const authedTools: ServerTools = { search: 'authedSearch', filesystem: 'authedFilesystem' };
      const contextFor = (req: Request, res: Response): McpContext | undefined => {
        const principal = auth.bearerPrincipalOf(req, res);
        return principal && mcpContext(req, principal, authedTools);
      };
      const limit = mcpLimit(rateLimits, toolset, authedTools, projectId);
      const admits = (req: Request, res: Response): boolean => auth.bearerPrincipalOf(req, res) !== undefined;
      router.use('/authed/mcp', auth.resolveBearer, mcpRoute({ toolset, policy, logger, limit, contextFor, admits }));
    }
    return router;
  };

  app.use(requestLog(logger), urlLengthLimit, compressResponses);
  app.use(
    underPaths(
      ['/healthz', '/readyz'],
      healthRoute({
        checks: {
          // Pages and Markdown are read from the bundle folder on demand: it must still be there.
          bundle: () =>
            access(join(bundle.dir, BUNDLE_PATHS.manifest)).then(
              () => undefined,
              () => 'the bundle folder is gone',
            ),
          store: () => store.ping().then(() => undefined),
          rateLimiter: () => rateLimits.readiness(),
        },
      }),
    ),
  );
  if (auth) app.use(auth.router);
  const dashboard = options.dashboard ?? {};
  app.use(
    // The dashboard, its sign-in and (on a site without authentication) its sign-out.
    underPaths(
      ['/_docsite/'],
      adminRouter({
        store,
        projectId,
        siteName: bundle.manifest.site.name,
        auth,
        ownersGroup: dashboard.ownersGroup ?? 'owners',
        settings: { mcpEnabled: true, redirectUris: [], fixed: [], file: undefined, ...dashboard.settings },
        siteUrl: options.siteUrl,
        limiter: dashboard.limiter,
        onLimiterFailure: dashboard.onLimiterFailure,
      }),
    ),
  );
  const answers = assistantAnswers({ bundle, store, logger, authentication, model: options.assistantModel });
  app.use(underPaths(['/v1/'], restApiRoute({ bundle, store, siteUrl: options.siteUrl, assistantAnswers: answers, rateLimits })));
  // The MCP switch exists only on sites with authentication; without it /mcp always works (SPEC.md 4.4).
  app.use(underPaths(['/.well-known/', '/mcp', '/authed/mcp'], mcpRoutes()));
  if (auth) app.use(Router().use(whileMcpIs(false, auth.settings), mcpOffRoute()));
  app.use(
    playgroundRoute({
      bundle,
      viewOf,
      rateLimits,
      ...(options.playgroundLimits ? { limits: options.playgroundLimits } : {}),
      ...(options.playgroundAddressCheck ? { isAllowedAddress: options.playgroundAddressCheck } : {}),
    }),
  );
  app.use(
    searchRoute({
      bundle,
      viewOf,
      rateLimits,
      ...(usage && { onSearch: ({ view, query, found }) => usage.record({ tool: 'readerSearch', search: { query: keptText(view.principal, query), found } }) }),
    }),
  );
  const assistantEnabled = options.assistantEnabled !== false;
  app.use(askAiRoute({ enabled: assistantEnabled, answers, viewOf, rateLimits, siteUrl: options.siteUrl, logger }));
  app.use(pageFeedbackRoute({ bundle, store, viewOf, rateLimits, siteUrl: options.siteUrl }));
  app.use(agentFilesRoute({ bundle, siteUrl: options.siteUrl, viewOf }));
  app.use(changelogFeedRoute({ bundle, siteUrl: options.siteUrl, viewOf }));
  const given = options.transformHtml ?? ((html: string) => html);
  // Pages are built with the Ask AI button; a site that turned it off serves them without.
  const transformHtml = assistantEnabled ? given : (html: string, req: Request) => given(withoutAskAiButton(html), req);
  app.use(pagesRoute({ bundle, viewOf, transformHtml: auth ? (html, req) => transformHtml(auth.decorateHtml(html, req), req) : transformHtml }));
  app.use(errorHandler(logger));
  return app;
}
