// `docsite dev [dir]`: serves the docs while you edit them; rebuilds on save and reloads the browser.
import type { Command } from 'commander';
import { plural, printDiagnostics } from './format-diagnostics.js';
import { closeOnStopSignal } from './stop-signal.js';
import { parsePort } from './options.js';
import { loadRuntime } from './load-runtime.js';

interface DevFlags {
  port: number;
  host: string;
}

export function registerDev(program: Command): void {
  program
    .command('dev')
    .description('serve the docs locally while you edit them: rebuilds changed pages on save, reloads open tabs, shows errors in the browser and here')
    .argument('[dir]', 'docs folder (holds docs.json)', '.')
    .option('--port <port>', 'port to listen on (0: any free port)', parsePort, 3000)
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .action(async (dir: string, flags: DevFlags) => {
      const server = await (await loadRuntime()).dev({
        dir,
        port: flags.port,
        host: flags.host,
        onBuild(report, seconds) {
          printDiagnostics(report.errors, report.warnings);
          const time = new Date().toLocaleTimeString();
          process.stdout.write(
            report.ok
              ? `[${time}] Built ${plural(report.pageCount, 'page')} in ${seconds.toFixed(2)}s (${report.cacheHits} from cache).\n`
              : `[${time}] Build failed: ${plural(report.errors.length, 'error')}. Still serving; fix and save to rebuild.\n`,
          );
        },
      });
      process.stdout.write(`docsite dev is serving ${dir} at ${server.url} (watching for changes; Ctrl+C to stop)\n`);
      await closeOnStopSignal(() => server.close());
    });
}
