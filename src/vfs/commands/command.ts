// The contract between the shell and its commands: context, streams, arguments, errors.
import type { CallBudget } from '../limits/call-budget.js';
import type { Word } from '../shell/word.js';
import type { VirtualFs } from '../virtual-fs.js';
import type { CommandSpec } from './flags.js';

/** Where a command writes text. */
export interface Writer {
  write(text: string): void;
  /** True once nothing more written will be seen: commands stop producing output then. */
  readonly full: boolean;
}

/** What a running command can reach: the tree, its streams, and the call's budget. */
export interface CommandContext {
  readonly fs: VirtualFs;
  /** Text piped in from the previous command; undefined for the first command of a pipeline. */
  readonly stdin: string | undefined;
  readonly stdout: Writer;
  /** Error messages: shown to the caller, never piped on. */
  readonly stderr: Writer;
  /** What the call may still do: commands charge what they read, hold, expand and visit. */
  readonly budget: CallBudget;
}

/** A command's arguments after flag parsing. */
export interface ParsedArgs {
  /** Arguments that are not flags (or every argument, for commands that read their own). */
  readonly operands: readonly Word[];
  /** Whether the flag whose first spelling is `flag` was given. */
  has(flag: string): boolean;
  /** The last value given for `flag`. */
  value(flag: string): string | undefined;
  /** All values given for `flag`, in order. */
  values(flag: string): readonly string[];
}

/** How much of its piped input a command reads at most: `lines` lines, or `chars` characters. */
export interface InputNeeded {
  readonly lines?: number;
  readonly chars?: number;
}

/** One command of the shell. */
export interface Command {
  readonly spec: CommandSpec;
  /** Runs the command and returns its exit code; throws `CommandError` for bad usage. */
  run(ctx: CommandContext, args: ParsedArgs): number;
  /**
   * For a command that reads only the start of its piped input (`head`): how much. The command
   * before it may stop once it wrote that much, as it would on SIGPIPE in a real shell.
   */
  inputNeeded?(args: ParsedArgs): InputNeeded | undefined;
}

/** A problem that ends a command; the shell prints `name: message` and uses `exitCode`. */
export class CommandError extends Error {
  override readonly name = 'CommandError';
  constructor(
    message: string,
    readonly exitCode = 2,
  ) {
    super(message);
  }
}

/** The error for a command run without an argument it needs, such as `stat` with no file. */
export function missingOperand(command: string, what = 'operand'): CommandError {
  return new CommandError(`missing ${what}\nTry '${command} --help'.`);
}
