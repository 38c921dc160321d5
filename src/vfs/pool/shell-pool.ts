// Runs shell commands on a few worker threads, so no call holds the server's event loop, and bounds
// how many calls wait for one and for how long.
import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { SHELL_LIMITS, tooMuchWorkMessage, type ShellLimits } from '../limits/shell-limits.js';
import type { VirtualFile } from '../virtual-fs.js';
import type { ShellOutcome, WorkerJob, WorkerMessage, WorkerStart } from './messages.js';
import { packFiles, type PackedFiles } from './packed-files.js';
import { CallWatchdog } from './call-watchdog.js';
import { startWorker } from './start-worker.js';

export interface ShellPoolOptions {
  /**
   * Worker threads at most; default: one per core but one, 1 to 4, so the server's own thread
   * keeps a core while every worker runs. Workers start when calls need them.
   */
  size?: number;
  /** Most calls waiting for a worker; more are refused at once. Default: 8 per worker, at least 16. */
  maxWaiting?: number;
  /** Longest a call waits for a worker before it is refused, in milliseconds; default 5 s. */
  maxWaitMs?: number;
  limits?: ShellLimits;
  /** Heap a worker may use beyond three times the site's text, in MB; default 512. Past it the worker is replaced. */
  heapMb?: number;
  /** The worker module; default the shell worker (tests pass others). */
  workerUrl?: URL;
}

/** One command for the pool: the tree to run it on and the command line. */
export interface ShellCall {
  /** The caller's name for a set of readable files: calls with the same view see the same tree. */
  readonly view: string;
  /** Indices (in the pool's files) of the files of `view`; asked for once per worker. */
  files(): Uint32Array;
  readonly command: string;
  /** CPU time left of a budget shared with other calls (a JSON-RPC batch's), in milliseconds. */
  readonly sharedCpuMs?: number;
}

/** What a call got: the command's outcome, or a refusal (`refused`) when the pool was too busy or closed. */
export type ShellAnswer = ShellOutcome & { readonly refused?: true };

/** What the pool is doing, for tests and benchmarks. */
export interface ShellPoolStats {
  workers: number;
  running: number;
  waiting: number;
  /** Workers stopped from outside because they overran, ran out of memory or failed. */
  replaced: number;
}

interface Pending {
  readonly call: ShellCall;
  readonly resolve: (answer: ShellAnswer) => void;
  readonly reject: (error: unknown) => void;
  timer?: NodeJS.Timeout;
}

interface Slot {
  readonly worker: Worker;
  ready: boolean;
  /** The worker's thread id, where the OS has one: its CPU time is read from it. */
  threadId?: number;
  /** Views whose files this worker has. */
  readonly views: Set<string>;
  running?: { pending: Pending; id: number; watchdog?: CallWatchdog };
}

const MB = 1024 * 1024;

/**
 * A pool of shell workers for one site. The site's files are packed once into shared memory;
 * each worker decodes them once and builds a tree per view. A call runs on a free worker or
 * waits its turn; a worker that overruns its call's limits without stopping itself (or runs
 * out of memory) is terminated and replaced, and the call ends with a "too much work" answer.
 * Workers run at a lower scheduling priority than the server's thread (thread-priority.ts).
 */
export class ShellPool {
  private readonly files: PackedFiles;
  private readonly limits: ShellLimits;
  private readonly size: number;
  private readonly maxWaiting: number;
  private readonly maxWaitMs: number;
  private readonly heapMb: number;
  private readonly workerUrl: URL;
  private readonly slots: Slot[] = [];
  private readonly queue: Pending[] = [];
  private nextId = 1;
  private replaced = 0;
  private closed = false;

  constructor(files: readonly VirtualFile[], options: ShellPoolOptions = {}) {
    this.files = packFiles(files);
    this.limits = options.limits ?? SHELL_LIMITS;
    this.size = Math.max(1, options.size ?? Math.min(4, availableParallelism() - 1));
    this.maxWaiting = options.maxWaiting ?? Math.max(16, 8 * this.size);
    this.maxWaitMs = options.maxWaitMs ?? 5000;
    this.heapMb = Math.ceil((3 * this.files.bytes) / MB) + (options.heapMb ?? 512);
    this.workerUrl = options.workerUrl ?? new URL('./shell-worker.js', import.meta.url);
  }

  /** Runs `call` on a worker; resolves with its outcome, or a refusal when too many calls wait. */
  run(call: ShellCall): Promise<ShellAnswer> {
    return new Promise((resolve, reject) => {
      const pending: Pending = { call, resolve, reject };
      if (this.closed) return resolve(refusal('shell: the server is shutting down; try again shortly.'));
      const slot = this.freeSlot();
      if (slot) return this.assign(slot, pending);
      if (this.queue.length >= this.maxWaiting) {
        return resolve(refusal(`shell: the server is busy: ${this.queue.length} filesystem calls are waiting already; try again in a few seconds.`));
      }
      pending.timer = setTimeout(() => {
        this.queue.splice(this.queue.indexOf(pending), 1);
        resolve(refusal(`shell: the server is busy: this call waited ${this.maxWaitMs / 1000} s for its turn; try again in a few seconds.`));
      }, this.maxWaitMs);
      this.queue.push(pending);
    });
  }

  stats(): ShellPoolStats {
    return { workers: this.slots.length, running: this.slots.filter((s) => s.running).length, waiting: this.queue.length, replaced: this.replaced };
  }

  /** Stops every worker; calls still waiting or running are answered with a refusal. */
  async close(): Promise<void> {
    this.closed = true;
    for (const pending of this.queue.splice(0)) {
      clearTimeout(pending.timer);
      pending.resolve(refusal('shell: the server is shutting down; try again shortly.'));
    }
    const slots = this.slots.splice(0);
    for (const slot of slots) {
      if (slot.running) {
        slot.running.watchdog?.stop();
        slot.running.pending.resolve(refusal('shell: the server is shutting down; try again shortly.'));
      }
    }
    await Promise.all(slots.map((slot) => slot.worker.terminate()));
  }

  /** An idle worker, or a new one while there are fewer than `size`. */
  private freeSlot(): Slot | undefined {
    return this.slots.find((slot) => !slot.running) ?? (this.slots.length < this.size ? this.startSlot() : undefined);
  }

  private startSlot(): Slot {
    const worker = startWorker(this.workerUrl, {
      workerData: { files: this.files, limits: this.limits } satisfies WorkerStart,
      resourceLimits: { maxOldGenerationSizeMb: this.heapMb },
    });
    // An idle worker does not keep the process alive; one running a call does (see assign).
    worker.unref();
    const slot: Slot = { worker, ready: false, views: new Set() };
    worker.on('message', (message: WorkerMessage) => this.onMessage(slot, message));
    worker.on('error', (error: Error & { code?: string }) => {
      const outOfMemory = error.code === 'ERR_WORKER_OUT_OF_MEMORY';
      this.retire(slot, outOfMemory ? tooMuchWork('memory', this.heapMb, this.limits.cpuMs) : error);
    });
    worker.on('exit', () => this.retire(slot, new Error('shell worker exited unexpectedly')));
    this.slots.push(slot);
    return slot;
  }

  private assign(slot: Slot, pending: Pending): void {
    slot.running = { pending, id: this.nextId++ };
    slot.worker.ref();
    if (slot.ready) this.send(slot);
  }

  /** Posts the slot's call to its worker and starts the watchdog. */
  private send(slot: Slot): void {
    const running = slot.running!;
    const { call } = running.pending;
    const known = slot.views.has(call.view);
    slot.views.add(call.view);
    const job: WorkerJob = {
      id: running.id,
      view: call.view,
      command: call.command,
      ...(known ? {} : { files: call.files() }),
      ...(call.sharedCpuMs !== undefined && { sharedCpuMs: call.sharedCpuMs }),
    };
    slot.worker.postMessage(job);
    const cpuMs = Math.min(this.limits.cpuMs, call.sharedCpuMs ?? Infinity);
    running.watchdog = new CallWatchdog(slot.threadId, cpuMs, () => this.retire(slot, tooMuchWork('cpu', this.limits.cpuMs, cpuMs)));
  }

  private onMessage(slot: Slot, message: WorkerMessage): void {
    if (message.type === 'ready') {
      slot.ready = true;
      slot.threadId = message.threadId;
      if (slot.running) this.send(slot);
      return;
    }
    const running = slot.running;
    if (!running || running.id !== message.id) return;
    running.watchdog?.stop();
    slot.running = undefined;
    slot.worker.unref();
    const { type: _type, id: _id, ...outcome } = message;
    running.pending.resolve(outcome);
    this.pump();
  }

  /**
   * Takes a worker out of the pool (it overran, ran out of memory, failed or exited) and answers
   * its call: with `outcome` when it is one, else as failed.
   */
  private retire(slot: Slot, outcome: ShellAnswer | Error): void {
    const index = this.slots.indexOf(slot);
    if (index === -1) return;
    this.slots.splice(index, 1);
    this.replaced++;
    void slot.worker.terminate();
    const running = slot.running;
    if (running) {
      running.watchdog?.stop();
      if (outcome instanceof Error) running.pending.reject(outcome);
      else running.pending.resolve(outcome);
    }
    this.pump();
  }

  /** Gives waiting calls to free workers, starting workers up to `size`. */
  private pump(): void {
    while (!this.closed && this.queue.length > 0) {
      const slot = this.freeSlot();
      if (!slot) return;
      const pending = this.queue.shift()!;
      clearTimeout(pending.timer);
      this.assign(slot, pending);
    }
  }
}

function refusal(message: string): ShellAnswer {
  return { stdout: '', stderr: `${message}\n`, exitCode: 1, cpuMs: 0, refused: true };
}

/** A call ended from outside its worker by `limit` (whose value was `value`), counted as having used `cpuMs`. */
function tooMuchWork(limit: 'cpu' | 'memory', value: number, cpuMs: number): ShellAnswer {
  return { stdout: '', stderr: `shell: ${tooMuchWorkMessage(limit, value)}\n`, exitCode: 1, cpuMs, limit };
}
