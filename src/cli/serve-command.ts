// `docsite serve [dir]`: maps flags to serve() options, prints where the site is, stops on SIGINT/SIGTERM.
import type { Command } from 'commander';
import { serve } from '../runtime/index.js';
import { plural, printDiagnostics } from './format-diagnostics.js';
import { closeOnStopSignal } from './stop-signal.js';
import { parseCount, parsePort, parseSiteUrl } from './options.js';

interface ServeFlags {
  port: number;
  host: string;
  siteUrl?: string;
  dataDir?: string;
  databaseUrl?: string;
  allowedOrigin: string[];
  trustProxy?: number;
}

export function registerServe(program: Command): void {
  program
    .command('serve')
    .description('serve a site to readers and agents: pages, Markdown, llms.txt, discovery files and the MCP server at /mcp (builds a docs folder first)')
    .argument('[dir]', 'docs folder (holds docs.json) or a bundle written by `docsite build`', '.')
    .option('--port <port>', 'port to listen on (0: any free port)', parsePort, 3000)
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option('--site-url <url>', 'public URL of the site behind a proxy (discovery files and links use it)', parseSiteUrl)
    .option('--data-dir <dir>', 'folder of the SQLite state (default: <dir>/.docsite)')
    .option('--database-url <url>', 'PostgreSQL URL for the state (env: DOCSITE_DATABASE_URL)', process.env.DOCSITE_DATABASE_URL)
    .option('--allowed-origin <origin>', 'origin of a web-based AI tool allowed to call /mcp from a browser (repeatable)', (value: string, all: string[]) => [...all, value], [])
    .option('--trust-proxy <hops>', 'number of reverse proxies in front, for client addresses and https', parseCount)
    .action(async (dir: string, flags: ServeFlags) => {
      const running = await serve({
        dir,
        port: flags.port,
        host: flags.host,
        allowedOrigins: flags.allowedOrigin,
        ...(flags.siteUrl ? { siteUrl: flags.siteUrl } : {}),
        ...(flags.dataDir ? { dataDir: flags.dataDir } : {}),
        ...(flags.databaseUrl ? { databaseUrl: flags.databaseUrl } : {}),
        ...(flags.trustProxy !== undefined ? { trustProxy: flags.trustProxy } : {}),
        onBuild(report) {
          printDiagnostics(report.errors, report.warnings);
          if (report.ok) process.stdout.write(`Built ${plural(report.pageCount, 'page')} (${report.cacheHits} from cache).\n`);
        },
      });
      process.stdout.write(`docsite is serving ${running.bundle.manifest.site.name} at ${running.url}\n  MCP server: ${running.mcpUrl}\n  Project id: ${running.projectId}\n`);
      await closeOnStopSignal(() => running.close());
    });
}
