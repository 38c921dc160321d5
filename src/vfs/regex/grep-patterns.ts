// Turns grep's pattern arguments and flags (-F, -E, -i, -w) into one line matcher.
import { charSet } from './char-set.js';
import { LineMatcher } from './line-matcher.js';
import { parseRegex, type RegexSyntax } from './parse-regex.js';
import { oneOf, sequence, type RegexNode } from './syntax.js';
import type { WorkBudget } from './work-budget.js';

/** How pattern text is read: a regular expression, or a fixed string (`grep -F`). */
export type PatternSyntax = RegexSyntax | 'fixed';

/** Flags that shape how patterns match. */
export interface PatternOptions {
  syntax: PatternSyntax;
  ignoreCase: boolean;
  /** Match only whole words (`-w`): no word character right before or after a match. */
  wholeWord: boolean;
  /** Match only whole lines (`-x`). */
  wholeLine?: boolean;
  budget: WorkBudget;
}

/**
 * A matcher for lines that match any of `patterns`. As in GNU grep, a pattern holding newlines
 * is several patterns. Throws `RegexError` for an invalid or unsupported pattern.
 */
export function compilePatterns(patterns: readonly string[], options: PatternOptions): LineMatcher {
  const alternatives = patterns.flatMap((pattern) => pattern.split('\n'));
  let root = oneOf(alternatives.map((text) => (options.syntax === 'fixed' ? literal(text) : parseRegex(text, options.syntax))));
  if (options.wholeWord) {
    root = sequence([{ type: 'assert', assertion: 'noWordBefore' }, root, { type: 'assert', assertion: 'noWordAfter' }]);
  }
  if (options.wholeLine) root = sequence([{ type: 'assert', assertion: 'lineStart' }, root, { type: 'assert', assertion: 'lineEnd' }]);
  return new LineMatcher(root, { ignoreCase: options.ignoreCase, budget: options.budget });
}

/** A node matching exactly `text`. */
function literal(text: string): RegexNode {
  return sequence([...text].map((char): RegexNode => ({ type: 'set', set: charSet(char.codePointAt(0)!) })));
}
