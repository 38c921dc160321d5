// Starts a worker module from the compiled package, or from its TypeScript source when running src/ (tests, tsx).
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * A worker running the module at `url` (a `.js` file). In the compiled package the file is there.
 * Running from the TypeScript sources (vitest, tsx) only its `.ts` source is: the worker then
 * loads it through tsx, a development dependency that the compiled package never reaches.
 */
export function startWorker(url: URL, options: WorkerOptions): Worker {
  const path = fileURLToPath(url);
  const source = path.replace(/\.js$/, '.ts');
  if (existsSync(path) || !existsSync(source)) return new Worker(url, options);
  // tsx's ES module build (its `import` export; `require.resolve` finds the CommonJS one beside it).
  const tsx = pathToFileURL(
    createRequire(import.meta.url)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs'),
  ).href;
  const load = `import(${JSON.stringify(tsx)}).then(({ tsImport }) => tsImport(${JSON.stringify(pathToFileURL(source).href)}, ${JSON.stringify(url.href)}));`;
  return new Worker(load, { ...options, eval: true });
}
