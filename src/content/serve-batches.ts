// The body of a pool worker: answers each batch request with the results of the job's `run` for it.
import { parentPort } from 'node:worker_threads';
import type { PoolJob, WorkerRequest } from './worker-pool.js';

/** Call at the top level of a worker module, with the job the pool runs. */
export function serveBatches<O, R>(job: Pick<PoolJob<O, R>, 'run' | 'pack'>): void {
  parentPort?.on('message', ({ root, files, sources, options }: WorkerRequest<O>) => {
    const transfer: ArrayBuffer[] = [];
    const results = job.run(root, files, options, sources).map((result) => {
      if (!job.pack) return result;
      const ready = job.pack(result);
      transfer.push(...ready.transfer);
      return ready.result;
    });
    parentPort?.postMessage(results, transfer);
  });
}
