// `serve`: finds or builds the bundle, opens the state, and listens. Returns a handle to stop it.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createSiteAuth } from '../auth/index.js';
import { build, BUNDLE_PATHS, readBundle, type BuildReport, type LoadedBundle } from '../bundle/index.js';
import { readRuntimeConfig, webOriginsOf, type RuntimeConfig } from '../config/index.js';
import { UsageError } from '../errors.js';
import { chatModelConfigFromEnv, openAiChatModel } from '../assistant/index.js';
import { openRateLimiter } from '../ratelimit/index.js';
import { liveSettings } from '../settings/index.js';
import { openStore, storeOptionsFor, type Store } from '../store/index.js';
import { createApp } from './app.js';
import { createFilesystems } from './filesystems.js';
import { isLoopback, listen } from './listen.js';
import { jsonLogger, type Logger, type LogLevel } from './logger.js';
import { clientAddress, createRateLimits } from './rate-limits.js';
import { siteUrlOf } from './site-url.js';
import { usageCounter } from './usage-counter.js';

export interface ServeOptions {
  /** A docs folder (built first when needed) or a bundle folder. */
  dir: string;
  port?: number;
  host?: string;
  siteUrl?: string;
  /** SQLite state folder; default `<dir>/.docsite`. */
  dataDir?: string;
  /** PostgreSQL URL; overrides `dataDir`. */
  databaseUrl?: string;
  /** Redis URL for rate limits shared by every instance; default: counted in this process's memory. */
  redisUrl?: string;
  allowedOrigins?: string[];
  trustProxy?: number;
  logger?: Logger;
  /** The least severe level the default logger writes; default `info`. */
  logLevel?: LogLevel;
  /** How long `close` waits for open requests before cutting their connections; default 10 s. */
  shutdownTimeoutMs?: number;
  /** The runtime config file (authentication, OAuth, MCP switch); default `<dir>/docsite.config.json` when present. */
  configFile?: string;
  /** An already loaded runtime config; overrides `configFile`. */
  runtimeConfig?: RuntimeConfig;
  /** Called with the build's report when `dir` is a docs folder. */
  onBuild?(report: BuildReport): void;
}

/** A running server. */
export interface RunningServer {
  /** Where it listens. */
  url: string;
  /** The public MCP server's URL (on `--site-url` when set); it answers only when `mcpEnabled`. */
  mcpUrl: string;
  /** Whether the MCP servers were served at start: false only with authentication on and the MCP switch off (SPEC.md 4.4); the owner may switch it later. */
  mcpEnabled: boolean;
  projectId: string;
  /** The authenticated MCP server's public URL, when site authentication and the MCP server are on at start. */
  authedMcpUrl: string | undefined;
  bundle: LoadedBundle;
  /** Stops accepting connections, waits for open requests (at most `shutdownTimeoutMs`), closes the store. */
  close(): Promise<void>;
}

/** Where the bundle of `dir` is: `dir` itself, or `<dir>/dist` built from the docs folder `dir`. */
async function bundleDirOf(dir: string, options: ServeOptions): Promise<string> {
  if (existsSync(join(dir, BUNDLE_PATHS.manifest)) && !existsSync(join(dir, 'docs.json'))) return dir;
  if (!existsSync(join(dir, 'docs.json')))
    throw new UsageError(`${dir} holds neither docs.json nor a built bundle.`, 'Pass your docs folder, or the folder `docsite build` wrote.');
  // The build is incremental: an up-to-date bundle costs one read of each page, nothing is rewritten.
  const report = await build(dir, options.siteUrl ? { siteUrl: options.siteUrl } : {});
  options.onBuild?.(report);
  if (!report.ok) throw new UsageError(`The docs in ${dir} have errors; fix them to serve the site.`, 'Run `docsite validate` to see them all.');
  return report.outDir;
}

export async function serve(options: ServeOptions): Promise<RunningServer> {
  const dir = resolve(options.dir);
  const logger = options.logger ?? jsonLogger(process.stderr, options.logLevel);
  const modelConfig = chatModelConfigFromEnv(process.env);
  const config = options.runtimeConfig ?? (await readRuntimeConfig(dir, options.configFile));
  const siteUrl = options.siteUrl ?? config.siteUrl;
  const built = await readBundle(await bundleDirOf(dir, { ...options, ...(siteUrl ? { siteUrl } : {}) }));
  // The configured project id replaces the one derived from docs.json for every reader of the manifest.
  const bundle: LoadedBundle = config.projectId
    ? { ...built, manifest: { ...built.manifest, site: { ...built.manifest.site, projectId: config.projectId } } }
    : built;
  const store: Store = await openStore(storeOptionsFor(dir, options));
  const host = options.host ?? '127.0.0.1';
  const limiter = await openRateLimiter(options.redisUrl ? { url: options.redisUrl, keyPrefix: config.rateLimits.redisKeyPrefix } : {});
  if (limiter.engine === 'redis')
    await limiter
      .ping()
      .catch(() => logger.warn(`Redis for rate limits is unreachable; retrying in the background, meanwhile failing ${config.rateLimits.onLimiterFailure}`));
  const rateLimits = createRateLimits({ limiter, config: config.rateLimits, logger });
  const settings = liveSettings({
    store,
    config,
    onReadError: (error) => logger.warn('the owner settings cannot be read from the store; the last ones read stay in force', { error: String(error) }),
  });
  const auth =
    config.authentication &&
    createSiteAuth({
      authentication: config.authentication,
      oauth: config.oauth,
      settings,
      store,
      siteName: bundle.manifest.site.name,
      logger,
      siteUrlOf: (req) => siteUrlOf(req, siteUrl),
      rateLimit: (endpoint) => rateLimits.limit(endpoint === 'token' ? 'oauthToken' : 'oauthRegister', clientAddress),
      // Wrong passwords and client secrets count in the same limiter: with Redis, across every instance.
      limiter,
      onLimiterFailure: config.rateLimits.onLimiterFailure,
    });
  const usage = usageCounter({
    store,
    projectId: bundle.manifest.site.projectId,
    onFlushError: (error) => logger.warn('search and tool counts cannot be added to the store; retrying with the next batch', { error: String(error) }),
  });
  const allowedOrigins = [...(options.allowedOrigins ?? []), ...webOriginsOf(config.oauth.allowedRedirects)];
  const filesystems = createFilesystems(bundle, Boolean(auth));
  const app = createApp({
    bundle,
    store,
    logger,
    loopbackOnly: isLoopback(host),
    ...(siteUrl ? { siteUrl } : {}),
    allowedOrigins,
    rateLimits,
    filesystems,
    ...(auth ? { auth } : {}),
    assistantEnabled: config.assistant.enabled,
    dashboard: {
      ...(config.authentication ? { ownersGroup: config.authentication.ownersGroup } : {}),
      settings: {
        mcpEnabled: config.mcp.enabled,
        redirectUris: config.oauth.allowedRedirects.map((entry) => entry.entry),
        fixed: config.fixedSettings,
        file: config.file,
      },
      limiter,
      onLimiterFailure: config.rateLimits.onLimiterFailure,
    },
    usage,
    storeSignedInQueries: config.analytics.storeSignedInQueries,
    ...(options.trustProxy !== undefined ? { trustProxy: options.trustProxy } : {}),
    ...(modelConfig ? { assistantModel: openAiChatModel(modelConfig) } : {}),
  });
  const listening = await listen(app, host, options.port ?? 3000, logger).catch(async (error: unknown) => {
    await usage.close();
    await filesystems.close();
    await limiter.close();
    await store.close();
    throw error;
  });
  const url = listening.url;
  const mcpAtStart = !auth || (await settings.current()).mcpEnabled;
  if (!isLoopback(host) && !siteUrl)
    logger.warn('listening on a non-loopback address without --site-url: any Host header is accepted; set --site-url to the public URL');
  if (auth && !siteUrl)
    logger.warn("authentication is on without a site URL: token audiences and cookies follow each request's Host; set siteUrl in the runtime config");
  return {
    url,
    mcpUrl: `${siteUrl ?? url}/mcp`,
    mcpEnabled: mcpAtStart,
    projectId: bundle.manifest.site.projectId,
    authedMcpUrl: auth && mcpAtStart ? `${siteUrl ?? url}/authed/mcp` : undefined,
    bundle,
    async close() {
      logger.info('shutting down: no new connections; waiting for open requests');
      await listening.close(options.shutdownTimeoutMs);
      // The last counts, once no request can add more.
      await usage.close();
      await filesystems.close();
      await limiter.close();
      await store.close();
      logger.info('stopped');
    },
  };
}
