// A lazily built DFA that answers "does this line contain a match" in time linear in the line.
import { codePointIn, isWordChar, setHas } from './char-set.js';
import { AFTER_WORD, AT_LINE_END, AT_LINE_START, BEFORE_WORD, EpsilonClosure, type Nfa } from './nfa.js';
import type { WorkBudget } from './work-budget.js';

const UNKNOWN = -1;
const FOUND = -2;
/** DFA states kept before the cache is dropped and rebuilt on demand (bounds memory to ~2 MB). */
const MAX_CACHED_STATES = 4096;
const ASCII = 128;

/** A set of NFA states reached after some characters, and what those characters leave as context. */
interface DfaState {
  /** NFA states to resume from, sorted; the pattern's start is always among them (unanchored search). */
  readonly core: readonly number[];
  /** `AT_LINE_START` and/or `AFTER_WORD`. */
  readonly context: number;
  /** Moves on non-ASCII characters (ASCII moves live in the shared table). */
  readonly other: Map<number, number>;
  /** Whether a match ends at the end of the line, once computed. */
  matchesAtEnd?: boolean;
}

/**
 * Tests lines for a match. Subset states are built as lines need them and cached; moves are
 * a state index, `UNKNOWN` (not built yet) or `FOUND` (a match ended before that character).
 */
export class LazyDfa {
  private states: DfaState[] = [];
  /** ASCII moves of all states, `ASCII` entries per state: the hot loop reads only this. */
  private asciiMoves = new Int32Array(64 * ASCII).fill(UNKNOWN);
  private index = new Map<string, number>();
  private startIndex = UNKNOWN;
  private readonly closure: EpsilonClosure;
  private readonly reached: number[] = [];

  constructor(
    private readonly nfa: Nfa,
    private readonly budget: WorkBudget,
  ) {
    this.closure = new EpsilonClosure(nfa);
  }

  /** Whether `text[start, end)`, one line, contains a match. */
  test(text: string, start: number, end: number): boolean {
    if (this.startIndex === UNKNOWN) this.startIndex = this.intern([this.nfa.start], AT_LINE_START);
    let current = this.startIndex;
    for (let i = start; i < end; ) {
      let codePoint = text.charCodeAt(i);
      let next: number;
      if (codePoint < ASCII) {
        next = this.asciiMoves[current * ASCII + codePoint]!;
        i++;
      } else {
        codePoint = codePointIn(text, i, end);
        next = this.states[current]!.other.get(codePoint) ?? UNKNOWN;
        i += codePoint > 0xffff ? 2 : 1;
      }
      if (next === UNKNOWN) next = this.transition(current, codePoint);
      if (next === FOUND) return true;
      current = next;
    }
    const last = this.states[current]!;
    last.matchesAtEnd ??= this.reach(last, last.context | AT_LINE_END).includes(this.nfa.match);
    return last.matchesAtEnd;
  }

  /** Computes and caches the move from state `from` on `codePoint`. */
  private transition(from: number, codePoint: number): number {
    const state = this.states[from]!;
    const beforeWord = isWordChar(codePoint);
    const reached = this.reach(state, state.context | (beforeWord ? BEFORE_WORD : 0));
    let next = FOUND;
    if (!reached.includes(this.nfa.match)) {
      const targets = new Set<number>([this.nfa.start]);
      for (const id of reached) {
        const nfaState = this.nfa.states[id]!;
        if (nfaState.kind === 'char' && setHas(nfaState.set, codePoint, this.nfa.ignoreCase)) targets.add(nfaState.next);
      }
      next = this.intern(
        [...targets].sort((a, b) => a - b),
        beforeWord && this.nfa.usesWordContext ? AFTER_WORD : 0,
      );
    }
    // A cache reset inside intern() dropped `from`: then there is no move to remember.
    if (this.states[from] === state) {
      if (codePoint < ASCII) this.asciiMoves[from * ASCII + codePoint] = next;
      else state.other.set(codePoint, next);
    }
    return next;
  }

  /** The char and match states reachable from `state`'s core at a position with `context`. */
  private reach(state: DfaState, context: number): number[] {
    this.reached.length = 0;
    this.closure.begin();
    for (const id of state.core) this.closure.add(id, context, this.reached);
    this.budget.spend(state.core.length + this.reached.length);
    return this.reached;
  }

  private intern(core: readonly number[], context: number): number {
    const key = `${context}:${core.join(',')}`;
    const known = this.index.get(key);
    if (known !== undefined) return known;
    if (this.states.length >= MAX_CACHED_STATES) {
      this.states = [];
      this.index = new Map();
      this.asciiMoves.fill(UNKNOWN);
      this.startIndex = UNKNOWN;
    }
    const id = this.states.push({ core, context, other: new Map() }) - 1;
    if (this.asciiMoves.length < this.states.length * ASCII) {
      const grown = new Int32Array(this.asciiMoves.length * 2).fill(UNKNOWN);
      grown.set(this.asciiMoves);
      this.asciiMoves = grown;
    }
    this.index.set(key, id);
    return id;
  }
}
