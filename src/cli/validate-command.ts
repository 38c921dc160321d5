// `docsite validate [dir]`: maps flags to validate() options and prints the report.
import { InvalidArgumentError, type Command } from 'commander';
import { parsePositiveInt } from './options.js';
import { validate } from '../site/index.js';
import { plural, printDiagnostics } from './format-diagnostics.js';
import { progressLine } from './progress.js';

interface ValidateFlags {
  strict?: boolean;
  format: 'text' | 'json';
  jobs?: number;
}

export function registerValidate(program: Command): void {
  program
    .command('validate')
    .description('check docs.json, every page, navigation, links and API pages; exit 0 when clean, 1 on problems, 2 on usage errors')
    .argument('[dir]', 'docs folder (holds docs.json)', '.')
    .option('--strict', 'treat warnings as errors')
    .option('--format <format>', 'output format: text or json', parseFormat, 'text')
    .option('--jobs <n>', 'parser threads (default: one per core)', parsePositiveInt)
    .action(async (dir: string, flags: ValidateFlags) => {
      const progress = progressLine('Checking pages');
      const started = performance.now();
      const report = await validate(dir, {
        strict: flags.strict ?? false,
        ...(flags.jobs ? { jobs: flags.jobs } : {}),
        onProgress: (done, total) => progress.update(done, total),
      });
      progress.done();
      if (flags.format === 'json') {
        process.stdout.write(`${JSON.stringify({ ok: report.ok, pageCount: report.pageCount, errors: report.errors, warnings: report.warnings }, null, 2)}\n`);
      } else {
        printDiagnostics(report.errors, report.warnings);
        const seconds = ((performance.now() - started) / 1000).toFixed(2);
        const summary = report.ok
          ? `${plural(report.pageCount, 'page')} checked in ${seconds}s: ${report.warnings.length ? plural(report.warnings.length, 'warning') : 'no problems'}.`
          : `${plural(report.pageCount, 'page')} checked in ${seconds}s: ${plural(report.errors.length, 'error')}, ${plural(report.warnings.length, 'warning')}.`;
        process.stdout.write(`${summary}\n`);
      }
      process.exitCode = report.ok ? 0 : 1;
    });
}

function parseFormat(value: string): 'text' | 'json' {
  if (value !== 'text' && value !== 'json') throw new InvalidArgumentError('expected "text" or "json".');
  return value;
}
