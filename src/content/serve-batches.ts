// The body of a pool worker: answers each batch request with the results of `run` for its files.
import { parentPort } from 'node:worker_threads';
import type { WorkerRequest } from './worker-pool.js';

/** Call at the top level of a worker module; `run` is the same function the pool runs in-thread. */
export function serveBatches<O, R>(run: (root: string, file: string, options: O) => R): void {
  parentPort?.on('message', ({ root, files, options }: WorkerRequest<O>) => {
    parentPort?.postMessage(files.map((file) => run(root, file, options)));
  });
}
