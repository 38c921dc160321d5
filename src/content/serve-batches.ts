// The body of a pool worker: answers each batch request with the results of `run` for its files.
import { parentPort } from 'node:worker_threads';
import type { PoolJob, WorkerRequest } from './worker-pool.js';

/** Call at the top level of a worker module, with the job the pool runs. */
export function serveBatches<O, R>(job: Pick<PoolJob<O, R>, 'run' | 'pack'>): void {
  parentPort?.on('message', ({ root, files, sources, options }: WorkerRequest<O>) => {
    const results = files.map((file, i) => job.run(root, file, options, sources[i]));
    if (!job.pack) return parentPort?.postMessage(results);
    const transfer: ArrayBuffer[] = [];
    const packed = results.map((result) => {
      const ready = job.pack!(result);
      transfer.push(...ready.transfer);
      return ready.result;
    });
    parentPort?.postMessage(packed, transfer);
  });
}
