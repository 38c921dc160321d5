// Builds the bundle's search index file from the site's search records, in a worker thread for large sites.
import { createHash } from 'node:crypto';
import { parentPort, Worker } from 'node:worker_threads';
import { SearchIndex, type SearchRecord } from '../search/index.js';
import { DOCSITE_VERSION } from '../version.js';
import type { OutputWriter } from './output-writer.js';

/** The index file's text and its sha256 (hex), so the writer need not hash 60 MB again. */
export interface SearchIndexFile {
  text: string;
  hash: string;
}

/** `workerData` of a build worker that builds the search index instead of pages (see page-worker.ts). */
export const SEARCH_INDEX_ROLE = 'search-index';

/**
 * Adds the search index of `records` to `out` at `path`, on `worker` when given, else in this
 * thread before returning. A rebuild whose records did not change keeps the previous file:
 * indexing is most of a small rebuild's work.
 */
export function addSearchIndex(out: OutputWriter, path: string, records: readonly SearchRecord[], worker?: SearchIndexWorker): Promise<void> {
  // Not async, and nothing below keeps `json`: 50 MB for a large site, garbage once handed over.
  const json = JSON.stringify(records);
  const key = createHash('sha256').update(DOCSITE_VERSION).update('\0').update(json).digest('hex');
  if (out.keep(path, key)) return Promise.resolve();
  return (worker ? worker.build(json) : searchIndexFile(json)).then((file) => out.add(path, file.text, { key, hash: file.hash }));
}

/**
 * The search index file of `recordsJson` (the JSON text of the site's SearchRecords): the same
 * text in either thread, and the same as any earlier build of the same records.
 */
export function searchIndexFile(recordsJson: string): Promise<SearchIndexFile> {
  // Neither the records nor the index outlive the export: the file is made from the export alone.
  return SearchIndex.build(JSON.parse(recordsJson) as SearchRecord[])
    .export()
    .then((exported) => {
      const text = `${JSON.stringify(exported, null, 2)}\n`;
      return { text, hash: createHash('sha256').update(text).digest('hex') };
    });
}

/**
 * A worker thread that builds one search index file, so the build's thread can lay out and write
 * pages meanwhile. Start it early: its modules load while the site loads. Always `close` it.
 */
export class SearchIndexWorker {
  private readonly worker: Worker;
  private readonly answer: Promise<SearchIndexFile>;

  /** Starts a build worker module (see page-worker.ts) in the search-index role. */
  constructor(workerUrl: URL) {
    this.worker = new Worker(workerUrl, { workerData: { role: SEARCH_INDEX_ROLE } });
    this.answer = new Promise((resolve, reject) => {
      this.worker.once('message', resolve);
      this.worker.once('error', reject);
      this.worker.once('exit', (code) => reject(new Error(`The search index worker exited (code ${code}) before answering.`)));
    });
    // Observed by `build`; a worker that is never asked (a failed or unchanged build) must not fail the process.
    this.answer.catch(() => undefined);
  }

  /** The index file of `recordsJson`. The records go over as JSON text: copying one string is much cheaper than cloning fifty thousand objects. */
  build(recordsJson: string): Promise<SearchIndexFile> {
    this.worker.postMessage(recordsJson);
    return this.answer;
  }

  /** Stops the thread. */
  async close(): Promise<void> {
    await this.worker.terminate();
  }
}

/** The worker side of SearchIndexWorker: answers one request. Call at the top level of a worker module. */
export function serveSearchIndexFile(): void {
  parentPort?.once('message', (recordsJson: string) => {
    void searchIndexFile(recordsJson).then((file) => parentPort?.postMessage(file));
  });
}
