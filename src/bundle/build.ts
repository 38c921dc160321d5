// `build`: validates a docs folder and writes the deployable bundle that `serve` reads.
import { relative, resolve } from 'node:path';
import type { Diagnostic } from '../diagnostics/index.js';
import { loadSite } from '../site/index.js';
import { createPageBuilder } from './build-pages.js';
import { emitBundle } from './emit-bundle.js';
import { OutputWriter } from './output-writer.js';

export const DEFAULT_SITE_URL = 'http://localhost:3000';

export interface BuildOptions {
  /** Output folder; default `<dir>/dist`. */
  out?: string;
  /** Parser threads; default one per core. */
  jobs?: number;
  /** Where the site will be reached; discovery files and llms.txt use it. `serve` may override it. */
  siteUrl?: string;
  onProgress?(done: number, total: number): void;
  /**
   * The module the page worker threads run; default the compiled `page-worker.js` beside this file.
   * Only for running from TypeScript source (benchmarks), where that file does not exist.
   */
  pageWorkerUrl?: URL;
}

export interface BuildReport {
  ok: boolean;
  errors: Diagnostic[];
  warnings: Diagnostic[];
  outDir: string;
  pageCount: number;
  indexedCount: number;
  /** Pages taken from the cache instead of being parsed again. */
  cacheHits: number;
  /** Files written (unchanged files are left alone). */
  filesWritten: number;
}

/** Builds `dir` into a bundle. With errors nothing is written. Throws UsageError when `dir` is not a docs folder. */
export async function build(dir: string, options: BuildOptions = {}): Promise<BuildReport> {
  const root = resolve(dir);
  const outDir = resolve(options.out ?? resolve(root, 'dist'));
  const siteUrl = (options.siteUrl ?? DEFAULT_SITE_URL).replace(/\/+$/, '');
  const builder = createPageBuilder(outDir, options.jobs, options.pageWorkerUrl);
  const outInside = relative(root, outDir);
  const { site, diagnostics } = await loadSite(root, {
    parse: builder.parse,
    parseSource: builder.parseSource,
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    // An output folder inside the docs folder must never be read back as content.
    ...(outInside && !outInside.startsWith('..') ? { ignore: [`/${outInside.split('\\').join('/')}/`] } : {}),
  });
  const errors = diagnostics.filter((d) => d.severity === 'error');
  const warnings = diagnostics.filter((d) => d.severity === 'warning');
  const report = { ok: errors.length === 0 && site !== undefined, errors, warnings, outDir, pageCount: builder.built.size, indexedCount: 0, cacheHits: builder.cacheHits, filesWritten: 0 };
  if (!report.ok || !site) return report;

  const writer = new OutputWriter(outDir);
  await emitBundle(site, builder.built, writer, siteUrl);
  report.filesWritten = writer.commit();
  builder.commitCache();
  report.indexedCount = site.pages.filter((p) => p.indexed).length;
  return report;
}
