// Lets `validate` use worker threads while running from src/ under tsx (see bench/parse-worker.mjs).
// src/content/parse-pool.ts starts `parse-worker.js` beside itself, which exists only in dist/;
// this is the same pool job with a worker entry that loads the TypeScript worker instead.
import { PARSE_JOB, runPool, type ParsedPage, type PoolJob } from '../src/content/index.js';
import type { LoadOptions } from '../src/site/index.js';

const SOURCE_PARSE_JOB: PoolJob<undefined, ParsedPage> = {
  ...PARSE_JOB,
  workerUrl: new URL('./parse-worker.mjs', import.meta.url),
};

/** A `parse` option for loadSite/validate that parses like parsePages with `jobs` threads. */
export function sourceParse(jobs: number): NonNullable<LoadOptions['parse']> {
  return (root, files, onProgress) => runPool(SOURCE_PARSE_JOB, root, files, undefined, jobs, onProgress);
}
