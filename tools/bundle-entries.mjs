// Run by `npm run build` after tsc: bundles dist/'s entry points, dependencies included, so that
// a process or worker thread loads a few files instead of resolving, reading and compiling some
// 600 to 1,600 modules. That took about 0.4 s per thread: the build's workers and `docsite`
// itself each paid it before doing any work.
//
// Each module keeps the import.meta.url of the file it came from, so what it finds beside itself
// (templates/, schemas/, package.json, the precompiled schemas, the worker entries) is where it
// was. The rest of dist/ stays as tsc wrote it, for the type declarations.
import { readdirSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const DIST = fileURLToPath(new URL('../dist/', import.meta.url));

/** The modules worker threads start. */
const WORKER_ENTRIES = ['bundle/page-worker.js', 'content/parse-worker.js', 'vfs/pool/shell-worker.js'];

/**
 * Loaded at run time, not bundled: better-sqlite3 is a native addon, and pg-native is an optional
 * native driver that pg loads only when asked to.
 */
const EXTERNAL = ['better-sqlite3', 'pg-native'];

/** Rewrites `import.meta.url` in each module to the URL of the file it was read from, relative to the bundle. */
function keepModuleUrls(outDir) {
  return {
    name: 'keep-module-urls',
    setup(build) {
      build.onLoad({ filter: /\.[cm]?js$/ }, async (args) => {
        const text = await readFile(args.path, 'utf8');
        if (!text.includes('import.meta.url')) return undefined;
        const from = JSON.stringify(relative(outDir, args.path).split('\\').join('/'));
        return { contents: text.replaceAll('import.meta.url', `new URL(${from}, import.meta.url).href`), loader: 'js' };
      });
    },
  };
}

/** Options every bundle shares; `outDir` is where its files land, so modules resolve their own URLs from there. */
function common(outDir) {
  return {
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Packages that ship both prefer their ES module build (jsonc-parser's UMD build cannot be bundled).
    mainFields: ['module', 'main'],
    external: EXTERNAL,
    plugins: [keepModuleUrls(outDir)],
    // CommonJS dependencies bundled into an ES module still call `require` for Node's built-ins.
    banner: { js: "import { createRequire as __docsiteCreateRequire } from 'node:module'; const require = __docsiteCreateRequire(import.meta.url);" },
    allowOverwrite: true,
    logLevel: 'warning',
  };
}

// The library and the CLI share chunks, all in dist/ itself: what is imported lazily (the HTTP
// runtime, the stores) stays in chunks that a build or validate never reads.
const CHUNK_PREFIX = '_chunks-';
// Chunk names change with their content: drop the previous build's, which nothing imports any more.
for (const name of readdirSync(DIST)) if (name.startsWith(CHUNK_PREFIX)) rmSync(join(DIST, name));
await esbuild.build({
  ...common(DIST),
  entryPoints: { index: join(DIST, 'index.js'), cli: join(DIST, 'cli/index.js') },
  outdir: DIST,
  splitting: true,
  chunkNames: `${CHUNK_PREFIX}[hash]`,
});

// A worker entry is one file of its own, in place: its URL is what the pools start.
for (const entry of WORKER_ENTRIES) {
  const file = join(DIST, entry);
  await esbuild.build({ ...common(dirname(file)), entryPoints: [file], outfile: file });
}
