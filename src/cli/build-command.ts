// `docsite build [dir]`: maps flags to build() options and prints the summary.
import { isAbsolute, relative } from 'node:path';
import type { Command } from 'commander';
import { build, DEFAULT_SITE_URL } from '../bundle/index.js';
import { plural, printDiagnostics } from './format-diagnostics.js';
import { parsePositiveInt, parseSiteUrl } from './options.js';
import { progressLine } from './progress.js';

interface BuildFlags {
  out?: string;
  siteUrl?: string;
  strict?: boolean;
  jobs?: number;
}

export function registerBuild(program: Command): void {
  program
    .command('build')
    .description('validate, then write the deployable bundle (HTML, Markdown, search index, discovery files); exit 1 on errors, writing nothing')
    .argument('[dir]', 'docs folder (holds docs.json)', '.')
    .option('--out <dir>', 'output folder (default: <dir>/dist)')
    .option('--site-url <url>', `URL the site will be served at, for discovery files and llms.txt (default: ${DEFAULT_SITE_URL})`, parseSiteUrl)
    .option('--strict', 'treat warnings as errors (then nothing is written)')
    .option('--jobs <n>', 'parser threads (default: one per core)', parsePositiveInt)
    .action(async (dir: string, flags: BuildFlags) => {
      const progress = progressLine('Building pages', 'writing the bundle');
      const started = performance.now();
      const report = await build(dir, {
        ...(flags.out ? { out: flags.out } : {}),
        ...(flags.siteUrl ? { siteUrl: flags.siteUrl } : {}),
        ...(flags.jobs ? { jobs: flags.jobs } : {}),
        ...(flags.strict ? { strict: true } : {}),
        onProgress: (done, total) => progress.update(done, total),
      });
      progress.done();
      printDiagnostics(report.errors, report.warnings);
      const seconds = ((performance.now() - started) / 1000).toFixed(2);
      if (!report.ok) {
        process.stdout.write(`Build failed: ${plural(report.errors.length, 'error')}, ${plural(report.warnings.length, 'warning')}. Nothing was written.\n`);
        process.exitCode = 1;
        return;
      }
      // Relative to where the command ran when it is below it; a folder elsewhere reads best in full.
      const fromHere = relative(process.cwd(), report.outDir) || '.';
      const where = fromHere.startsWith('..') || isAbsolute(fromHere) ? report.outDir : fromHere;
      process.stdout.write(
        `Built ${plural(report.pageCount, 'page')} (${report.indexedCount} indexed) into ${where} in ${seconds}s: ` +
          `${plural(report.filesWritten, 'file')} written, ${report.cacheHits} pages from cache${report.warnings.length ? `, ${plural(report.warnings.length, 'warning')}` : ''}.\n`,
      );
    });
}
