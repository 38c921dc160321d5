// `docsite dev [dir]`: serves the docs while you edit them; rebuilds on save and reloads the browser.
import type { Command } from 'commander';
import { warningsOncePerChange } from './dev-warnings.js';
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
      const warningsToPrint = warningsOncePerChange();
      const server = await (await loadRuntime()).dev({
        dir,
        port: flags.port,
        host: flags.host,
        onBuild(report, seconds, changed) {
          const warnings = warningsToPrint(report.warnings, changed);
          printDiagnostics(report.errors, warnings.shown);
          const time = new Date().toLocaleTimeString();
          const summary = warnings.summary ? ` ${warnings.summary}.` : '';
          const saved = changed.length > 0 ? ` after saving ${changed.length === 1 ? changed[0] : plural(changed.length, 'file')}` : '';
          process.stdout.write(
            report.ok
              ? `[${time}] Built ${plural(report.pageCount, 'page')}${saved} in ${seconds.toFixed(2)}s (${report.cacheHits} from cache).${summary}\n`
              : report.written
                ? `[${time}] ${plural(report.errors.length, 'error')} in pages${saved}: shown over those pages in the browser; the other pages are up to date.${summary}\n`
                : `[${time}] Build failed${saved}: ${plural(report.errors.length, 'error')}. Still serving the last good site; fix and save to rebuild.${summary}\n`,
          );
        },
      });
      process.stdout.write(`docsite dev is serving ${dir} at ${server.url} (watching for changes; Ctrl+C to stop)\n`);
      await closeOnStopSignal(() => server.close());
    });
}
