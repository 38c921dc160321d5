// `dev`: build, serve, watch; rebuild on change, reload open tabs, show errors in page and terminal.
import { existsSync, watch, type FSWatcher } from 'node:fs';
import type { IncomingMessage, RequestListener } from 'node:http';
import { join, relative, resolve } from 'node:path';
import { RuntimeConfigError, readRuntimeConfig } from '../config/index.js';
import { buildKeepingSite, readBundle, reindexParts, updatePage, type BuildReport, type BuiltSite, type LoadedBundle } from '../bundle/index.js';
import type { Diagnostic } from '../diagnostics/index.js';
import { openStore } from '../store/index.js';
import { createApp } from './app.js';
import { devProblems, NO_PROBLEMS, type DevProblems } from './dev-overlay.js';
import { devErrorPage, liveReload } from './dev-reload.js';
import { createFilesystems, type Filesystems } from './filesystems.js';
import { isLoopback, listen } from './listen.js';
import { jsonLogger, type Logger } from './logger.js';

export interface DevOptions {
  dir: string;
  port?: number;
  host?: string;
  logger?: Logger;
  /** Called after every build with its report, how long it took, and the files changed since the previous one (none for the first). */
  onBuild?(report: BuildReport, seconds: number, changed: readonly string[]): void;
}

export interface DevServer {
  url: string;
  /** Resolves after the next build triggered by a file change has been applied (for tests and scripts). */
  nextBuild(): Promise<BuildReport>;
  close(): Promise<void>;
}

/** Folders a rebuild never depends on: the output, the state, tool folders. */
const IGNORED = /^(dist|\.docsite|\.git|node_modules)(\/|$)|(^|\/)\.cache(\/|$)/;
/** How long the watcher waits for more changes: an editor's save is a burst of events within a few milliseconds. */
const SETTLE_MS = 25;
/**
 * How long after a page edit the search index is made again, unless something searches first (see
 * updateOnePage): the reloading tabs' requests come first, and an editor that saves as you type
 * indexes once per pause, not once per save.
 */
const INDEX_AFTER_MS = 300;

export async function dev(options: DevOptions): Promise<DevServer> {
  const dir = resolve(options.dir);
  const out = join(dir, 'dist');
  const host = options.host ?? '127.0.0.1';
  const logger = options.logger ?? jsonLogger();
  const store = await openStore({ dataDir: join(dir, '.docsite') });
  const reload = liveReload();
  const assistantEnabled = await assistantSwitch(dir, logger);
  let handler: RequestListener = (_req, res) => res.writeHead(503).end('Building…');
  let waiting: ((report: BuildReport) => void)[] = [];
  // The filesystem tool's workers hold the site of one build: a new build stops the previous ones.
  let filesystems: Filesystems | undefined;
  /** The site being served (the last one written), and the errors of the last build, shown over its pages. */
  let bundle: LoadedBundle | undefined;
  let problems: DevProblems = NO_PROBLEMS;
  const overlayOf = (req: IncomingMessage): string => problems.overlayFor(bundle && pageRequested(bundle, req));

  /** The site of the last full build, updated in place by each page edit since; and the report of them. */
  let built: BuiltSite | undefined;
  let report: BuildReport | undefined;
  const serve = (next: LoadedBundle): void => {
    const previous = filesystems;
    bundle = next;
    filesystems = createFilesystems(bundle, false);
    handler = reload.wrap(
      createApp({
        bundle,
        store,
        logger: withoutAssetRequests(logger),
        loopbackOnly: isLoopback(host),
        transformHtml: (html, req) => reload.inject(html, overlayOf(req)),
        filesystems,
        assistantEnabled,
      }),
    );
    void previous?.close();
  };

  /**
   * Search index parts made stale by page edits (see updateOnePage), and the making of them again:
   * until it is done, requests that may search wait for it (see mayWaitForSearch), while pages are
   * served at once. Whole builds and index making run one at a time (`serially`).
   */
  const staleParts = new Set<number>();
  let indexTimer: NodeJS.Timeout | undefined;
  let indexing: Promise<void> | undefined;
  const serially = serialQueue();

  /** The site built whole, and written. A page with errors is written too, so that every other page keeps working while it is fixed. */
  const buildWhole = async (): Promise<BuildReport> => {
    // It writes every search index part.
    staleParts.clear();
    const result = await buildKeepingSite(dir, { out, keepBrokenPages: true }).catch((error: Error) => ({ report: crashReport(error, out), built: undefined }));
    // A build that wrote nothing leaves the last site served, but no site to update a page of.
    built = result.built;
    if (built) serve(await readBundle(out));
    return result.report;
  };

  const reindex = (): Promise<void> => {
    clearTimeout(indexTimer);
    indexing ??= serially(async () => {
      // A whole build since the edits wrote every part.
      if (staleParts.size === 0 || !built || !bundle) return;
      const parts = [...staleParts];
      staleParts.clear();
      // The whole build makes good an index that could not be made, and reports why.
      await reindexParts(built, bundle, parts).then(
        (search) => serve({ ...bundle!, search }),
        async () => void (report = await buildWhole()),
      );
    }).finally(() => (indexing = undefined));
    return indexing;
  };

  /**
   * One saved page file of the site is built again alone (see updatePage); anything else (docs.json,
   * a snippet, an OpenAPI file, a page added or removed, a new title or frontmatter, several files
   * at once) builds the whole site. Undefined when the edit needs the whole site.
   */
  const updateOnePage = (changed: readonly string[]): BuildReport | undefined => {
    if (!built || !bundle || !report || changed.length !== 1) return undefined;
    const file = changed[0]!;
    if (!built.site.pages.some((page) => page.file === file) || !existsSync(join(dir, file))) return undefined;
    const updated = updatePage(built, bundle, report, file);
    if (!updated) return undefined;
    serve(updated.bundle);
    if (updated.searchPart !== undefined) {
      staleParts.add(updated.searchPart);
      clearTimeout(indexTimer);
      indexTimer = setTimeout(() => void reindex(), INDEX_AFTER_MS);
    }
    return updated.report;
  };

  const rebuild = async (changed: readonly string[]): Promise<void> => {
    const started = performance.now();
    report = tryUpdate(() => updateOnePage(changed)) ?? (await serially(buildWhole));
    problems = devProblems(dir, report.errors, new Set(bundle?.manifest.pages.map((page) => page.path)));
    // Before the first site is written there is nothing to show beneath the errors.
    if (!bundle) handler = reload.wrap(devErrorPage(problems.overlayFor(undefined), reload.inject));
    options.onBuild?.(report, (performance.now() - started) / 1000, changed);
    reload.notify();
    const resolved = waiting;
    waiting = [];
    for (const resolve of resolved) resolve(report);
  };

  await rebuild([]);
  const listening = await listen(
    (req, res) => {
      if ((indexing || staleParts.size > 0) && mayWaitForSearch(req, bundle)) void reindex().then(() => handler(req, res));
      else handler(req, res);
    },
    host,
    options.port ?? 3000,
    logger,
  );
  // A rebuild that throws past the build (its bundle unreadable, say) is logged: the server keeps serving the last site.
  const watcher: FSWatcher = watchSite(dir, (changed) => rebuild(changed).catch((error: Error) => logger.error('rebuild failed', { message: error.message })));
  return {
    url: listening.url,
    nextBuild: () => new Promise((resolve) => waiting.push(resolve)),
    async close() {
      watcher.close();
      clearTimeout(indexTimer);
      await indexing;
      reload.close();
      await listening.close();
      await filesystems?.close();
      await store.close();
    },
  };
}

/**
 * Whether pages offer Ask AI, as `docsite serve` of the folder will: the runtime config's
 * `assistant.enabled`. A runtime config with errors is reported (serve will refuse it) and dev goes
 * on with the default, so that the docs can still be edited.
 */
async function assistantSwitch(dir: string, logger: Logger): Promise<boolean> {
  try {
    return (await readRuntimeConfig(dir)).assistant.enabled;
  } catch (error) {
    if (!(error instanceof RuntimeConfigError)) throw error;
    for (const problem of error.diagnostics) logger.warn(`${problem.file}:${problem.line}:${problem.column} ${problem.message}`, { code: problem.code });
    logger.warn('the runtime config has errors: docsite dev serves with its defaults, and docsite serve will refuse it until they are fixed');
    return true;
  }
}

/** The path of the page a request asks for, if it asks for one. */
function pageRequested(bundle: LoadedBundle, req: IncomingMessage): string | undefined {
  try {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
    return bundle.pagesByUrl.get(path.length > 1 ? path.replace(/\/+$/, '') : path)?.path;
  } catch {
    return undefined;
  }
}

/** Files a page loads besides docsite's own under /_docsite/: stylesheets, scripts, images, fonts. */
const ASSET_FILE = /\.(css|m?js|map|png|jpe?g|gif|svg|webp|avif|ico|woff2?|ttf|otf|eot)$/i;
/** Files a page loads: docsite's own under /_docsite/, and asset files. */
const ASSET_PATH = new RegExp(`^/_docsite/|${ASSET_FILE.source}`, 'i');

/**
 * Whether a request may use the search index, so waits while it is made again: every request but
 * for a page and for an asset file (the search endpoint, MCP, the REST API and Ask AI search).
 */
function mayWaitForSearch(req: IncomingMessage, bundle: LoadedBundle | undefined): boolean {
  return !ASSET_FILE.test((req.url ?? '/').split('?')[0]!) && !(bundle && pageRequested(bundle, req));
}

/** Runs the tasks given to it one after another, each once the previous one has settled. */
function serialQueue(): <T>(task: () => Promise<T>) => Promise<T> {
  let last: Promise<unknown> = Promise.resolve();
  return (task) => {
    const result = last.then(task);
    last = result.catch(() => undefined);
    return result;
  };
}

/** What `update` gave, or undefined when it threw: an update that fails part-way is made good by the whole build, which reports what went wrong. */
function tryUpdate(update: () => BuildReport | undefined): BuildReport | undefined {
  try {
    return update();
  } catch {
    return undefined;
  }
}

/** The terminal is the author's: a request line for every asset a page loads would bury the ones for pages. */
function withoutAssetRequests(logger: Logger): Logger {
  return {
    ...logger,
    info(message, fields) {
      if (message === 'request' && typeof fields?.path === 'string' && ASSET_PATH.test(fields.path)) return;
      logger.info(message, fields);
    },
  };
}

/** Watches the docs folder and runs `rebuild` with the files changed after changes settle; builds never overlap. */
function watchSite(dir: string, rebuild: (changed: readonly string[]) => Promise<void>): FSWatcher {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const changed = new Set<string>();
  const run = (): void => {
    if (running || changed.size === 0) return;
    const files = [...changed].sort();
    changed.clear();
    running = rebuild(files).finally(() => {
      running = undefined;
      run();
    });
  };
  return watch(dir, { recursive: true }, (_event, file) => {
    const path = file ? relative(dir, join(dir, file.toString())).split('\\').join('/') : '';
    if (!path || IGNORED.test(path)) return;
    changed.add(path);
    clearTimeout(timer);
    timer = setTimeout(run, SETTLE_MS);
  });
}

/** The report of a build that threw: nothing written, the error shown like a diagnostic. */
function crashReport(error: Error, outDir: string): BuildReport {
  return { ok: false, errors: [crashDiagnostic(error)], warnings: [], outDir, pageCount: 0, indexedCount: 0, cacheHits: 0, filesWritten: 0, written: false };
}

function crashDiagnostic(error: Error): Diagnostic {
  return {
    file: 'docs.json',
    line: 1,
    column: 1,
    code: 'config/invalid-json',
    severity: 'error',
    message: `The build stopped: ${error.message}`,
    hint: 'Fix the file named above, or report this as a docsite bug.',
  };
}
