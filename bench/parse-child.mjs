// Run by the build benchmark in a child process: the bare MDX parse of a corpus with the compiled
// package's processor, on THREADS threads (1: this thread), starting cold as a build does. Prints
// the seconds from the first file read to the last parse as one JSON line.
// Usage: node bench/parse-child.mjs DOCS_DIR THREADS
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { discoverFiles, parseMdx } from '../dist/index.js';
import { extractHeadingIds } from '../dist/content/index.js';

/** `{#id}` heading suffixes are blanked first, as the build does: MDX cannot parse them. */
function parseAll(root, files) {
  for (const file of files) parseMdx(extractHeadingIds(readFileSync(join(root, file), 'utf8')).source);
}

if (isMainThread) {
  const [dir, threads] = process.argv.slice(2);
  const { pages } = await discoverFiles(dir);
  const n = Number(threads);
  const start = performance.now();
  if (n <= 1) parseAll(dir, pages);
  else {
    await Promise.all(
      Array.from({ length: n }, (_, i) =>
        new Promise((resolve, reject) => {
          const worker = new Worker(new URL(import.meta.url), { workerData: { dir, files: pages.filter((_, j) => j % n === i) } });
          worker.once('message', resolve);
          worker.once('error', reject);
        }).then(() => undefined),
      ),
    );
  }
  process.stdout.write(`${JSON.stringify({ seconds: (performance.now() - start) / 1000 })}\n`);
  process.exit(0);
} else {
  parseAll(workerData.dir, workerData.files);
  parentPort.postMessage('done');
}
