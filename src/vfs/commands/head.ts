// head: the first lines (or bytes) of files; several files get `==> name <==` headers.
import { CommandError, type Command } from './command.js';
import { readInputs, writeWithHeaders } from './inputs.js';
import { countArg, joinLines, splitLines } from './lines.js';

/** `head [-n N | -N | -c N] [FILE]...` */
export const head: Command = {
  spec: {
    name: 'head',
    summary: 'Print the first lines of files; batch-read several: head -80 /a.mdx /b.mdx.',
    usage: 'head [-n N | -N | -c N] [FILE]...',
    flags: [
      { names: ['-n', '--lines'], value: 'N', help: 'print the first N lines (default 10); -n -N prints all but the last N' },
      { names: ['-c', '--bytes'], value: 'N', help: 'print the first N bytes (never splitting a character)' },
    ],
    numberFlag: '-n',
    notes: ['With several files, each is preceded by a line "==> FILE <==".'],
  },
  run(ctx, args) {
    const render = renderer(args.value('-n'), args.value('-c'));
    const { inputs, ok } = readInputs(ctx, 'head', args.operands);
    writeWithHeaders(ctx, inputs, render);
    return ok ? 0 : 1;
  },
  inputNeeded(args) {
    const lines = args.value('-n');
    const bytes = args.value('-c');
    if (args.operands.length > 0 || lines?.startsWith('-')) return undefined;
    // A character is at least one byte: the first N characters hold the first N bytes.
    return bytes !== undefined ? { chars: countArg(bytes, 0, 'number of bytes') } : { lines: countArg(lines, 10, 'number of lines') };
  },
};

function renderer(lines: string | undefined, bytes: string | undefined): (text: string) => string {
  if (bytes !== undefined) {
    if (lines !== undefined) throw new CommandError('use either -n or -c, not both');
    const limit = countArg(bytes, 0, 'number of bytes');
    return (text) => firstBytes(text, limit);
  }
  const allButLast = lines?.startsWith('-') ?? false;
  const count = countArg(allButLast ? lines!.slice(1) : lines, 10, 'number of lines');
  return (text) => {
    const all = splitLines(text);
    return joinLines(allButLast ? all.slice(0, Math.max(0, all.length - count)) : all.slice(0, count));
  };
}

/** The longest start of `text` that fits in `limit` UTF-8 bytes. */
function firstBytes(text: string, limit: number): string {
  let bytes = 0;
  let end = 0;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
    if (bytes > limit) break;
    end += char.length;
  }
  return text.slice(0, end);
}
