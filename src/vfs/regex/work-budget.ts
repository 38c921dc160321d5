// A cap on the regex work one shell call may do, so no pattern and input can run away.
import { RegexError } from './syntax.js';

/**
 * Units of work (NFA states visited while building DFA states or locating matches) one shell
 * call may spend on regular expressions: about a second of CPU at most. Searching a large site
 * spends a few thousand, as the DFA caches what it builds; the cap stops adversarial patterns.
 */
export const REGEX_WORK_LIMIT = 10_000_000;

/** Counts regex work; throws a `RegexError` once the limit is spent. */
export class WorkBudget {
  private left: number;

  constructor(limit = REGEX_WORK_LIMIT) {
    this.left = limit;
  }

  /** Records `units` of work; throws when the budget is exhausted. */
  spend(units: number): void {
    this.left -= units;
    if (this.left < 0) {
      throw new RegexError('regular expression too expensive for this input: simplify the pattern or search fewer files');
    }
  }
}
