// Runs one job per file across worker threads: MDX parsing is the build's floor, so use every core.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/** What the pool sends a worker: a batch of files under a root, plus the job's options. */
export interface WorkerRequest<O> {
  root: string;
  files: string[];
  options: O;
}

/** Below this many files, starting workers costs more than it saves. */
const MIN_FILES_FOR_WORKERS = 100;
const BATCH_SIZE = 25;

/** The default number of threads: one per core. */
export function defaultJobs(): number {
  return availableParallelism();
}

/** A job: `run` does one file in this thread; `workerUrl` is a module that does batches (see `serveBatches`). */
export interface PoolJob<O, R> {
  workerUrl: URL;
  run(root: string, file: string, options: O): R;
}

/**
 * Runs `job` on every file with up to `jobs` threads; results keep the order of `files`.
 * Small inputs run in the calling thread.
 */
export async function runPool<O, R>(job: PoolJob<O, R>, root: string, files: readonly string[], options: O, jobs = defaultJobs(), onProgress?: (done: number) => void): Promise<R[]> {
  const threads = Math.min(jobs, Math.ceil(files.length / BATCH_SIZE));
  if (threads <= 1 || files.length < MIN_FILES_FOR_WORKERS) {
    return files.map((file, i) => {
      const result = job.run(root, file, options);
      onProgress?.(i + 1);
      return result;
    });
  }
  const results: R[] = new Array(files.length);
  let next = 0;
  let done = 0;
  const workers: Worker[] = [];
  // Batches go to whichever worker is free, so one slow batch never idles the other threads.
  const runWorker = (): Promise<void> =>
    new Promise((resolve, reject) => {
      const worker = new Worker(job.workerUrl);
      workers.push(worker);
      let start = 0;
      const send = (): void => {
        if (next >= files.length) {
          void worker.terminate().then(() => resolve());
          return;
        }
        start = next;
        next = Math.min(files.length, next + BATCH_SIZE);
        worker.postMessage({ root, files: files.slice(start, next), options } satisfies WorkerRequest<O>);
      };
      worker.on('message', (batch: R[]) => {
        batch.forEach((result, i) => (results[start + i] = result));
        done += batch.length;
        onProgress?.(done);
        send();
      });
      worker.on('error', reject);
      send();
    });
  try {
    await Promise.all(Array.from({ length: threads }, runWorker));
  } catch (error) {
    await Promise.all(workers.map((w) => w.terminate()));
    throw error;
  }
  return results;
}
