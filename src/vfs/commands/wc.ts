// wc: counts lines, words and bytes of files or piped input, in GNU wc's layout.
import type { Command } from './command.js';
import { readInputs, STDIN_LABEL, type Input } from './inputs.js';
import { countLines } from './lines.js';

const COUNTS = [
  { flag: '-l', count: (text: string) => countLines(text) },
  { flag: '-w', count: (text: string) => countWords(text) },
  { flag: '-c', count: (text: string) => Buffer.byteLength(text) },
] as const;

/** `wc [-l] [-w] [-c] [FILE]...` */
export const wc: Command = {
  spec: {
    name: 'wc',
    summary: 'Count lines, words and bytes of files or piped input (grep -rl x / | wc -l).',
    usage: 'wc [-l] [-w] [-c] [FILE]...',
    flags: [
      { names: ['-l', '--lines'], help: 'count newlines' },
      { names: ['-w', '--words'], help: 'count words (runs of non-space characters)' },
      { names: ['-c', '--bytes'], help: 'count UTF-8 bytes' },
    ],
    notes: ['Without flags, prints lines, words and bytes. Several files add a "total" line.'],
  },
  run(ctx, args) {
    const chosen = COUNTS.filter((c) => args.has(c.flag));
    const columns = chosen.length > 0 ? chosen : COUNTS;
    const { inputs, ok } = readInputs(ctx, 'wc', args.operands);
    const rows = inputs.map((input: Input) => ({ label: input.label, values: columns.map((c) => c.count(input.text)) }));
    if (rows.length > 1) rows.push({ label: 'total', values: columns.map((_, i) => rows.reduce((sum, row) => sum + row.values[i]!, 0)) });
    // Like GNU wc: one number alone is unpadded; piped input gets the fixed width 7.
    const fromStdin = rows.some((row) => row.label === STDIN_LABEL);
    const width =
      rows.length === 1 && columns.length === 1 ? 0 : Math.max(fromStdin ? 7 : 1, ...rows.flatMap((row) => row.values.map((v) => String(v).length)));
    for (const row of rows) {
      const numbers = row.values.map((v) => String(v).padStart(width)).join(' ');
      ctx.stdout.write(row.label === STDIN_LABEL ? `${numbers}\n` : `${numbers} ${row.label}\n`);
    }
    return ok ? 0 : 1;
  },
};

function countWords(text: string): number {
  let words = 0;
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const space = code === 32 || (code >= 9 && code <= 13) || (code > 127 && /\s/.test(text[i]!));
    if (!space && !inWord) words++;
    inWord = !space;
  }
  return words;
}
