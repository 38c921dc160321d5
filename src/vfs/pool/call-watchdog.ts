// Watches a worker running one call, and reports when the call overran its CPU budget without stopping itself.
import { cpuMsOfThread } from '../limits/cpu-clock.js';

/** How often a running call is looked at, in milliseconds. */
const CHECK_EVERY_MS = 200;
/** CPU time a call may use beyond its budget before its worker is stopped: the worker itself checks every few ms. */
const CPU_GRACE_MS = 500;
/** Where a worker's CPU time cannot be read: wall-clock time allowed per millisecond of budget, plus a second. */
const WALL_FACTOR = 5;
const WALL_MARGIN_MS = 1000;
/** However the worker fares, a call never runs longer than this (a starved thread on an overloaded machine). */
const WALL_CAP_MS = 30_000;

/**
 * Calls `onOverrun` once if the call outlives its budget: when the worker thread `threadId` has
 * used `cpuMs` (plus a grace) of CPU since `start`, read from /proc; where that cannot be read,
 * after five times `cpuMs` of wall-clock time plus a second; and in any case after 30 s.
 */
export class CallWatchdog {
  private readonly timer: NodeJS.Timeout;
  private readonly startedAt = performance.now();
  private readonly cpuAtStart: number | undefined;

  constructor(
    private readonly threadId: number | undefined,
    private readonly cpuMs: number,
    private readonly onOverrun: () => void,
  ) {
    this.cpuAtStart = threadId === undefined ? undefined : cpuMsOfThread(threadId);
    this.timer = setInterval(() => this.check(), CHECK_EVERY_MS);
    // The worker keeps the process alive while it runs a call; the watchdog need not.
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  private check(): void {
    const elapsed = performance.now() - this.startedAt;
    const cpu = this.threadId === undefined || this.cpuAtStart === undefined ? undefined : cpuMsOfThread(this.threadId);
    const over =
      elapsed > WALL_CAP_MS || (cpu !== undefined ? cpu - this.cpuAtStart! > this.cpuMs + CPU_GRACE_MS : elapsed > WALL_FACTOR * this.cpuMs + WALL_MARGIN_MS);
    if (!over) return;
    this.stop();
    this.onOverrun();
  }
}
