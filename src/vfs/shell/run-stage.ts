// Runs one command of a pipeline: finds it, parses its flags, and turns its errors into messages.
import { CommandError, type CommandContext, type InputNeeded } from '../commands/command.js';
import { helpText, parseArgs } from '../commands/flags.js';
import { COMMANDS } from '../commands/registry.js';
import { RegexError } from '../regex/syntax.js';
import type { Word } from './word.js';

/** Exit status for a command that does not exist, as in POSIX shells. */
export const COMMAND_NOT_FOUND = 127;

/** How much piped input the command `words` reads at most, when it reads only the start of it (see `Command.inputNeeded`). */
export function inputNeeded(words: readonly Word[]): InputNeeded | undefined {
  const [nameWord, ...argWords] = words;
  const command = nameWord && COMMANDS.get(nameWord.text);
  if (!command?.inputNeeded) return undefined;
  try {
    const args = parseArgs(command.spec, argWords);
    return args === 'help' ? undefined : command.inputNeeded(args);
  } catch {
    // Bad arguments: the command reports them itself when it runs.
    return undefined;
  }
}

/** Runs the command `words` (name first) and returns its exit status. */
export function runStage(words: readonly Word[], ctx: CommandContext): number {
  // A command of assignments only (`F=x`): the tokenizer has set the variables already.
  if (words.length === 0) return 0;
  const [nameWord, ...argWords] = words;
  const name = nameWord!.text;
  const command = COMMANDS.get(name);
  if (!command) {
    ctx.stderr.write(`${name}: command not found\nSupported commands: ${[...COMMANDS.keys()].join(', ')}\n`);
    return COMMAND_NOT_FOUND;
  }
  try {
    const args = parseArgs(command.spec, argWords);
    if (args === 'help') {
      ctx.stdout.write(helpText(command.spec));
      return 0;
    }
    return command.run(ctx, args);
  } catch (error) {
    if (!(error instanceof CommandError) && !(error instanceof RegexError)) throw error;
    ctx.stderr.write(`${name}: ${error.message}\n`);
    return error instanceof CommandError ? error.exitCode : 2;
  }
}
