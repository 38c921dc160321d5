// Prints diagnostics like a compiler: `file:line:column  severity  message  code`, then a hint.
import { styleText } from 'node:util';
import type { Diagnostic } from '../diagnostics/index.js';

type Style = Parameters<typeof styleText>[0];

/** Formats diagnostics for a terminal; colours only when `color` is true. */
export function formatDiagnostics(diagnostics: readonly Diagnostic[], color: boolean): string {
  const paint = (style: Style, text: string): string => (color ? styleText(style, text) : text);
  return diagnostics
    .map((d) => {
      const severity = d.severity === 'error' ? paint('red', 'error') : paint('yellow', 'warning');
      return `${paint('cyan', `${d.file}:${d.line}:${d.column}`)}  ${severity}  ${d.message}${placements(d)}  ${paint('gray', d.code)}\n  ${paint('gray', `hint: ${d.hint}`)}`;
    })
    .join('\n');
}

/** Placements named in full before "and N more". */
const SHOWN_PLACEMENTS = 3;

/** Where the snippet a problem is in is placed: " (in a snippet placed on a.mdx:7, b.mdx:2 and 5 more pages)". */
function placements({ placedOn }: Diagnostic): string {
  if (!placedOn) return '';
  const shown = placedOn
    .slice(0, SHOWN_PLACEMENTS)
    .map(({ file, line }) => `${file}:${line}`)
    .join(', ');
  const more = placedOn.length - SHOWN_PLACEMENTS;
  return ` (in a snippet placed on ${more > 0 ? `${shown} and ${plural(more, 'more page')}` : shown})`;
}

/** Prints errors and warnings to stdout, sorted by file and line, followed by a blank line. */
export function printDiagnostics(errors: readonly Diagnostic[], warnings: readonly Diagnostic[]): void {
  const all = [...errors, ...warnings].sort((a, b) => (a.file === b.file ? a.line - b.line || a.column - b.column : a.file < b.file ? -1 : 1));
  if (all.length > 0) process.stdout.write(`${formatDiagnostics(all, process.stdout.isTTY === true)}\n\n`);
}

/** "1 error", "2 warnings". */
export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
