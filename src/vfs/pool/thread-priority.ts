// Runs a shell worker below the server's own thread, so HTTP requests never wait for a shell call's CPU.
import { constants, setPriority } from 'node:os';
import { currentThreadId } from '../limits/cpu-clock.js';

/**
 * Lowers the calling thread's scheduling priority (nice 10). On Linux each thread has its own:
 * with the main thread at 0, the kernel gives it about nine times a busy worker's share, so
 * /healthz and pages answer promptly while every worker runs a heavy call. Elsewhere it does
 * nothing and the threads share the CPU equally.
 */
export function lowerThreadPriority(): void {
  const threadId = currentThreadId();
  try {
    if (threadId !== undefined) setPriority(threadId, constants.priority.PRIORITY_BELOW_NORMAL);
  } catch {
    // Not allowed: keep the default priority.
  }
}
