// The shell's entry point: runs a command line against a virtual filesystem and returns its output.
import { WorkBudget } from './regex/work-budget.js';
import { CallOutput, PipeBuffer } from './shell/output.js';
import { parseScript, type ChainLink, type Pipeline } from './shell/parse-script.js';
import { runStage } from './shell/run-stage.js';
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
}

/** Exit status for a command line that cannot be parsed, as in bash. */
const SYNTAX_ERROR = 2;

/**
 * Runs `commandLine` (commands joined by `|`, `&&`, `||`, `;`) against `fs` without touching
 * anything outside it: no real shell, disk, network or process is involved. Each call is
 * independent and starts in `/`; `fs` is never changed.
 */
export function runCommand(fs: VirtualFs, commandLine: string): CommandResult {
  const output = new CallOutput();
  let script: ChainLink[];
  try {
    script = parseScript(commandLine);
  } catch (error) {
    if (!(error instanceof ShellSyntaxError)) throw error;
    output.write(`shell: ${error.message}\n`);
    return { ...output.finish(), exitCode: SYNTAX_ERROR };
  }
  const budget = new WorkBudget();
  let exitCode = 0;
  for (const { when, pipeline } of script) {
    if (output.full) break;
    if ((when === 'ifSuccess' && exitCode !== 0) || (when === 'ifFailure' && exitCode === 0)) continue;
    exitCode = runPipeline(fs, pipeline, output, budget);
  }
  return { ...output.finish(), exitCode };
}

/** Runs commands in turn, each reading what the previous one wrote; returns the last one's status. */
function runPipeline(fs: VirtualFs, pipeline: Pipeline, output: CallOutput, budget: WorkBudget): number {
  let stdin: string | undefined;
  let exitCode = 0;
  pipeline.forEach((words, i) => {
    const stdout = i === pipeline.length - 1 ? output : new PipeBuffer();
    exitCode = runStage(words, { fs, stdin, stdout, stderr: output, budget });
    if (stdout instanceof PipeBuffer) stdin = stdout.text();
  });
  return exitCode;
}
