// The CPU time of a thread, so a call's limit counts its own work and not time it waited for a core.
import { readFileSync } from 'node:fs';

/** Milliseconds of CPU time, from any fixed start; only differences mean something. */
export type CpuClock = () => number;

/** Linux's clock ticks per second for /proc times (USER_HZ, 100 on every architecture Node runs on). */
const TICKS_PER_SECOND = 100;

/** Node 23.9+ measures the thread itself; Node 20 does not have it. */
const threadCpuUsage = (process as { threadCpuUsage?: () => { user: number; system: number } }).threadCpuUsage;

/** User plus system time of the thread whose /proc stat file is `path` (10 ms resolution), or undefined where there is none. */
function procCpuMs(path: string): number | undefined {
  try {
    const stat = readFileSync(path, 'latin1');
    // Fields after the command name (which may hold spaces, so skip past its closing parenthesis): utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

/**
 * The calling thread's CPU time: from Node where it offers it, else from Linux's /proc, else
 * wall-clock time (which is never less than CPU time, so a limit on it is only stricter).
 */
export const threadCpuClock: CpuClock = threadCpuUsage
  ? () => {
      const { user, system } = threadCpuUsage.call(process);
      return (user + system) / 1000;
    }
  : procCpuMs('/proc/thread-self/stat') !== undefined
    ? () => procCpuMs('/proc/thread-self/stat')!
    : () => performance.now();

/** The operating system's id of the calling thread (Linux), for other threads to read its CPU time; undefined elsewhere. */
export function currentThreadId(): number | undefined {
  try {
    const id = Number(readFileSync('/proc/thread-self/stat', 'latin1').split(' ', 1)[0]);
    return Number.isSafeInteger(id) && id > 0 ? id : undefined;
  } catch {
    return undefined;
  }
}

/** CPU time of thread `threadId` of this process (see `currentThreadId`), in milliseconds; undefined when it cannot be read. */
export function cpuMsOfThread(threadId: number): number | undefined {
  return procCpuMs(`/proc/self/task/${threadId}/stat`);
}
