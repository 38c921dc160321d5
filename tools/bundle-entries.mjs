// Run by `npm run build` after tsc: bundles each entry point of dist/ in place, dependencies
// included, so that a process or worker thread loads one file instead of resolving, reading and
// compiling some 600 to 1,600 modules. That took about 0.4 s per thread: the build's workers
// and `docsite` itself each paid it before doing any work.
//
// Each module keeps the import.meta.url of the file it came from, so what it finds beside itself
// (templates/, schemas/, package.json, the precompiled schemas, the worker entries) is where it
// was. The rest of dist/ stays as tsc wrote it, for the type declarations.
import { readFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const DIST = fileURLToPath(new URL('../dist/', import.meta.url));

/** The entry points: the library API, the CLI, and the modules worker threads start. */
const ENTRIES = ['index.js', 'cli/index.js', 'bundle/page-worker.js', 'content/parse-worker.js'];

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

for (const entry of ENTRIES) {
  const file = join(DIST, entry);
  await esbuild.build({
    entryPoints: [file],
    outfile: file,
    allowOverwrite: true,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Packages that ship both prefer their ES module build (jsonc-parser's UMD build cannot be bundled).
    mainFields: ['module', 'main'],
    external: EXTERNAL,
    plugins: [keepModuleUrls(dirname(file))],
    // CommonJS dependencies bundled into an ES module still call `require` for Node's built-ins.
    banner: { js: "import { createRequire as __docsiteCreateRequire } from 'node:module'; const require = __docsiteCreateRequire(import.meta.url);" },
    logLevel: 'warning',
  });
}
