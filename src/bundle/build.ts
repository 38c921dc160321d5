// `build`: validates a docs folder and writes the deployable bundle that `serve` reads.
import { statSync } from 'node:fs';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { asBuildDiagnostics, bySeverity, type Diagnostic } from '../diagnostics/index.js';
import { UsageError } from '../errors.js';
import { loadSite, type LoadResult, type SiteModel } from '../site/index.js';
import { defaultJobs } from '../content/index.js';
import { createPageBuilder, type PageBuilder } from './build-pages.js';
import { emitBundle } from './emit-bundle.js';
import { OutputWriter } from './output-writer.js';
import { BUILD_PAGE_JOB } from './page-job.js';
import { SearchIndexWorker } from './search-index-job.js';

export const DEFAULT_SITE_URL = 'http://localhost:3000';

/**
 * From this many pages to build on (pages the cache lacks), a build with more than one thread
 * indexes the site for search on its own thread: each page changed is a part of the index to
 * make again, and a rebuild of a few pages makes them sooner than a thread would start.
 */
const SEARCH_WORKER_MIN_PAGES = 1_000;

export interface BuildOptions {
  /** Output folder; default `<dir>/dist`. */
  out?: string;
  /** Parser threads; default one per core. */
  jobs?: number;
  /** Where the site will be reached; discovery files and llms.txt use it. `serve` may override it. */
  siteUrl?: string;
  /** Treat warnings as errors: then a warning (a broken link among them), too, fails the build and nothing is written. */
  strict?: boolean;
  /**
   * Write the bundle even when every error is in a page file (an MDX or frontmatter error): the
   * page is laid out with what could be rendered of it, and the report stays not ok. `docsite dev`
   * serves such a bundle and shows the errors over their pages.
   */
  keepBrokenPages?: boolean;
  /**
   * From how many pages to build the search index on a thread of its own (with `jobs` over 1):
   * below it the thread costs more than it saves. Default 1,000.
   */
  searchWorkerMinPages?: number;
  onProgress?(done: number, total: number): void;
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
  /** Whether the bundle was written: always when ok; with `keepBrokenPages`, also when only pages have errors. */
  written: boolean;
}

/** Builds `dir` into a bundle. With errors (broken links are warnings here) nothing is written. Throws UsageError when `dir` is not a docs folder or `out` cannot be its output folder. */
export async function build(dir: string, options: BuildOptions = {}): Promise<BuildReport> {
  return (await buildKeepingSite(dir, options)).report;
}

/** What a build that wrote its bundle keeps for `docsite dev` to update one page of it (see updatePage). */
export interface BuiltSite {
  site: SiteModel;
  pages: PageBuilder;
  /** See LoadResult.sitePageOf. */
  sitePageOf: NonNullable<LoadResult['sitePageOf']>;
  siteUrl: string;
  outDir: string;
}

/** `build`, also handing back the site it wrote (undefined when it wrote none). */
export async function buildKeepingSite(dir: string, options: BuildOptions = {}): Promise<{ report: BuildReport; built?: BuiltSite }> {
  const root = resolve(dir);
  const outDir = resolve(options.out ?? resolve(root, 'dist'));
  const siteUrl = (options.siteUrl ?? DEFAULT_SITE_URL).replace(/\/+$/, '');
  const jobs = options.jobs ?? defaultJobs();
  assertOutputFolder(root, outDir);
  const builder = createPageBuilder(outDir, jobs);
  const outInside = relative(root, outDir);
  // A large site's search index is built on a thread of its own, started as soon as the pages to build are known.
  let searchWorker: SearchIndexWorker | undefined;
  try {
    const { site, diagnostics, sitePageOf } = await loadSite(root, {
      parse(root, files, onProgress, settings) {
        return builder.parse(
          root,
          files,
          onProgress,
          (misses) => {
            if (jobs > 1 && misses >= (options.searchWorkerMinPages ?? SEARCH_WORKER_MIN_PAGES)) searchWorker = new SearchIndexWorker(BUILD_PAGE_JOB.workerUrl);
          },
          settings,
        );
      },
      parseSource: builder.parseSource,
      ...(options.onProgress ? { onProgress: options.onProgress } : {}),
      // An output folder inside the docs folder must never be read back as content.
      ...(outInside && !outInside.startsWith('..') ? { ignore: [`/${outInside.split('\\').join('/')}/`] } : {}),
    });
    // A build stops only on what it cannot render; validate's other errors are reported as warnings.
    const { errors, warnings } = bySeverity(asBuildDiagnostics(diagnostics), options.strict);
    const report = {
      ok: errors.length === 0 && site !== undefined,
      errors,
      warnings,
      outDir,
      pageCount: builder.built.size,
      indexedCount: 0,
      cacheHits: builder.cacheHits,
      filesWritten: 0,
      written: false,
    };
    if (!site || !sitePageOf || !(report.ok || (options.keepBrokenPages && onlyInPages(errors, site.pages)))) return { report };

    const writer = new OutputWriter(outDir);
    const { indexed, compressed } = emitBundle(site, builder, writer, siteUrl, { searchWorker });
    // Saved while a search worker finishes the index: the entries are this build's pages, good whatever the index does.
    builder.commitCache();
    await Promise.all([indexed, compressed]);
    report.filesWritten = writer.commit();
    report.indexedCount = site.pages.filter((p) => p.indexed).length;
    report.written = true;
    return { report, built: { site, pages: builder, sitePageOf, siteUrl, outDir } };
  } finally {
    await searchWorker?.close();
  }
}

/** Whether every error is in a page file, or in a snippet's text on pages: then the site's other pages are whole. */
function onlyInPages(errors: readonly Diagnostic[], pages: readonly { file: string }[]): boolean {
  const files = new Set(pages.map((page) => page.file));
  return errors.every((error) => (error.placedOn?.map((placement) => placement.file) ?? [error.file]).every((file) => files.has(file)));
}

/**
 * The bundle goes to a folder of its own: written over the docs folder (or a folder holding it),
 * its Markdown copies would be read back as pages by the next build, and removing the files a
 * build no longer writes could reach the sources.
 */
function assertOutputFolder(root: string, outDir: string): void {
  const rootFromOut = relative(outDir, root);
  const outside = rootFromOut === '..' || rootFromOut.startsWith(`..${sep}`) || isAbsolute(rootFromOut);
  if (!outside) {
    throw new UsageError(`The output folder ${outDir} is the docs folder or holds it.`, 'Pass an --out folder inside or beside the docs folder, such as dist.');
  }
  const info = statSync(outDir, { throwIfNoEntry: false });
  if (info && !info.isDirectory())
    throw new UsageError(`The output folder ${outDir} is a file.`, 'Pass a folder for --out; it is created if it does not exist.');
}
