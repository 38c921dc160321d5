// Worker thread of `build`: builds batches of pages, or (started in the search-index role) the search index.
import { workerData } from 'node:worker_threads';
import { SEARCH_INDEX_ROLE, serveSearchIndexFiles } from './search-index-job.js';

if ((workerData as { role?: string } | null)?.role === SEARCH_INDEX_ROLE) {
  serveSearchIndexFiles();
} else {
  // Loaded only here, so the search-index role does not load the MDX pipeline; batches sent meanwhile wait.
  const [{ serveBatches }, { buildPage }] = await Promise.all([import('../content/index.js'), import('./page-job.js')]);
  serveBatches(buildPage);
}
