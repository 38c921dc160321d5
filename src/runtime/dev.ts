// `dev`: build, serve, watch; rebuild on change, reload open tabs, show errors in page and terminal.
import { watch, type FSWatcher } from 'node:fs';
import type { RequestListener } from 'node:http';
import { join, relative, resolve } from 'node:path';
import { build, readBundle, type BuildReport } from '../bundle/index.js';
import type { Diagnostic } from '../diagnostics/index.js';
import { openStore } from '../store/index.js';
import { createApp } from './app.js';
import { devErrorPage, liveReload } from './dev-reload.js';
import { createFilesystems, type Filesystems } from './filesystems.js';
import { isLoopback, listen } from './listen.js';
import { jsonLogger, type Logger } from './logger.js';

export interface DevOptions {
  dir: string;
  port?: number;
  host?: string;
  logger?: Logger;
  /** Called after every build, with its report and how long it took. */
  onBuild?(report: BuildReport, seconds: number): void;
}

export interface DevServer {
  url: string;
  /** Resolves after the next build triggered by a file change has been applied (for tests and scripts). */
  nextBuild(): Promise<BuildReport>;
  close(): Promise<void>;
}

/** Folders a rebuild never depends on: the output, the state, tool folders. */
const IGNORED = /^(dist|\.docsite|\.git|node_modules)(\/|$)|(^|\/)\.cache(\/|$)/;

export async function dev(options: DevOptions): Promise<DevServer> {
  const dir = resolve(options.dir);
  const out = join(dir, 'dist');
  const host = options.host ?? '127.0.0.1';
  const logger = options.logger ?? jsonLogger();
  const store = await openStore({ dataDir: join(dir, '.docsite') });
  const reload = liveReload();
  let handler: RequestListener = (_req, res) => res.writeHead(503).end('Building…');
  let waiting: ((report: BuildReport) => void)[] = [];
  // The filesystem tool's workers hold the site of one build: a new build stops the previous ones.
  let filesystems: Filesystems | undefined;

  const rebuild = async (): Promise<void> => {
    const started = performance.now();
    const report = await build(dir, { out }).catch(
      (error: Error): BuildReport => ({
        ok: false,
        errors: [crashDiagnostic(error)],
        warnings: [],
        outDir: out,
        pageCount: 0,
        indexedCount: 0,
        cacheHits: 0,
        filesWritten: 0,
      }),
    );
    options.onBuild?.(report, (performance.now() - started) / 1000);
    if (report.ok) {
      const bundle = await readBundle(out);
      const previous = filesystems;
      filesystems = createFilesystems(bundle, false);
      handler = reload.wrap(createApp({ bundle, store, logger, loopbackOnly: isLoopback(host), transformHtml: reload.inject, filesystems }));
      void previous?.close();
    } else {
      // The server keeps running: every page shows the problems until the next good build.
      handler = reload.wrap(devErrorPage(report.errors, reload.inject));
    }
    reload.notify();
    const resolved = waiting;
    waiting = [];
    for (const resolve of resolved) resolve(report);
  };

  await rebuild();
  const listening = await listen((req, res) => handler(req, res), host, options.port ?? 3000, logger);
  const watcher: FSWatcher = watchSite(dir, rebuild);
  return {
    url: listening.url,
    nextBuild: () => new Promise((resolve) => waiting.push(resolve)),
    async close() {
      watcher.close();
      reload.close();
      await listening.close();
      await filesystems?.close();
      await store.close();
    },
  };
}

/** Watches the docs folder and runs `rebuild` after changes settle; builds never overlap. */
function watchSite(dir: string, rebuild: () => Promise<void>): FSWatcher {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  const run = (): void => {
    if (running) {
      again = true;
      return;
    }
    running = rebuild().finally(() => {
      running = undefined;
      if (again) {
        again = false;
        run();
      }
    });
  };
  return watch(dir, { recursive: true }, (_event, file) => {
    if (!file || IGNORED.test(relative(dir, join(dir, file.toString())).split('\\').join('/'))) return;
    clearTimeout(timer);
    timer = setTimeout(run, 100);
  });
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
