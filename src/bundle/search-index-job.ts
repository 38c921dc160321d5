// Builds the bundle's search index parts from the site's search records, in a worker thread for large sites.
import { createHash } from 'node:crypto';
import { parentPort, Worker } from 'node:worker_threads';
import { INDEX_FORMAT_VERSION, partitionPages, recordsOf, SearchIndex, type SearchablePage, type SearchRecord } from '../search/index.js';
import { DOCSITE_VERSION } from '../version.js';
import type { OutputWriter } from './output-writer.js';
import { WORKER_ROLES } from './worker-roles.js';

/** An index part file's text and its sha256 (hex), so the writer need not hash it again. */
export interface SearchIndexFile {
  text: string;
  hash: string;
}

/**
 * Adds the search index of `pages` to `out`, as part files under the folder `dir` (see
 * `partitionPages`), built on `worker` when given, else in this thread. `contentKey` gives the
 * key of what a page's content was built from (its title and sections come from it). A part
 * whose pages did not change since the previous build keeps its file, unread: a one-page
 * rebuild indexes one part. Returns the bundle paths of the parts, in order, at once, and
 * `written` when they are all added.
 */
export function addSearchIndex<P extends SearchablePage>(
  out: OutputWriter,
  dir: string,
  pages: readonly P[],
  contentKey: (page: P) => string,
  worker?: SearchIndexWorker,
): { files: string[]; written: Promise<void> } {
  const parts = partitionPages(pages.filter((page) => page.searchable)).map((partPages, i) => {
    // The format version too: a rebuild must rewrite every part written in another layout.
    const hash = createHash('sha256').update(`${DOCSITE_VERSION}\0${INDEX_FORMAT_VERSION}`);
    for (const page of partPages) {
      const { url, versions, languages, access, keywords, boost } = page;
      hash.update('\0').update(contentKey(page)).update(JSON.stringify({ url, versions, languages, access, keywords, boost }));
    }
    return { path: `${dir}${String(i).padStart(4, '0')}.json`, key: hash.digest('hex'), pages: partPages };
  });
  const missing = parts.filter((part) => !out.keep(part.path, part.key));
  // JSON text is what crosses to the worker: one string copies far faster than cloned objects.
  const jsons = missing.map((part) => JSON.stringify(recordsOf(part.pages)));
  const built = worker && missing.length > 0 ? worker.build(jsons) : Promise.resolve().then(() => jsons.map(searchIndexFile));
  const written = built.then((files) => {
    for (const [i, part] of missing.entries()) out.add(part.path, files[i]!.text, { key: part.key, hash: files[i]!.hash });
  });
  return { files: parts.map((part) => part.path), written };
}

/**
 * The index part file of `recordsJson` (the JSON text of SearchRecords): the same text in either
 * thread, and the same as any earlier build of the same records.
 */
export function searchIndexFile(recordsJson: string): SearchIndexFile {
  const exported = SearchIndex.build(JSON.parse(recordsJson) as SearchRecord[]).export();
  // Compact: FlexSearch's posting lists, pretty-printed, would take a line per id.
  const text = `${JSON.stringify(exported)}\n`;
  return { text, hash: createHash('sha256').update(text).digest('hex') };
}

/**
 * A worker thread that builds index part files, so the build's thread can lay out and write
 * pages meanwhile. Start it early: its modules load while the site loads. Always `close` it.
 */
export class SearchIndexWorker {
  private readonly worker: Worker;
  private readonly answer: Promise<SearchIndexFile[]>;

  /** Starts a build worker module (see page-worker.ts) in the search-index role. */
  constructor(workerUrl: URL) {
    this.worker = new Worker(workerUrl, { workerData: { role: WORKER_ROLES.searchIndex } });
    this.answer = new Promise((resolve, reject) => {
      this.worker.once('message', resolve);
      this.worker.once('error', reject);
      this.worker.once('exit', (code) => reject(new Error(`The search index worker exited (code ${code}) before answering.`)));
    });
    // Observed by `build`; a worker that is never asked (a failed or unchanged build) must not fail the process.
    this.answer.catch(() => undefined);
  }

  /** The part files of `recordsJsons` (one JSON text of SearchRecords per part), in order. Call once. */
  build(recordsJsons: string[]): Promise<SearchIndexFile[]> {
    this.worker.postMessage(recordsJsons);
    return this.answer;
  }

  /** Stops the thread. */
  async close(): Promise<void> {
    await this.worker.terminate();
  }
}

/** The worker side of SearchIndexWorker: answers one request. Call at the top level of a worker module. */
export function serveSearchIndexFiles(): void {
  parentPort?.once('message', (recordsJsons: string[]) => {
    parentPort?.postMessage(recordsJsons.map(searchIndexFile));
  });
}
