// Builds the example site once and serves it in-process, for HTTP tests of the runtime's routes.
import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, readBundle, type BuildReport, type LoadedBundle } from '../../src/bundle/index.js';
import { createApp, silentLogger, type AppOptions } from '../../src/runtime/index.js';
import { openStore, type Store } from '../../src/store/index.js';

export const EXAMPLE_SITE = join(import.meta.dirname, '..', '..', 'examples', 'acme');

let built: Promise<LoadedBundle> | undefined;

/** The example site's bundle, built once per test file. */
export function exampleBundle(): Promise<LoadedBundle> {
  built ??= build(EXAMPLE_SITE, { out: mkdtempSync(join(tmpdir(), 'docsite-runtime-')), jobs: 1 }).then((report) => {
    if (!report.ok) throw new Error(`example site failed to build: ${JSON.stringify(report.errors)}`);
    return readBundle(report.outDir);
  });
  return built;
}

export interface TestRuntime {
  url: string;
  store: Store;
  close(): Promise<void>;
}

/** Serves the example bundle on a free loopback port with a fresh SQLite store. */
export async function startRuntime(options: Partial<AppOptions> = {}): Promise<TestRuntime> {
  const store = await openStore({ dataDir: mkdtempSync(join(tmpdir(), 'docsite-state-')) });
  const app = createApp({ bundle: await exampleBundle(), store, logger: silentLogger, loopbackOnly: true, ...options });
  const server: Server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    store,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await store.close();
    },
  };
}

/** Builds the docs folder `dir` (one from writeSite, say), failing on any build error, and serves it as startRuntime does. */
export async function serveSite(dir: string, options: Partial<AppOptions> = {}): Promise<TestRuntime & { report: BuildReport }> {
  const report = await build(dir, { out: mkdtempSync(join(tmpdir(), 'docsite-site-')), jobs: 1 });
  if (report.errors.length > 0) throw new Error(`the test site failed to build: ${JSON.stringify(report.errors)}`);
  return { ...(await startRuntime({ bundle: await readBundle(report.outDir), ...options })), report };
}
