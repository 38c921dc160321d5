// A shell worker thread: holds the site's files once and runs commands against each reader's tree, within the limits.
import { parentPort, workerData } from 'node:worker_threads';
import { currentThreadId, threadCpuClock } from '../limits/cpu-clock.js';
import type { ShellLimits } from '../limits/shell-limits.js';
import { runCommand } from '../run-command.js';
import { VirtualFs, type VirtualFile } from '../virtual-fs.js';
import type { ShellOutcome, WorkerJob, WorkerMessage, WorkerStart } from './messages.js';
import { unpackFiles } from './packed-files.js';
import { lowerThreadPriority } from './thread-priority.js';

/**
 * The one place the interpreter is called: a command line against a read-only tree, within
 * limits. Swapping the interpreter means changing this function only. This interpreter
 * interleaves error messages with output, in order, as a terminal shows them: all in `stdout`.
 */
function runShell(fs: VirtualFs, command: string, limits: ShellLimits, sharedCpuMs: number | undefined): ShellOutcome {
  const start = threadCpuClock();
  const result = runCommand(fs, command, { limits, ...(sharedCpuMs !== undefined && { sharedCpuMs }) });
  return { stdout: result.output, stderr: '', exitCode: result.exitCode, cpuMs: threadCpuClock() - start, ...(result.limit && { limit: result.limit }) };
}

lowerThreadPriority();
const start = workerData as WorkerStart;
const files: VirtualFile[] = unpackFiles(start.files);
/** One tree per view (each distinct set of readable files), built when first met; trees share the file texts. */
const trees = new Map<string, VirtualFs>();

function treeOf(job: WorkerJob): VirtualFs {
  let tree = trees.get(job.view);
  if (!tree) {
    if (!job.files) throw new Error(`shell worker: the files of view ${job.view} were never sent`);
    tree = new VirtualFs(Array.from(job.files, (index) => files[index]!));
    trees.set(job.view, tree);
  }
  return tree;
}

const port = parentPort!;
port.on('message', (job: WorkerJob) => {
  const outcome = runShell(treeOf(job), job.command, start.limits, job.sharedCpuMs);
  port.postMessage({ type: 'result', id: job.id, ...outcome } satisfies WorkerMessage);
});
const threadId = currentThreadId();
port.postMessage({ type: 'ready', ...(threadId !== undefined && { threadId }) } satisfies WorkerMessage);
