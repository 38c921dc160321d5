// The shell's entry point: runs a command line against a virtual filesystem and returns its output.
import { CallBudget } from './limits/call-budget.js';
import type { CpuClock } from './limits/cpu-clock.js';
import { SHELL_LIMITS, TooMuchWorkError, type LimitName, type ShellLimits } from './limits/shell-limits.js';
import { CallOutput, PipeBuffer } from './shell/output.js';
import { parseScript, type ChainLink, type Pipeline } from './shell/parse-script.js';
import { inputNeeded, runStage } from './shell/run-stage.js';
import { ShellSyntaxError } from './shell/syntax-error.js';
import type { VirtualFs } from './virtual-fs.js';

/** What a command line produced. */
export interface CommandResult {
  /** Output and error messages of all commands, in order, cut at 30 KB with a note. */
  readonly output: string;
  /** Exit status of the last pipeline run (0 for success), as in a shell. */
  readonly exitCode: number;
  /** Whether the output was cut at the 30 KB limit. */
  readonly truncated: boolean;
  /** The limit that ended the call, if one did; the output ends with a message saying so. */
  readonly limit?: LimitName;
}

/** How much a call may do, and how its CPU time is measured (tests pass a clock of their own). */
export interface RunOptions {
  readonly limits?: ShellLimits;
  readonly clock?: CpuClock;
  /** CPU time left of a budget shared with other calls (a JSON-RPC batch's `limits.batchCpuMs`), in milliseconds. */
  readonly sharedCpuMs?: number;
}

/** Exit status for a command line that cannot be parsed, as in bash. */
const SYNTAX_ERROR = 2;
/** Exit status of a call ended by one of its limits. */
export const TOO_MUCH_WORK_EXIT = 1;

/**
 * Runs `commandLine` (commands joined by `|`, `&&`, `||`, `;`) against `fs` without touching
 * anything outside it: no real shell, disk, network or process is involved. Each call is
 * independent and starts in `/`; `fs` is never changed. The call's work is bounded by
 * `options.limits`: the first limit it exceeds ends it with a "too much work" message.
 */
export function runCommand(fs: VirtualFs, commandLine: string, options: RunOptions = {}): CommandResult {
  const output = new CallOutput();
  let script: ChainLink[];
  try {
    script = parseScript(commandLine);
  } catch (error) {
    if (!(error instanceof ShellSyntaxError)) throw error;
    output.write(`shell: ${error.message}\n`);
    return { ...output.finish(), exitCode: SYNTAX_ERROR };
  }
  const budget = new CallBudget(options.limits ?? SHELL_LIMITS, options.clock, options.sharedCpuMs);
  let exitCode = 0;
  try {
    for (const { when, pipeline } of script) {
      if (output.full) break;
      if ((when === 'ifSuccess' && exitCode !== 0) || (when === 'ifFailure' && exitCode === 0)) continue;
      exitCode = runPipeline(fs, pipeline, output, budget);
    }
  } catch (error) {
    if (!(error instanceof TooMuchWorkError)) throw error;
    return { ...output.finish(`shell: ${error.message}\n`), exitCode: TOO_MUCH_WORK_EXIT, limit: error.limit };
  }
  return { ...output.finish(), exitCode };
}

/** Runs commands in turn, each reading what the previous one wrote; returns the last one's status. */
function runPipeline(fs: VirtualFs, pipeline: Pipeline, output: CallOutput, budget: CallBudget): number {
  let stdin: string | undefined;
  let exitCode = 0;
  for (const [i, words] of pipeline.entries()) {
    const next = pipeline[i + 1];
    const stdout = next ? new PipeBuffer(budget, inputNeeded(next)) : output;
    exitCode = runStage(words, { fs, stdin, stdout, stderr: output, budget });
    // The text piped into this command is done with; what it wrote is held until the next one is.
    if (stdin !== undefined) budget.release(stdin.length);
    stdin = stdout instanceof PipeBuffer ? stdout.text() : undefined;
  }
  return exitCode;
}
