// The MCP filesystem as each kind of reader sees it: one tree per set of readable pages, run on shell worker threads.
import type { LoadedBundle } from '../bundle/index.js';
import type { FilesystemRunner } from '../mcp/index.js';
import { SHELL_LIMITS, ShellPool, tooMuchWorkMessage, type ShellPoolOptions } from '../vfs/index.js';
import { accessKeyOf } from '../site/index.js';
import type { ReaderView } from './reader-view.js';

/** The filesystem tool of one site. */
export interface Filesystems {
  /**
   * The filesystem of one request's reader. Its calls (several in a JSON-RPC batch) run one at a
   * time and share one CPU budget (`batchCpuMs`), so a batch weighs no more than a few calls.
   */
  forRequest(view: ReaderView): FilesystemRunner;
  /** Stops the workers. */
  close(): Promise<void>;
}

/**
 * The filesystem tool of `bundle`: every page source and OpenAPI file, packed once for the
 * shell workers. Each reader's tree holds exactly the pages and OpenAPI files `canRead` lets them
 * read; trees are built once per distinct set of readable pages (anonymous, signed in, each
 * combination of the site's groups) and shared by every request of that set.
 */
export function createFilesystems(bundle: LoadedBundle, authentication: boolean, options: ShellPoolOptions = {}): Filesystems {
  const { pages } = bundle.manifest;
  const pool = new ShellPool([...pages.map((page) => bundle.sources.get(page.path)!), ...bundle.openapi], options);
  const limits = options.limits ?? SHELL_LIMITS;
  const siteGroups = [...new Set(pages.flatMap((page) => page.access.groups))].sort();
  const keyOf = (view: ReaderView): string => accessKeyOf(view.principal, authentication, siteGroups);
  const filesOfView = new Map<string, Uint32Array>();
  return {
    forRequest(view) {
      const key = keyOf(view);
      const files = (): Uint32Array => {
        let readable = filesOfView.get(key);
        if (!readable) {
          readable = Uint32Array.from([
            ...pages.flatMap((page, i) => (view.canRead(page) ? [i] : [])),
            ...bundle.openapi.flatMap((file, i) => (view.canRead(file) ? [pages.length + i] : [])),
          ]);
          filesOfView.set(key, readable);
        }
        return readable;
      };
      let cpuLeft = limits.batchCpuMs;
      let previous: Promise<unknown> = Promise.resolve();
      const runOne = async (command: string): Promise<{ output: string; isError: boolean }> => {
        if (cpuLeft <= 0) return { output: `shell: ${tooMuchWorkMessage('batch', limits.batchCpuMs)}\n`, isError: true };
        const answer = await pool.run({ view: key, files, command, sharedCpuMs: cpuLeft });
        cpuLeft -= answer.cpuMs;
        return { output: answer.stdout + answer.stderr, isError: answer.exitCode !== 0 };
      };
      return (command) => {
        const result = previous.then(() => runOne(command));
        previous = result.catch(() => undefined);
        return result;
      };
    },
    close: () => pool.close(),
  };
}
