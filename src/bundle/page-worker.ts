// Worker thread of `build`: builds batches of pages, or (started in the search-index role) the search index.
import { workerData } from 'node:worker_threads';
import { WORKER_ROLES } from './worker-roles.js';

const { role } = (workerData ?? {}) as { role?: string };
// Each role loads only its own modules; messages sent meanwhile wait.
if (role === WORKER_ROLES.searchIndex) {
  const { serveSearchIndexFiles } = await import('./search-index-job.js');
  serveSearchIndexFiles();
} else {
  const [{ serveBatches }, { BUILD_PAGE_JOB }] = await Promise.all([import('../content/index.js'), import('./page-job.js')]);
  serveBatches(BUILD_PAGE_JOB);
}
