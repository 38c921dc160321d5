// The body of a pool worker: answers each batch request with the results of `run` for its files.
import { parentPort } from 'node:worker_threads';
import type { PoolJob, WorkerRequest } from './worker-pool.js';

/** Call at the top level of a worker module; `run` is the same function the pool runs in-thread. */
export function serveBatches<O, R>(run: PoolJob<O, R>['run']): void {
  parentPort?.on('message', ({ root, files, sources, options }: WorkerRequest<O>) => {
    parentPort?.postMessage(files.map((file, i) => run(root, file, options, sources[i])));
  });
}
