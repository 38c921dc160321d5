// tail: the last lines of files, or everything from line N on (`-n +N`).
import type { Command } from './command.js';
import { readInputs, writeWithHeaders } from './inputs.js';
import { countArg, joinLines, splitLines } from './lines.js';

/** `tail [-n N | -N | -n +N] [FILE]...` */
export const tail: Command = {
  spec: {
    name: 'tail',
    summary: 'Print the last lines of files, or from a line on (tail -n +40).',
    usage: 'tail [-n N | -N | -n +N] [FILE]...',
    flags: [{ names: ['-n', '--lines'], value: 'N', help: 'print the last N lines (default 10); -n +N prints from line N on' }],
    numberFlag: '-n',
    notes: ['With several files, each is preceded by a line "==> FILE <==".'],
  },
  run(ctx, args) {
    const value = args.value('-n');
    const fromLine = value?.startsWith('+') ?? false;
    // `-n -N` means the same as `-n N`, as in GNU tail.
    const count = countArg(value?.replace(/^[+-]/, ''), 10, 'number of lines');
    const { inputs, ok } = readInputs(ctx, 'tail', args.operands);
    writeWithHeaders(ctx, inputs, (text) => {
      const lines = splitLines(text);
      return joinLines(fromLine ? lines.slice(Math.max(0, count - 1)) : lines.slice(Math.max(0, lines.length - count)));
    });
    return ok ? 0 : 1;
  },
};
