// sort: sorts lines as text or numbers, by keys (fields), reversed or unique, like `LC_ALL=C sort`.
import { CommandError, type Command } from './command.js';
import { readInputs } from './inputs.js';
import { joinLines, splitLines } from './lines.js';

/** A `-k` key: fields `from` to `to` (1-based, inclusive), compared as numbers with `n`. */
interface SortKey {
  readonly from: number;
  readonly to: number;
  readonly numeric: boolean;
  readonly reverse: boolean;
}

/** A line and its sort keys. */
interface Row {
  readonly line: string;
  readonly keys: readonly string[];
}

/** `sort [-r] [-n] [-u] [-k N[,M]] [-t SEP] [FILE]...` */
export const sort: Command = {
  spec: {
    name: 'sort',
    summary: 'Sort lines of files or piped input: grep -rc x / | sort -t: -k2 -rn | head.',
    usage: 'sort [-r] [-n] [-u] [-k N[,M]] [-t SEP] [FILE]...',
    flags: [
      { names: ['-r', '--reverse'], help: 'reverse the order' },
      { names: ['-n', '--numeric-sort'], help: 'compare by leading number' },
      { names: ['-u', '--unique'], help: 'keep only the first of lines that compare equal' },
      { names: ['-k', '--key'], value: 'N[,M]', help: 'sort by fields N to M (default: to the end of the line); n or r may follow, e.g. -k2,2n (repeatable)' },
      { names: ['-t', '--field-separator'], value: 'SEP', help: 'fields are separated by the character SEP (default: runs of blanks)' },
    ],
    notes: ['Text compares by code point, like LC_ALL=C; leading blanks of keys are ignored.'],
  },
  run(ctx, args) {
    const separator = args.value('-t');
    if (separator !== undefined && [...separator].length !== 1) throw new CommandError(`the separator must be one character: '${separator}'`);
    const keys = args.values('-k').map(parseKey);
    const numeric = args.has('-n');
    if (keys.length === 0) keys.push({ from: 1, to: Infinity, numeric, reverse: false });
    const { inputs, ok } = readInputs(ctx, 'sort', args.operands);
    // Sorting keeps every line (and its keys) at once.
    const held = inputs.reduce((sum, input) => sum + input.text.length, 0);
    ctx.budget.hold(held);
    // Keys are extracted once per line, not once per comparison.
    const rows = inputs.flatMap((input) => splitLines(input.text)).map((line) => ({ line, keys: keys.map((key) => keyOf(line, key, separator)) }));
    const byKeys = (a: Row, b: Row): number => {
      ctx.budget.tick();
      for (const [i, key] of keys.entries()) {
        const order = compareKey(a.keys[i]!, b.keys[i]!, key.numeric || numeric);
        if (order !== 0) return key.reverse ? -order : order;
      }
      return 0;
    };
    const reverse = args.has('-r') ? -1 : 1;
    // Lines with equal keys fall back to whole-line order, as in GNU sort (unless -u keeps the first).
    const sorted = rows.sort((a, b) => reverse * (byKeys(a, b) || (args.has('-u') ? 0 : compareText(a.line, b.line))));
    const kept = args.has('-u') ? sorted.filter((row, i) => i === 0 || byKeys(sorted[i - 1]!, row) !== 0) : sorted;
    ctx.stdout.write(joinLines(kept.map((row) => row.line)));
    ctx.budget.release(held);
    return ok ? 0 : 2;
  },
};

function parseKey(spec: string): SortKey {
  const parts = /^(\d+)(?:,(\d+))?([nr]*)$/.exec(spec);
  const from = Number(parts?.[1]);
  const to = parts?.[2] === undefined ? Infinity : Number(parts[2]);
  if (!parts || from < 1 || to < from) throw new CommandError(`invalid key '${spec}': expected N or N,M (fields count from 1), optionally followed by n or r`);
  return { from, to, numeric: parts[3]!.includes('n'), reverse: parts[3]!.includes('r') };
}

/** Fields `from` to `to` of `line`, with the separators between them, leading blanks removed. */
function keyOf(line: string, key: SortKey, separator: string | undefined): string {
  if (key.from === 1 && key.to === Infinity) return line.trimStart();
  if (separator !== undefined)
    return line
      .split(separator)
      .slice(key.from - 1, key.to)
      .join(separator)
      .trimStart();
  // Blank-separated fields start where a non-blank follows a blank (or the line starts).
  const starts = [...line.matchAll(/\S+/g)].map((m) => [m.index, m.index + m[0].length] as const);
  const first = starts[key.from - 1];
  if (!first) return '';
  const last = starts[Math.min(key.to, starts.length) - 1]!;
  return line.slice(first[0], last[1]);
}

function compareKey(a: string, b: string, numeric: boolean): number {
  if (!numeric) return compareText(a, b);
  return leadingNumber(a) - leadingNumber(b);
}

/** The number a key starts with, as `sort -n` reads it; 0 when it starts with none. */
function leadingNumber(key: string): number {
  const number = /^[+-]?(\d+\.?\d*|\.\d+)/.exec(key);
  return number ? Number(number[0]) : 0;
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
