// Helpers shared by the text commands: lines, and number arguments.
import { CommandError } from './command.js';

/** The lines of `text`, without newlines; a final newline does not start one more (empty) line. */
export function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (text.endsWith('\n')) lines.pop();
  return lines;
}

/** The number of newlines in `text` (what `wc -l` counts). */
export function countLines(text: string): number {
  let lines = 0;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) lines++;
  return lines;
}

/** `lines` as text, each line ending with a newline. */
export function joinLines(lines: readonly string[]): string {
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
}

/** The non-negative integer `value` (or `fallback` when absent); throws a `CommandError` naming `what`. */
export function countArg(value: string | undefined, fallback: number, what: string): number {
  if (value === undefined) return fallback;
  if (!/^\d{1,9}$/.test(value)) throw new CommandError(`invalid ${what}: '${value}' (expected a whole number)`);
  return Number(value);
}
