// cut: selects fields (split on a delimiter) or characters from each line.
import { CommandError, type Command } from './command.js';
import { readInputs } from './inputs.js';
import { splitLines } from './lines.js';

/** `cut -f LIST [-d SEP] | -c LIST [FILE]...` */
export const cut: Command = {
  spec: {
    name: 'cut',
    summary: 'Select fields or characters of each line: grep -rc x / | cut -d: -f1.',
    usage: 'cut (-f LIST [-d SEP] | -c LIST) [FILE]...',
    flags: [
      { names: ['-d', '--delimiter'], value: 'SEP', help: 'the one-character field delimiter (default: tab)' },
      { names: ['-f', '--fields'], value: 'LIST', help: 'select these fields; lines without the delimiter are printed whole' },
      { names: ['-c', '--characters'], value: 'LIST', help: 'select these characters' },
    ],
    notes: ['LIST is comma-separated numbers and ranges, counting from 1: 1,3, 2-4, 3-, -2.'],
  },
  run(ctx, args) {
    const fields = args.value('-f');
    const characters = args.value('-c');
    if ((fields === undefined) === (characters === undefined)) throw new CommandError('give exactly one of -f LIST or -c LIST');
    const delimiter = args.value('-d') ?? '\t';
    if ([...delimiter].length !== 1) throw new CommandError(`the delimiter must be one character: '${delimiter}'`);
    const selected = parseList((fields ?? characters)!);
    const cutLine =
      fields !== undefined
        ? (line: string) => (line.includes(delimiter) ? pick(line.split(delimiter), selected).join(delimiter) : line)
        : (line: string) => pick([...line], selected).join('');
    const { inputs, ok } = readInputs(ctx, 'cut', args.operands);
    for (const input of inputs) {
      for (const line of splitLines(input.text)) {
        if (ctx.stdout.full) break;
        ctx.budget.tick();
        ctx.stdout.write(`${cutLine(line)}\n`);
      }
    }
    return ok ? 0 : 1;
  },
};

/** Inclusive 1-based ranges of a LIST such as `1,3-5,7-`, sorted and merged where they overlap or touch. */
function parseList(list: string): [number, number][] {
  const ranges = list.split(',').map((part): [number, number] => {
    const [first = '', last, ...extra] = part.split('-');
    const from = first === '' ? 1 : Number(first);
    const to = last === undefined ? from : last === '' ? Infinity : Number(last);
    const wellFormed = extra.length === 0 && /^\d*$/.test(first) && /^\d*$/.test(last ?? '') && part !== '' && part !== '-';
    if (!wellFormed || from < 1 || to < from) throw new CommandError(`invalid list '${list}': expected numbers and ranges counting from 1, like 1,3-5,7-`);
    return [from, to];
  });
  ranges.sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const [from, to] of ranges) {
    const last = merged.at(-1);
    if (last && from <= last[1] + 1) last[1] = Math.max(last[1], to);
    else merged.push([from, to]);
  }
  return merged;
}

/** The items whose 1-based positions fall in `ranges` (sorted and disjoint), in their original order; linear in what is picked. */
function pick<T>(items: readonly T[], ranges: readonly [number, number][]): T[] {
  const picked: T[] = [];
  for (const [from, to] of ranges) {
    if (from > items.length) break;
    for (let i = from - 1; i < Math.min(to, items.length); i++) picked.push(items[i]!);
  }
  return picked;
}
