// Turns path operands into texts to read: globs expanded, files read, stdin when none are given.
import { expandGlob } from '../glob/expand-glob.js';
import type { Word } from '../shell/word.js';
import type { VfsEntry } from '../virtual-fs.js';
import { CommandError, type CommandContext } from './command.js';

/** A text a command reads, and the name to show for it. */
export interface Input {
  readonly label: string;
  readonly text: string;
}

/** The label GNU tools use for piped input. */
export const STDIN_LABEL = '(standard input)';

/**
 * Path operands with globs expanded; a glob that matches nothing stays as written, like in bash.
 * Every path counts against the call's limit on arguments, checked after each glob.
 */
export function expandOperands(ctx: CommandContext, operands: readonly Word[]): string[] {
  return operands.flatMap((word) => {
    const matches = word.glob === undefined ? [] : expandGlob(ctx.fs, word.glob, ctx.budget);
    const paths = matches.length > 0 ? matches : [word.text];
    ctx.budget.expand(paths.length);
    return paths;
  });
}

/** The entry at `shown`, or undefined after reporting `name: shown: No such file or directory`. */
export function entryOrReport(ctx: CommandContext, name: string, shown: string): VfsEntry | undefined {
  const entry = ctx.fs.get(shown);
  if (!entry) ctx.stderr.write(`${name}: ${shown}: No such file or directory\n`);
  return entry;
}

/**
 * What a filter command (cat, head, wc, sort…) reads: each file operand, or the piped input
 * when there are none (`-` also names it). Missing files and directories are reported on stderr;
 * `ok` is false then.
 */
export function readInputs(ctx: CommandContext, name: string, operands: readonly Word[]): { inputs: Input[]; ok: boolean } {
  const stdin = (): Input => {
    if (ctx.stdin === undefined) throw new CommandError(`no input: give a file path, or pipe text in (e.g. cat /index.mdx | ${name})`);
    ctx.budget.read(ctx.stdin.length);
    return { label: STDIN_LABEL, text: ctx.stdin };
  };
  if (operands.length === 0) return { inputs: [stdin()], ok: true };
  const inputs: Input[] = [];
  let ok = true;
  for (const path of expandOperands(ctx, operands)) {
    if (path === '-') {
      inputs.push(stdin());
      continue;
    }
    const entry = entryOrReport(ctx, name, path);
    if (entry?.kind === 'file') {
      ctx.budget.read(entry.content.length);
      inputs.push({ label: path, text: entry.content });
    } else if (entry) ctx.stderr.write(`${name}: ${path}: Is a directory\n`);
    ok &&= entry?.kind === 'file';
  }
  return { inputs, ok };
}

/** Writes `render(input)` for each input, under `==> label <==` headers when there are several (as head and tail do). */
export function writeWithHeaders(ctx: CommandContext, inputs: readonly Input[], render: (text: string) => string): void {
  inputs.forEach((input, i) => {
    if (ctx.stdout.full) return;
    if (inputs.length > 1) ctx.stdout.write(`${i > 0 ? '\n' : ''}==> ${input.label} <==\n`);
    ctx.stdout.write(render(input.text));
  });
}
