// The CPU time of the calling thread, so a call's limit counts its own work and not time it waited for a core.
import { readFileSync } from 'node:fs';

/** Milliseconds of CPU time, from any fixed start; only differences mean something. */
export type CpuClock = () => number;

/** Linux's clock ticks per second for /proc times (USER_HZ, 100 on every architecture Node runs on). */
const TICKS_PER_SECOND = 100;

/** Node 23.9+ measures the thread itself; Node 20 does not have it. */
const threadCpuUsage = (process as { threadCpuUsage?: () => { user: number; system: number } }).threadCpuUsage;

/** User plus system time of this thread from /proc (10 ms resolution), or undefined where there is no /proc. */
function procThreadCpuMs(): number | undefined {
  try {
    const stat = readFileSync('/proc/thread-self/stat', 'latin1');
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
  : procThreadCpuMs() !== undefined
    ? () => procThreadCpuMs()!
    : () => performance.now();
