// `docsite serve [dir]`: maps flags to serve() options, prints where the site is, stops on SIGINT/SIGTERM.
import { Option, type Command } from 'commander';
import { RUNTIME_CONFIG_FILE, RuntimeConfigError } from '../config/index.js';
import { UsageError } from '../errors.js';
import { formatDiagnostics, plural, printDiagnostics } from './format-diagnostics.js';
import { closeOnStopSignal } from './stop-signal.js';
import { isRedisUrl, parseCount, parsePort, parseRedisUrl, parseSiteUrl } from './options.js';
import { addStateOptions, type StateFlags } from './state-options.js';
import { loadRuntime } from './load-runtime.js';
import type { LogLevel } from '../runtime/index.js';

const LOG_LEVEL_CHOICES = ['info', 'warn', 'error', 'silent'] satisfies LogLevel[];

interface ServeFlags extends StateFlags {
  port: number;
  host: string;
  siteUrl?: string;
  allowedOrigin: string[];
  trustProxy?: number;
  config?: string;
  redisUrl?: string;
  logLevel: LogLevel;
  shutdownTimeout: number;
}

/** `--redis-url`, else env DOCSITE_REDIS_URL (read here, not as the option's default, so --help never prints its password). */
function redisUrlOf(flags: ServeFlags): { redisUrl?: string } {
  const url = flags.redisUrl ?? process.env.DOCSITE_REDIS_URL;
  if (!url) return {};
  if (!isRedisUrl(url)) throw new UsageError('DOCSITE_REDIS_URL is not a redis:// or rediss:// URL.', 'Fix the variable, or pass --redis-url.');
  return { redisUrl: url };
}

export function registerServe(program: Command): void {
  const command = program
    .command('serve')
    .description('serve a site to readers and agents: pages, Markdown, llms.txt, discovery files and the MCP server at /mcp (builds a docs folder first)')
    .argument('[dir]', 'docs folder (holds docs.json) or a bundle written by `docsite build`', '.')
    .option('--port <port>', 'port to listen on (0: any free port)', parsePort, 3000)
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option('--site-url <url>', 'public URL of the site behind a proxy (discovery files and links use it)', parseSiteUrl);
  addStateOptions(command)
    .option(
      '--allowed-origin <origin>',
      'origin of a web-based AI tool allowed to call /mcp from a browser (repeatable)',
      (value: string, all: string[]) => [...all, value],
      [],
    )
    .option('--trust-proxy <hops>', 'number of reverse proxies in front, for client addresses and https', parseCount)
    .option('--redis-url <url>', 'Redis URL for rate limits shared by every instance (env: DOCSITE_REDIS_URL; default: counted in memory)', parseRedisUrl)
    .option('--config <file>', `runtime config: authentication, OAuth, MCP switch (default: <dir>/${RUNTIME_CONFIG_FILE} when present)`)
    .addOption(
      new Option('--log-level <level>', 'least severe JSON log lines written to stderr (one per request at info)')
        .choices(LOG_LEVEL_CHOICES)
        .env('DOCSITE_LOG_LEVEL')
        .default('info'),
    )
    .option('--shutdown-timeout <seconds>', 'on SIGTERM or SIGINT, how long open requests may finish before their connections are closed', parseCount, 10)
    .action(async (dir: string, flags: ServeFlags) => {
      const running = await (await loadRuntime())
        .serve({
          ...(flags.config ? { configFile: flags.config } : {}),
          dir,
          port: flags.port,
          host: flags.host,
          logLevel: flags.logLevel,
          shutdownTimeoutMs: flags.shutdownTimeout * 1000,
          allowedOrigins: flags.allowedOrigin,
          ...(flags.siteUrl ? { siteUrl: flags.siteUrl } : {}),
          ...(flags.dataDir ? { dataDir: flags.dataDir } : {}),
          ...(flags.databaseUrl ? { databaseUrl: flags.databaseUrl } : {}),
          ...redisUrlOf(flags),
          ...(flags.trustProxy !== undefined ? { trustProxy: flags.trustProxy } : {}),
          onBuild(report) {
            printDiagnostics(report.errors, report.warnings);
            if (report.ok) process.stdout.write(`Built ${plural(report.pageCount, 'page')} (${report.cacheHits} from cache).\n`);
          },
        })
        .catch((error: unknown) => {
          if (!(error instanceof RuntimeConfigError)) throw error;
          process.stderr.write(`${formatDiagnostics(error.diagnostics, process.stderr.isTTY === true)}\n\n`);
          throw new UsageError(
            `The runtime config ${error.diagnostics[0]?.file ?? ''} has errors; fix them to serve the site.`,
            'See schemas/runtime-config.schema.json for the allowed keys and values.',
          );
        });
      const mcp = running.mcpEnabled ? `  MCP server: ${running.mcpUrl}\n` : '  MCP servers: off (the MCP switch is off)\n';
      const authed = running.authedMcpUrl ? `  Authenticated MCP server: ${running.authedMcpUrl}\n` : '';
      process.stdout.write(`docsite is serving ${running.bundle.manifest.site.name} at ${running.url}\n${mcp}  Project id: ${running.projectId}\n${authed}`);
      await closeOnStopSignal(() => running.close());
      // Work cut off at the shutdown bound (a model call still waiting) must not keep the process alive.
      process.exit(0);
    });
}
