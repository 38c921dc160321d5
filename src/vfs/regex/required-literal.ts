// Finds strings every match must contain, so whole files without them are skipped unread.
import type { RegexNode } from './syntax.js';

/** Most literals a prefilter checks: the longest ones are the most selective. */
const MAX_LITERALS = 4;

/**
 * Runs of plain characters that every match of `node` contains, longest first (none when there
 * are none). Only top-level sequences count; assertions are zero-width, so runs continue past them.
 */
export function requiredLiterals(node: RegexNode): string[] {
  const runs = new Set<string>();
  let run = '';
  for (const item of [...flatten(node), undefined]) {
    if (item?.type === 'assert') continue;
    const char = item?.type === 'set' ? plainChar(item) : undefined;
    if (char !== undefined) {
      run += char;
      continue;
    }
    if (run) runs.add(run);
    run = '';
  }
  return [...runs].sort((a, b) => b.length - a.length).slice(0, MAX_LITERALS);
}

function flatten(node: RegexNode): RegexNode[] {
  return node.type === 'concat' ? node.items.flatMap(flatten) : [node];
}

function plainChar(node: Extract<RegexNode, { type: 'set' }>): string | undefined {
  const { set } = node;
  const single = !set.negated && set.classes.length === 0 && set.ranges.length === 2 && set.ranges[0] === set.ranges[1];
  return single ? String.fromCodePoint(set.ranges[0]!) : undefined;
}

/** Escapes `text` for use as a literal in a JavaScript RegExp. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}
