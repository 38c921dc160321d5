// Parses grep-style regular expressions (POSIX basic or extended, plus \w \s \d \b) into a syntax tree.
import { charSet, classSet, POSIX_CLASSES, type CharClass, type CharSet } from './char-set.js';
import { oneOf, RegexError, sequence, type Assertion, type RegexNode } from './syntax.js';

/** `basic`: grep's default (`\|`, `\(`, `\{` are operators); `extended`: `grep -E` and `rg`. */
export type RegexSyntax = 'basic' | 'extended';

/** Longest pattern accepted, in characters. */
export const MAX_PATTERN_LENGTH = 1000;
/** Largest count in `{n,m}`. */
export const MAX_REPEAT = 1000;

const WHY_UNSUPPORTED = 'not supported (this grep uses a linear-time regex engine)';
const ESCAPED_CLASSES: Readonly<Record<string, CharSet>> = {
  w: classSet(['word']),
  W: classSet(['word'], true),
  s: classSet(['space']),
  S: classSet(['space'], true),
  d: classSet(['digit']),
  D: classSet(['digit'], true),
};
const ESCAPED_ASSERTIONS: Readonly<Record<string, Assertion>> = { b: 'wordBoundary', B: 'notWordBoundary', '<': 'wordStart', '>': 'wordEnd' };
const ESCAPED_CHARS: Readonly<Record<string, string>> = { t: '\t', n: '\n' };

type Operator = '|' | '(' | ')' | '*' | '+' | '?' | '{';
const OPERATORS = '|()+?{';

/** Parses `pattern`; throws `RegexError` with a user-facing message when it is invalid or unsupported. */
export function parseRegex(pattern: string, syntax: RegexSyntax): RegexNode {
  if (pattern.length > MAX_PATTERN_LENGTH) throw new RegexError(`pattern longer than ${MAX_PATTERN_LENGTH} characters`);
  return new RegexParser(pattern, syntax).parse();
}

class RegexParser {
  private pos = 0;

  constructor(
    private readonly source: string,
    private readonly syntax: RegexSyntax,
  ) {}

  parse(): RegexNode {
    const node = this.alternation();
    if (this.pos < this.source.length) throw new RegexError(`unmatched ${this.spelling(')')}`);
    return node;
  }

  /** The operator at the cursor and its length: `basic` spells them with a backslash, except `*`. */
  private operator(): { op: Operator; length: number } | undefined {
    const c = this.source[this.pos];
    if (c === '*') return { op: '*', length: 1 };
    if (this.syntax === 'extended') return c !== undefined && OPERATORS.includes(c) ? { op: c as Operator, length: 1 } : undefined;
    const next = this.source[this.pos + 1];
    return c === '\\' && next !== undefined && OPERATORS.includes(next) ? { op: next as Operator, length: 2 } : undefined;
  }

  private spelling(op: Operator): string {
    return this.syntax === 'extended' || op === '*' ? op : `\\${op}`;
  }

  private alternation(): RegexNode {
    const options = [this.concatenation()];
    for (let op = this.operator(); op?.op === '|'; op = this.operator()) {
      this.pos += op.length;
      options.push(this.concatenation());
    }
    return oneOf(options);
  }

  private concatenation(): RegexNode {
    const items: RegexNode[] = [];
    while (this.pos < this.source.length) {
      const op = this.operator()?.op;
      if (op === '|' || op === ')') break;
      let item = this.atom(items.length === 0);
      for (let repeat = this.quantifier(); repeat; repeat = this.quantifier()) item = { type: 'repeat', item, ...repeat };
      items.push(item);
    }
    return sequence(items);
  }

  private atom(atStart: boolean): RegexNode {
    const op = this.operator();
    if (op?.op === '(') return this.group(op.length);
    if (op) {
      // A quantifier with nothing before it stands for itself, as in GNU grep.
      this.pos += op.length;
      return { type: 'set', set: charSet(op.op.codePointAt(0)!) };
    }
    const c = this.source.codePointAt(this.pos)!;
    this.pos += c > 0xffff ? 2 : 1;
    switch (c) {
      case 0x2e /* . */:
        return { type: 'set', set: classSet(['any']) };
      case 0x5b /* [ */:
        return { type: 'set', set: this.bracket() };
      case 0x5c /* \ */:
        return this.escape();
      case 0x5e /* ^ */:
        // In basic syntax `^` anchors only at the start of a branch.
        return this.syntax === 'extended' || atStart ? { type: 'assert', assertion: 'lineStart' } : { type: 'set', set: charSet(c) };
      case 0x24 /* $ */:
        return this.syntax === 'extended' || this.atBranchEnd() ? { type: 'assert', assertion: 'lineEnd' } : { type: 'set', set: charSet(c) };
      default:
        return { type: 'set', set: charSet(c) };
    }
  }

  private atBranchEnd(): boolean {
    const op = this.operator()?.op;
    return this.pos >= this.source.length || op === '|' || op === ')';
  }

  private group(openLength: number): RegexNode {
    this.pos += openLength;
    if (this.syntax === 'extended' && this.source[this.pos] === '?') {
      const head = this.source.slice(this.pos, this.pos + 4);
      if (head.startsWith('?:')) this.pos += 2;
      else if (/^\?(=|!|<=|<!)/.test(head)) throw new RegexError(`lookaround (${head}) is ${WHY_UNSUPPORTED}`);
      else throw new RegexError(`group syntax (${head} is not supported; use (?:...) or (...)`);
    }
    const inner = this.alternation();
    const close = this.operator();
    if (close?.op !== ')') throw new RegexError(`unmatched ${this.spelling('(')}`);
    this.pos += close.length;
    return inner;
  }

  private quantifier(): { min: number; max: number } | undefined {
    const op = this.operator();
    if (op?.op === '*' || op?.op === '+' || op?.op === '?') {
      this.pos += op.length;
      return { min: op.op === '+' ? 1 : 0, max: op.op === '?' ? 1 : Infinity };
    }
    return op?.op === '{' ? this.interval(op.length) : undefined;
  }

  /** `{n}`, `{n,}`, `{,m}`, `{n,m}`; in extended syntax a `{` that starts none of these is literal. */
  private interval(openLength: number): { min: number; max: number } | undefined {
    const close = this.syntax === 'extended' ? '}' : '\\}';
    const end = this.source.indexOf(close, this.pos + openLength);
    const body = end === -1 ? '' : this.source.slice(this.pos + openLength, end);
    const parts = /^(\d*)(,(\d*))?$/.exec(body);
    if (end === -1 || !parts || (parts[1] === '' && parts[2] === undefined)) {
      if (this.syntax === 'extended') return undefined;
      throw new RegexError('invalid interval: expected \\{n\\}, \\{n,\\}, \\{,m\\} or \\{n,m\\}');
    }
    const min = parts[1] ? Number(parts[1]) : 0;
    const max = parts[2] === undefined ? min : parts[3] ? Number(parts[3]) : Infinity;
    if (min > MAX_REPEAT || (max !== Infinity && max > MAX_REPEAT)) throw new RegexError(`repetition count over ${MAX_REPEAT} in {${body}}`);
    if (max < min) throw new RegexError(`invalid interval {${body}}: ${min} is more than ${max}`);
    this.pos = end + close.length;
    return { min, max };
  }

  private escape(): RegexNode {
    const c = this.source[this.pos];
    if (c === undefined) throw new RegexError('trailing backslash (\\)');
    this.pos++;
    const set = ESCAPED_CLASSES[c];
    if (set) return { type: 'set', set };
    const assertion = ESCAPED_ASSERTIONS[c];
    if (assertion) return { type: 'assert', assertion };
    return { type: 'set', set: charSet(this.escapedChar(c)) };
  }

  /** The character `\c` stands for; letters and digits other than the known escapes are refused. */
  private escapedChar(c: string): number {
    if (c >= '1' && c <= '9') throw new RegexError(`back-references (\\${c}) are ${WHY_UNSUPPORTED}`);
    const known = ESCAPED_CHARS[c];
    if (known !== undefined) return known.codePointAt(0)!;
    if (/[A-Za-z0-9]/.test(c)) throw new RegexError(`unsupported escape \\${c}`);
    return c.codePointAt(0)!;
  }

  /** A bracket expression after its `[`: ranges, `[:class:]`, `\` escapes, leading `^` to negate. */
  private bracket(): CharSet {
    const ranges: number[] = [];
    const classes: CharClass[] = [];
    const negated = this.source[this.pos] === '^';
    if (negated) this.pos++;
    for (let first = true; ; first = false) {
      const c = this.source[this.pos];
      if (c === undefined) throw new RegexError('unmatched [');
      if (c === ']' && !first) break;
      if (c === '[' && this.source[this.pos + 1] === ':') {
        const end = this.source.indexOf(':]', this.pos + 2);
        const name = end === -1 ? '' : this.source.slice(this.pos + 2, end);
        if (!POSIX_CLASSES.has(name)) throw new RegexError(`unknown character class [:${name}:]; known: ${[...POSIX_CLASSES].join(', ')}`);
        classes.push(name as CharClass);
        this.pos = end + 2;
        continue;
      }
      const lo = this.bracketMember(classes);
      if (lo === undefined) continue;
      if (this.source[this.pos] === '-' && this.source[this.pos + 1] !== ']' && this.pos + 1 < this.source.length) {
        this.pos++;
        const hi = this.bracketMember(classes);
        if (hi === undefined || hi < lo) throw new RegexError('invalid range in [...]');
        ranges.push(lo, hi);
      } else {
        ranges.push(lo, lo);
      }
    }
    this.pos++;
    return { negated, ranges, classes };
  }

  /** One member of a bracket expression: its code point, or undefined when it was a class escape. */
  private bracketMember(classes: CharClass[]): number | undefined {
    const c = this.source.codePointAt(this.pos)!;
    this.pos += c > 0xffff ? 2 : 1;
    if (c !== 0x5c /* \ */) return c;
    const escaped = this.source[this.pos];
    if (escaped === undefined) throw new RegexError('unmatched [');
    this.pos++;
    const set = ESCAPED_CLASSES[escaped];
    if (set?.negated) throw new RegexError(`\\${escaped} inside [...] is not supported; use [^...]`);
    if (set) {
      classes.push(...set.classes);
      return undefined;
    }
    return this.escapedChar(escaped);
  }
}
