// Thompson construction: a syntax tree becomes the NFA that the DFA and the match finder simulate.
import type { CharSet } from './char-set.js';
import { RegexError, type Assertion, type RegexNode } from './syntax.js';

/** Most NFA states a pattern may compile to (bounded repetitions multiply states). */
export const MAX_NFA_STATES = 5000;

/** One NFA state: consume a character, fork, check a zero-width assertion, or accept. */
export type NfaState =
  | { readonly kind: 'char'; readonly set: CharSet; readonly next: number }
  | { readonly kind: 'split'; readonly next: readonly number[] }
  | { readonly kind: 'assert'; readonly assertion: Assertion; readonly next: number }
  | { readonly kind: 'match' };

/** A compiled pattern. */
export interface Nfa {
  readonly states: readonly NfaState[];
  readonly start: number;
  readonly match: number;
  readonly ignoreCase: boolean;
  /** Whether any assertion looks at word characters (else the DFA need not track them). */
  readonly usesWordContext: boolean;
}

/** Compiles `root`; throws `RegexError` when it needs more than `MAX_NFA_STATES` states. */
export function compileNfa(root: RegexNode, ignoreCase: boolean): Nfa {
  const states: NfaState[] = [{ kind: 'match' }];
  let usesWordContext = false;
  const add = (state: NfaState): number => {
    if (states.length >= MAX_NFA_STATES) throw new RegexError('regular expression too large (repetition counts multiply its size)');
    return states.push(state) - 1;
  };
  /** Compiles `node` so that it continues at `next`; returns its entry state. */
  const compile = (node: RegexNode, next: number): number => {
    switch (node.type) {
      case 'set':
        return add({ kind: 'char', set: node.set, next });
      case 'assert':
        usesWordContext ||= node.assertion !== 'lineStart' && node.assertion !== 'lineEnd';
        return add({ kind: 'assert', assertion: node.assertion, next });
      case 'concat':
        return node.items.reduceRight((after, item) => compile(item, after), next);
      case 'alt':
        return add({ kind: 'split', next: node.options.map((option) => compile(option, next)) });
      case 'repeat':
        return compileRepeat(node.item, node.min, node.max, next);
    }
  };
  const compileRepeat = (item: RegexNode, min: number, max: number, next: number): number => {
    let entry = next;
    if (max === Infinity) {
      const loop: number[] = [];
      entry = add({ kind: 'split', next: loop });
      loop.push(compile(item, entry), next);
    } else {
      // x{0,k} as k nested options, each of which may stop and continue at `next`.
      for (let i = min; i < max; i++) entry = add({ kind: 'split', next: [compile(item, entry), next] });
    }
    for (let i = 0; i < min; i++) entry = compile(item, entry);
    return entry;
  };
  const start = compile(root, 0);
  return { states, start, match: 0, ignoreCase, usesWordContext };
}

/** Bits describing the position between two characters, for checking assertions. */
export const AT_LINE_START = 1;
export const AT_LINE_END = 2;
export const AFTER_WORD = 4;
export const BEFORE_WORD = 8;

/** Whether `assertion` holds at a position described by `context` bits. */
export function assertionHolds(assertion: Assertion, context: number): boolean {
  const after = (context & AFTER_WORD) !== 0;
  const before = (context & BEFORE_WORD) !== 0;
  switch (assertion) {
    case 'lineStart':
      return (context & AT_LINE_START) !== 0;
    case 'lineEnd':
      return (context & AT_LINE_END) !== 0;
    case 'wordBoundary':
      return after !== before;
    case 'notWordBoundary':
      return after === before;
    case 'wordStart':
      return !after && before;
    case 'wordEnd':
      return after && !before;
    case 'noWordBefore':
      return !after;
    case 'noWordAfter':
      return !before;
  }
}

/**
 * Follows epsilon moves (splits, assertions that hold) with reusable visit marks: within one
 * `begin()`, each state is reported once, so the first seed to reach it wins.
 */
export class EpsilonClosure {
  private readonly marks: Uint32Array;
  private generation = 0;
  private readonly stack: number[] = [];

  constructor(private readonly nfa: Nfa) {
    this.marks = new Uint32Array(nfa.states.length);
  }

  /** Forgets the states visited so far. */
  begin(): void {
    if (++this.generation === 0xffffffff) {
      this.marks.fill(0);
      this.generation = 1;
    }
  }

  /** Appends to `into` the char and match states reachable from `seed` that were not yet visited. */
  add(seed: number, context: number, into: number[]): void {
    const { states } = this.nfa;
    this.stack.push(seed);
    while (this.stack.length > 0) {
      const id = this.stack.pop()!;
      if (this.marks[id] === this.generation) continue;
      this.marks[id] = this.generation;
      const state = states[id]!;
      if (state.kind === 'split') {
        for (let i = state.next.length - 1; i >= 0; i--) this.stack.push(state.next[i]!);
      } else if (state.kind === 'assert') {
        if (assertionHolds(state.assertion, context)) this.stack.push(state.next);
      } else {
        into.push(id);
      }
    }
  }
}
