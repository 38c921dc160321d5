// Parses page files across threads, for `validate` and everything built on the site model.
import { readPages } from './read-page.js';
import { defaultJobs, runPool, type PoolJob } from './worker-pool.js';
import type { ParsedPage } from './parse-page.js';
import type { ContentVariables } from './variables.js';

export const PARSE_JOB: PoolJob<ContentVariables | undefined, ParsedPage> = {
  workerUrl: new URL('./parse-worker.js', import.meta.url),
  run: (root, files, variables, sources) => readPages(root, files, sources, variables),
};

/** Parses `files` (relative to `root`) with up to `jobs` threads, docs.json `variables` filled in; results keep the order of `files`. */
export function parsePages(
  root: string,
  files: readonly string[],
  jobs = defaultJobs(),
  onProgress?: (done: number) => void,
  variables?: ContentVariables,
): Promise<ParsedPage[]> {
  return runPool(PARSE_JOB, root, files, variables, jobs, onProgress);
}
