// Parses a command line into pipelines joined by `&&`, `||` and `;`, within the input limits.
import { ShellSyntaxError } from './syntax-error.js';
import { tokenize, type Operator } from './tokenize.js';
import type { Redirect, Word } from './word.js';

/** Longest command line accepted, in characters. */
export const MAX_COMMAND_LENGTH = 4096;
/** Most commands in one pipeline (`a | b | c` is three). */
export const MAX_PIPELINE_STAGES = 10;
/** Most commands in one call, across all pipelines. */
export const MAX_COMMANDS = 20;

/**
 * One command: its words, the first being its name (none for a command of assignments only,
 * `F=x`, which does nothing but set the variable), and its redirections in the order written.
 */
export interface Stage {
  readonly words: readonly Word[];
  readonly redirects: readonly Redirect[];
}

/** Commands connected by pipes. */
export type Pipeline = readonly Stage[];

/** One pipeline of a command line and when it runs. */
export interface ChainLink {
  /** `always` (first, or after `;`), `ifSuccess` (after `&&`), `ifFailure` (after `||`). */
  readonly when: 'always' | 'ifSuccess' | 'ifFailure';
  readonly pipeline: Pipeline;
}

const WHEN_AFTER: Readonly<Record<Exclude<Operator, '|'>, ChainLink['when']>> = { ';': 'always', '&&': 'ifSuccess', '||': 'ifFailure' };

/** The pipelines of `line`, in order; throws `ShellSyntaxError` when it is malformed or too big. */
export function parseScript(line: string): ChainLink[] {
  if (line.length > MAX_COMMAND_LENGTH) {
    throw new ShellSyntaxError(`command line longer than ${MAX_COMMAND_LENGTH} characters; split it into several calls`);
  }
  const links: ChainLink[] = [];
  let when: ChainLink['when'] = 'always';
  let stages: Stage[] = [];
  let words: Word[] = [];
  let redirects: Redirect[] = [];
  let assigned = false;
  let commands = 0;
  const empty = (): boolean => words.length === 0 && redirects.length === 0 && !assigned;
  const endCommand = (after: string): void => {
    if (words.length === 0 && !assigned) throw new ShellSyntaxError(`syntax error: missing command ${after}`);
    if (++commands > MAX_COMMANDS) throw new ShellSyntaxError(`more than ${MAX_COMMANDS} commands in one call`);
    if (stages.push({ words, redirects }) > MAX_PIPELINE_STAGES) throw new ShellSyntaxError(`more than ${MAX_PIPELINE_STAGES} commands in one pipeline`);
    words = [];
    redirects = [];
    assigned = false;
  };
  for (const token of tokenize(line)) {
    if (token.kind === 'word') {
      words.push(token.word);
      continue;
    }
    if (token.kind === 'redirect') {
      redirects.push(token.redirect);
      continue;
    }
    if (token.kind === 'assignment') {
      // `F=x cmd` sets nothing for `cmd` to read (no command reads the environment); `F=x` alone sets F.
      assigned = true;
      continue;
    }
    const { operator } = token;
    if (operator === '|') {
      endCommand("before '|'");
      continue;
    }
    // Nothing since the last `;` (a blank line, `a;`) is fine; nothing before `&&` or `||` is not.
    if (empty() && stages.length === 0 && operator === ';' && when === 'always') continue;
    endCommand(`before '${operator}'`);
    links.push({ when, pipeline: stages });
    stages = [];
    when = WHEN_AFTER[operator];
  }
  if (!empty() || stages.length > 0) {
    endCommand('at the end');
    links.push({ when, pipeline: stages });
  } else if (when !== 'always') {
    throw new ShellSyntaxError('syntax error: missing command at the end');
  }
  if (links.length === 0) throw new ShellSyntaxError("no command given; run 'help' to list the commands");
  return links;
}
