// The regex engine's syntax tree and error type, shared by the parser, the glob translator and the NFA.
import type { CharSet } from './char-set.js';

/** Zero-width tests between two characters of a line. */
export type Assertion =
  /** `^`: at the start of the line. */
  | 'lineStart'
  /** `$`: at the end of the line. */
  | 'lineEnd'
  /** `\b`: between a word and a non-word character (or a line edge). */
  | 'wordBoundary'
  /** `\B`: not at a word boundary. */
  | 'notWordBoundary'
  /** `\<`: a word starts here. */
  | 'wordStart'
  /** `\>`: a word ends here. */
  | 'wordEnd'
  /** No word character before (`grep -w`: the match is not preceded by one). */
  | 'noWordBefore'
  /** No word character after (`grep -w`: the match is not followed by one). */
  | 'noWordAfter';

/** A parsed regular expression. Groups leave no trace: nothing is captured. */
export type RegexNode =
  | { readonly type: 'set'; readonly set: CharSet }
  | { readonly type: 'assert'; readonly assertion: Assertion }
  | { readonly type: 'concat'; readonly items: readonly RegexNode[] }
  | { readonly type: 'alt'; readonly options: readonly RegexNode[] }
  | { readonly type: 'repeat'; readonly item: RegexNode; readonly min: number; readonly max: number };

/** A pattern the engine cannot parse or refuses to run; the message is shown to the user. */
export class RegexError extends Error {
  override readonly name = 'RegexError';
}

/** A node matching `items` one after the other (nothing when empty). */
export function sequence(items: readonly RegexNode[]): RegexNode {
  return items.length === 1 ? items[0]! : { type: 'concat', items };
}

/** A node matching any one of `options`. */
export function oneOf(options: readonly RegexNode[]): RegexNode {
  return options.length === 1 ? options[0]! : { type: 'alt', options };
}
