// The shell's entry point: runs a command line against a virtual filesystem and returns its output.
import { CallBudget } from './limits/call-budget.js';
import type { CpuClock } from './limits/cpu-clock.js';
import { SHELL_LIMITS, TooMuchWorkError, type LimitName, type ShellLimits } from './limits/shell-limits.js';
import { CallOutput, PipeBuffer } from './shell/output.js';
import { changeDirectory } from './shell/change-directory.js';
import { parseScript, type ChainLink, type Pipeline } from './shell/parse-script.js';
import { redirectStreams } from './shell/redirect.js';
import { inputNeeded, runStage } from './shell/run-stage.js';
import { ShellSyntaxError } from './shell/syntax-error.js';
import type { VirtualFs } from './virtual-fs.js';
import type { Writer } from './commands/command.js';

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
 * independent and starts in `/` (`cd` moves within the call only); `fs` is never changed. The call's work is bounded by
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
  let here = fs;
  try {
    for (const { when, pipeline } of script) {
      if (output.full) break;
      if ((when === 'ifSuccess' && exitCode !== 0) || (when === 'ifFailure' && exitCode === 0)) continue;
      const [only] = pipeline;
      if (pipeline.length === 1 && only!.words[0]?.text === 'cd') {
        // `cd` changes the directory of the commands after it; in a pipeline it would run in a subshell and change nothing.
        ({ fs: here, exitCode } = changeDirectory(here, only!.words, redirectStreams(only!.redirects, output, output).stderr));
        continue;
      }
      exitCode = runPipeline(here, pipeline, output, budget);
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
  for (const [i, { words, redirects }] of pipeline.entries()) {
    const next = pipeline[i + 1];
    const pipe = next ? new PipeBuffer(budget, inputNeeded(next.words)) : undefined;
    const streams = redirectStreams(redirects, pipe ?? output, output);
    const input = streams.stdinPath === undefined ? { text: stdin } : readRedirectedInput(fs, streams.stdinPath, streams.stderr, budget);
    exitCode =
      input.text === undefined && streams.stdinPath !== undefined
        ? 1
        : runStage(words, { fs, stdin: input.text, stdout: streams.stdout, stderr: streams.stderr, budget });
    // The text piped into this command is done with; what it wrote is held until the next one is.
    if (stdin !== undefined) budget.release(stdin.length);
    stdin = pipe?.text();
  }
  return exitCode;
}

/** The content of the file `< path` names, charged to the budget; undefined after reporting it missing, as bash does. */
function readRedirectedInput(fs: VirtualFs, path: string, stderr: Writer, budget: CallBudget): { text: string | undefined } {
  const entry = fs.get(path);
  if (entry?.kind !== 'file') {
    stderr.write(`shell: ${path}: ${entry ? 'Is a directory' : 'No such file or directory'}\n`);
    return { text: undefined };
  }
  budget.read(entry.content.length);
  return { text: entry.content };
}
