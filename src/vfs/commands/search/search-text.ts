// Searches one text line by line and prints what grep prints: lines, context, counts or names.
import type { LineMatcher } from '../../regex/line-matcher.js';
import type { Writer } from '../command.js';
import type { Input } from '../inputs.js';

/** What to search for and how to print it; grep and rg both map their flags to this. */
export interface SearchOptions {
  readonly matcher: LineMatcher;
  /** Select lines that do not match (`-v`). */
  readonly invert: boolean;
  readonly lineNumbers: boolean;
  readonly withFilename: boolean;
  /** `lines` (with context), `matches` (`-o`), `count` (`-c`), `names` (`-l`) or `quiet` (`-q`). */
  readonly output: 'lines' | 'matches' | 'count' | 'names' | 'quiet';
  readonly before: number;
  readonly after: number;
  /** Stop after this many selected lines per file (`-m`); `Infinity` for no limit. */
  readonly maxCount: number;
  /** Whether `-c` prints files with no selected line (grep does, rg does not). */
  readonly zeroCounts: boolean;
}

/** State carried across the files of one search: whether a `--` must separate the next group. */
export interface SearchProgress {
  groupsPrinted: boolean;
}

/** Searches `input`, writes the result to `out`, and returns how many lines were selected. */
export function searchText(input: Input, options: SearchOptions, out: Writer, progress: SearchProgress): number {
  const { text, label } = input;
  const { matcher, output } = options;
  const context = output === 'lines' && (options.before > 0 || options.after > 0);
  const prefix = (lineNumber: number, separator: string): string =>
    (options.withFilename ? label + separator : '') + (options.lineNumbers ? lineNumber + separator : '');
  const possible = matcher.mayMatch(text);
  const pending: [start: number, end: number, lineNumber: number][] = [];
  let selected = 0;
  let afterLeft = 0;
  let lastPrinted = 0;
  const print = (start: number, end: number, lineNumber: number, separator: string): void => {
    if (context && progress.groupsPrinted && lineNumber > lastPrinted + 1) out.write('--\n');
    out.write(`${prefix(lineNumber, separator) + text.slice(start, end)}\n`);
    progress.groupsPrinted = true;
    lastPrinted = lineNumber;
  };
  let lineNumber = 0;
  // A text that cannot match selects no line, unless selection is inverted: then skip reading its lines.
  const searchEnd = possible || options.invert ? text.length : 0;
  for (let start = 0; start < searchEnd && !out.full; ) {
    const newline = text.indexOf('\n', start);
    const lineEnd = newline === -1 ? text.length : newline;
    lineNumber++;
    const isSelected = (possible && matcher.test(text, start, lineEnd)) !== options.invert;
    if (isSelected && selected < options.maxCount) {
      selected++;
      if (output === 'names' || output === 'quiet') break;
      if (output === 'lines') {
        for (const [s, e, n] of pending) print(s, e, n, '-');
        print(start, lineEnd, lineNumber, ':');
      } else if (output === 'matches' && !options.invert) {
        for (const [s, e] of matcher.matches(text, start, lineEnd)) out.write(`${prefix(lineNumber, ':') + text.slice(s, e)}\n`);
      }
      pending.length = 0;
      afterLeft = options.after;
    } else if (context && afterLeft > 0) {
      print(start, lineEnd, lineNumber, '-');
      afterLeft--;
    } else if (context && options.before > 0) {
      if (pending.push([start, lineEnd, lineNumber]) > options.before) pending.shift();
    }
    if (selected >= options.maxCount && afterLeft === 0) break;
    start = lineEnd + 1;
  }
  if (output === 'count' && (selected > 0 || options.zeroCounts)) out.write(options.withFilename ? `${label}:${selected}\n` : `${selected}\n`);
  if (output === 'names' && selected > 0) out.write(`${label}\n`);
  return selected;
}
