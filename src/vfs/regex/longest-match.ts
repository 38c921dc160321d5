// Finds the leftmost-longest match in a line (POSIX semantics, as `grep -o` prints) in linear time.
import { codePointIn, isWordChar, setHas } from './char-set.js';
import { AFTER_WORD, AT_LINE_END, AT_LINE_START, BEFORE_WORD, EpsilonClosure, type Nfa } from './nfa.js';
import type { WorkBudget } from './work-budget.js';

/** A match as offsets into the searched text: `[start, end)`. */
export type MatchSpan = readonly [start: number, end: number];

/**
 * Simulates the NFA once over the line, keeping for each state only the earliest start that
 * reaches it: an earlier start is always preferred, and equal states have equal futures.
 */
export class LongestMatchFinder {
  private readonly closure: EpsilonClosure;
  private readonly nextMarks: Uint32Array;
  private generation = 0;

  constructor(
    private readonly nfa: Nfa,
    private readonly budget: WorkBudget,
  ) {
    this.closure = new EpsilonClosure(nfa);
    this.nextMarks = new Uint32Array(nfa.states.length);
  }

  /** The leftmost-longest match in the line `text[lineStart, lineEnd)` starting at or after `from`. */
  find(text: string, lineStart: number, lineEnd: number, from: number): MatchSpan | undefined {
    let ids: number[] = [];
    let starts: number[] = [];
    let best: [number, number] | undefined;
    for (let pos = from; ; ) {
      const codePoint = pos < lineEnd ? codePointIn(text, pos, lineEnd) : -1;
      const context = this.contextAt(text, lineStart, lineEnd, pos, codePoint);
      // Seeds in order of start, so the earliest start claims each state first.
      const reached: number[] = [];
      const reachedStarts: number[] = [];
      this.closure.begin();
      const seed = (id: number, start: number): void => {
        const before = reached.length;
        this.closure.add(id, context, reached);
        for (let i = before; i < reached.length; i++) reachedStarts.push(start);
      };
      for (const [i, id] of ids.entries()) seed(id, starts[i]!);
      if (!best) seed(this.nfa.start, pos);
      this.budget.spend(ids.length + reached.length + 1);

      const nextIds: number[] = [];
      const nextStarts: number[] = [];
      this.nextGeneration();
      reached.forEach((id, i) => {
        const start = reachedStarts[i]!;
        const state = this.nfa.states[id]!;
        if (state.kind === 'match') {
          if (!best || start < best[0] || (start === best[0] && pos > best[1])) best = [start, pos];
        } else if (
          state.kind === 'char' &&
          codePoint >= 0 &&
          this.nextMarks[state.next] !== this.generation &&
          setHas(state.set, codePoint, this.nfa.ignoreCase)
        ) {
          this.nextMarks[state.next] = this.generation;
          nextIds.push(state.next);
          nextStarts.push(start);
        }
      });
      ids = [];
      starts = [];
      nextIds.forEach((id, i) => {
        // Once a match is known, only threads that began no later can still beat it.
        if (!best || nextStarts[i]! <= best[0]) {
          ids.push(id);
          starts.push(nextStarts[i]!);
        }
      });
      if (codePoint < 0 || (best && ids.length === 0)) return best;
      pos += codePoint > 0xffff ? 2 : 1;
    }
  }

  private contextAt(text: string, lineStart: number, lineEnd: number, pos: number, codePoint: number): number {
    let context = codePoint < 0 ? AT_LINE_END : isWordChar(codePoint) ? BEFORE_WORD : 0;
    if (pos === lineStart) return context | AT_LINE_START;
    const prevUnit = text.charCodeAt(pos - 1);
    const prevAt = prevUnit >= 0xdc00 && prevUnit <= 0xdfff && pos - 2 >= lineStart ? pos - 2 : pos - 1;
    if (isWordChar(codePointIn(text, prevAt, lineEnd))) context |= AFTER_WORD;
    return context;
  }

  private nextGeneration(): void {
    if (++this.generation === 0xffffffff) {
      this.nextMarks.fill(0);
      this.generation = 1;
    }
  }
}
