// What the shell pool and its workers say to each other; the only contract between the two threads.
import type { LimitName, ShellLimits } from '../limits/shell-limits.js';
import type { PackedFiles } from './packed-files.js';

/** What a worker starts with (its `workerData`). */
export interface WorkerStart {
  readonly files: PackedFiles;
  readonly limits: ShellLimits;
}

/** One command to run. */
export interface WorkerJob {
  readonly id: number;
  /** The tree to run it against: the caller's name for one set of readable files. */
  readonly view: string;
  /** Indices (into the packed files) of the files of `view`; sent only the first time a worker meets the view. */
  readonly files?: Uint32Array;
  readonly command: string;
  /** CPU time left of a budget this call shares with other calls (a JSON-RPC batch's), in milliseconds. */
  readonly sharedCpuMs?: number;
}

/** What a worker answers: that it is ready (with its thread's id where the OS has one, to watch its CPU time), and results. */
export type WorkerMessage = { readonly type: 'ready'; readonly threadId?: number } | ({ readonly type: 'result'; readonly id: number } & ShellOutcome);

/**
 * What a command produced, whichever interpreter ran it: its output, its error messages, its exit
 * status, the CPU time it used, and the limit that ended it, if one did.
 */
export interface ShellOutcome {
  readonly stdout: string;
  readonly stderr: string;
  readonly exitCode: number;
  readonly cpuMs: number;
  readonly limit?: LimitName;
}
