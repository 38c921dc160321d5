// The `docsite` command: builds the commander program and turns failures into exit codes.
import { Command, CommanderError } from 'commander';
import { UsageError } from '../errors.js';
import { StoreError } from '../store/index.js';
import { DOCSITE_VERSION } from '../version.js';
import { registerAnalytics } from './analytics-command.js';
import { registerFeedback } from './feedback-command.js';
import { registerBuild } from './build-command.js';
import { registerCredentials } from './credentials-command.js';
import { registerDev } from './dev-command.js';
import { registerKeys } from './keys-command.js';
import { registerServe } from './serve-command.js';
import { registerSettings } from './settings-command.js';
import { registerUsers } from './users-command.js';
import { registerValidate } from './validate-command.js';

/** Exit codes shared by every command. */
export const EXIT = { ok: 0, problems: 1, usage: 2 } as const;

export function createProgram(): Command {
  const program = new Command('docsite')
    .description('Validate, build and serve MDX documentation sites, for readers and AI agents.')
    .version(DOCSITE_VERSION, '-v, --version')
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride()
    .configureOutput({ outputError: (text, write) => write(text) });
  registerValidate(program);
  registerBuild(program);
  registerServe(program);
  registerDev(program);
  registerKeys(program);
  registerUsers(program);
  registerCredentials(program);
  registerSettings(program);
  registerAnalytics(program);
  registerFeedback(program);
  return program;
}

/** Runs the CLI with `argv` (as process.argv) and returns the exit code. */
export async function main(argv: string[]): Promise<number> {
  process.exitCode = EXIT.ok;
  try {
    await createProgram().parseAsync(argv);
    return Number(process.exitCode ?? EXIT.ok);
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version end through here too, with exit code 0.
      return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    }
    if (error instanceof UsageError) {
      process.stderr.write(`docsite: ${error.message}\n${error.hint ? `  hint: ${error.hint}\n` : ''}`);
      return EXIT.usage;
    }
    if (error instanceof StoreError) {
      // The operator's own terminal: the driver's cause (never a password) helps more than the generic message alone.
      const cause = error.cause instanceof Error && error.cause.message ? ` (${error.cause.message})` : '';
      process.stderr.write(`docsite: ${error.message}${cause}\n  hint: check --data-dir or --database-url (env DOCSITE_DATABASE_URL).\n`);
      return EXIT.usage;
    }
    const code = (error as NodeJS.ErrnoException).code;
    if (code && /^E[A-Z]+$/.test(code)) {
      process.stderr.write(`docsite: ${(error as Error).message}\n`);
      return EXIT.usage;
    }
    throw error;
  }
}
