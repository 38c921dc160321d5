// Runs one job per file across worker threads: MDX parsing is the build's floor, so use every core.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { ReadAhead } from './read-ahead.js';

/** What the pool sends a worker: a batch of files under a root, their text where read, and the job's options. */
export interface WorkerRequest<O> {
  root: string;
  files: string[];
  /** Each file's text, or `undefined` where the pool could not read it (the job reads it and reports why). */
  sources: (string | undefined)[];
  options: O;
}

/** Below this many files, starting workers costs more than it saves. */
const MIN_FILES_FOR_WORKERS = 100;
const BATCH_SIZE = 25;
/** How many files the pool reads ahead of the batches it has sent: a few batches per worker. */
const READ_AHEAD_BATCHES = 4;

/** The default number of threads: one per core. */
export function defaultJobs(): number {
  return availableParallelism();
}

/**
 * A job: `run` does a batch of files in this thread, given their texts where the pool read them
 * already; `workerUrl` is a module that runs it on the batches it is sent (see `serveBatches`).
 * A job gets whole batches because doing each step for a batch in a row is faster than doing
 * every step of one file before the next (see PendingPage).
 */
export interface PoolJob<O, R> {
  workerUrl: URL;
  /** Results in the order of `files`; `sources[i]` is the text of `files[i]`, or undefined where the job must read it. */
  run(root: string, files: readonly string[], options: O, sources: readonly (string | undefined)[]): R[];
  /**
   * In a worker, readies a result of `run` to cross to the pool's thread: the result to send,
   * and the buffers in it to hand over rather than copy. Without it, results are sent as they are.
   */
  pack?(result: R): { result: R; transfer: ArrayBuffer[] };
}

/**
 * Runs `job` on every file with up to `jobs` worker threads; results keep the order of `files`.
 * Small inputs run in the calling thread. A large one runs on a worker even with one job: the
 * garbage of parsing thousands of pages then stays in that worker's heap, and the calling
 * thread's heap, which keeps the results, grows by them alone (a 10,000-page build on one
 * thread peaked at 2.6 GB of memory in the calling thread, under 1 GB on a worker).
 */
export async function runPool<O, R>(
  job: PoolJob<O, R>,
  root: string,
  files: readonly string[],
  options: O,
  jobs = defaultJobs(),
  onProgress?: (done: number) => void,
): Promise<R[]> {
  const threads = Math.max(1, Math.min(jobs, Math.ceil(files.length / BATCH_SIZE)));
  if (files.length < MIN_FILES_FOR_WORKERS) {
    const results: R[] = [];
    for (let start = 0; start < files.length; start += BATCH_SIZE) {
      results.push(...job.run(root, files.slice(start, start + BATCH_SIZE), options, []));
      onProgress?.(results.length);
    }
    return results;
  }
  const results: R[] = new Array(files.length);
  let next = 0;
  let done = 0;
  const workers: Worker[] = [];
  const reader = new ReadAhead(root, files, READ_AHEAD_BATCHES * BATCH_SIZE * threads);
  // Batches go to whichever worker is free, so one slow batch never idles the other threads.
  const runWorker = (): Promise<void> =>
    new Promise((resolve, reject) => {
      const worker = new Worker(job.workerUrl);
      workers.push(worker);
      let start = 0;
      const send = async (): Promise<void> => {
        if (next >= files.length) {
          await worker.terminate();
          resolve();
          return;
        }
        start = next;
        const end = (next = Math.min(files.length, next + BATCH_SIZE));
        const sources = await reader.take(start, end);
        worker.postMessage({ root, files: files.slice(start, end), sources, options } satisfies WorkerRequest<O>);
      };
      worker.on('message', (batch: R[]) => {
        for (const [i, result] of batch.entries()) results[start + i] = result;
        done += batch.length;
        onProgress?.(done);
        send().catch(reject);
      });
      worker.on('error', reject);
      send().catch(reject);
    });
  try {
    await Promise.all(Array.from({ length: threads }, runWorker));
  } catch (error) {
    await Promise.all(workers.map((w) => w.terminate()));
    throw error;
  }
  return results;
}
