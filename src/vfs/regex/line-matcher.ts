// Matches one compiled pattern against lines: a lazy DFA to test, an NFA simulation to locate.
import { codePointIn } from './char-set.js';
import { LazyDfa } from './dfa.js';
import { LongestMatchFinder, type MatchSpan } from './longest-match.js';
import { compileNfa } from './nfa.js';
import { escapeRegExp, requiredLiterals } from './required-literal.js';
import type { RegexNode } from './syntax.js';
import type { WorkBudget } from './work-budget.js';

/**
 * A pattern ready to run over lines. Every operation takes time linear in the line (times the
 * pattern's size), and all of it is charged to the shell call's `WorkBudget`.
 */
export class LineMatcher {
  private readonly dfa: LazyDfa;
  private readonly finder: LongestMatchFinder;
  /** Tests that text must pass to possibly match: it must hold strings every match contains. */
  private readonly prefilters: readonly ((text: string) => boolean)[];

  constructor(root: RegexNode, options: { ignoreCase: boolean; budget: WorkBudget }) {
    const nfa = compileNfa(root, options.ignoreCase);
    this.dfa = new LazyDfa(nfa, options.budget);
    this.finder = new LongestMatchFinder(nfa, options.budget);
    this.prefilters = requiredLiterals(root).map((literal) =>
      // An escaped literal cannot backtrack; the `u` flag folds case at least as widely as setHas().
      options.ignoreCase ? RegExp.prototype.test.bind(new RegExp(escapeRegExp(literal), 'iu')) : (text: string) => text.includes(literal),
    );
  }

  /** False when no line of `text` can match: a cheap whole-file check before testing lines. */
  mayMatch(text: string): boolean {
    return this.prefilters.every((passes) => passes(text));
  }

  /** Whether the line `text[start, end)` contains a match. */
  test(text: string, start = 0, end = text.length): boolean {
    return this.dfa.test(text, start, end);
  }

  /** The non-empty, non-overlapping leftmost-longest matches in the line `text[start, end)`. */
  matches(text: string, start = 0, end = text.length): MatchSpan[] {
    const spans: MatchSpan[] = [];
    for (let from = start; from <= end; ) {
      const span = this.finder.find(text, start, end, from);
      if (!span) break;
      if (span[1] > span[0]) spans.push(span);
      // After an empty match, step over one whole character.
      from = span[1] > span[0] ? span[1] : span[0] + (codePointIn(text, span[0], end) > 0xffff ? 2 : 1);
    }
    return spans;
  }
}
