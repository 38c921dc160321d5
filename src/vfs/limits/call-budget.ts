// Counts what one shell call does against its limits and ends the call at the first it exceeds.
import type { WorkBudget } from '../regex/work-budget.js';
import { threadCpuClock, type CpuClock } from './cpu-clock.js';
import { SHELL_LIMITS, tooMuchWorkMessage, TooMuchWorkError, type ShellLimits } from './shell-limits.js';

/**
 * Work units between two readings of the CPU clock. A unit is about a microsecond of work (a KB
 * read, a file visited, a comparison), so the clock is read every few milliseconds of work and
 * reading it (tens of microseconds from /proc) costs about 1%.
 */
const CLOCK_EVERY = 2048;

/** The limits counted in units of work rather than time. */
type CountedLimit = 'read' | 'held' | 'arguments' | 'entries' | 'regex';

/**
 * The budget of one call. Commands charge it as they go: text read, text held, arguments,
 * entries visited, regex work, and `tick` in loops that do none of those; every charge also
 * counts towards the next look at the CPU clock. Throws `TooMuchWorkError` at the first limit.
 */
export class CallBudget implements WorkBudget {
  private readonly used: Record<CountedLimit, number> = { read: 0, held: 0, arguments: 0, entries: 0, regex: 0 };
  private readonly cpuStart: number;
  private untilClock = CLOCK_EVERY;

  /**
   * `sharedCpuMs` is what is left of a CPU budget this call shares with others (the calls of a
   * JSON-RPC batch share `limits.batchCpuMs`); the call stops at whichever runs out first.
   */
  constructor(
    readonly limits: ShellLimits = SHELL_LIMITS,
    private readonly clock: CpuClock = threadCpuClock,
    private readonly sharedCpuMs = Infinity,
  ) {
    this.cpuStart = clock();
  }

  /** CPU time spent since the budget was made, in milliseconds. */
  cpuMs(): number {
    return this.clock() - this.cpuStart;
  }

  /** Regex work (the regex engine's `WorkBudget`). */
  spend(units: number): void {
    this.charge('regex', units, this.limits.regexWork);
    this.tick(units >> 4);
  }

  /** `chars` of file content or piped input read. */
  read(chars: number): void {
    this.charge('read', chars, this.limits.readChars);
    this.tick(1 + (chars >> 10));
  }

  /** `chars` more held in memory until released. */
  hold(chars: number): void {
    this.charge('held', chars, this.limits.heldChars);
    this.tick(1 + (chars >> 10));
  }

  /** Text held before is no longer. */
  release(chars: number): void {
    this.used.held = Math.max(0, this.used.held - chars);
  }

  /** `count` more arguments after glob expansion. */
  expand(count: number): void {
    this.charge('arguments', count, this.limits.arguments);
    this.tick(count);
  }

  /** `count` more files or folders visited (walking the tree, listing a folder). */
  visit(count = 1): void {
    this.charge('entries', count, this.limits.entries);
    this.tick(count);
  }

  /** `units` of other work (about a microsecond each); looks at the CPU clock every so often. */
  tick(units = 1): void {
    this.untilClock -= units;
    if (this.untilClock > 0) return;
    this.untilClock = CLOCK_EVERY;
    const used = this.cpuMs();
    if (used > this.limits.cpuMs) throw new TooMuchWorkError('cpu', tooMuchWorkMessage('cpu', this.limits.cpuMs));
    if (used > this.sharedCpuMs) throw new TooMuchWorkError('batch', tooMuchWorkMessage('batch', this.limits.batchCpuMs));
  }

  private charge(limit: CountedLimit, amount: number, most: number): void {
    this.used[limit] += amount;
    if (this.used[limit] > most) throw new TooMuchWorkError(limit, tooMuchWorkMessage(limit, most));
  }
}
