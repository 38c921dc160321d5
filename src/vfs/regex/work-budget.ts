// What the regex engine charges its work to, so no pattern and input can run away.

/**
 * Counts units of regex work (NFA states visited while building DFA states or locating matches)
 * and throws once the call that owns it has spent its limit. Searching a large site spends a few
 * thousand, as the DFA caches what it builds; the limit stops adversarial patterns. The shell's
 * `CallBudget` implements it.
 */
export interface WorkBudget {
  spend(units: number): void;
}
