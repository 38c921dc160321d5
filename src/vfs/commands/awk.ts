// awk: the one-liners agents write to pick fields and lines: '{print $1}', -F: '{print $2}', 'NR>=5 && NR<=9', '/re/ {print NR": "$0}'.
import { compilePatterns } from '../regex/grep-patterns.js';
import { CommandError, missingOperand, type Command, type CommandContext } from './command.js';
import { readInputs } from './inputs.js';
import { splitLines } from './lines.js';

/** What one record (line) looks like to a program. */
interface Record {
  readonly fields: readonly string[];
  readonly line: string;
  readonly number: number;
}

type Value = string | number;
type Expression = (record: Record) => Value;
type Condition = (record: Record) => boolean;

/** One `pattern { print ... }` rule; BEGIN and END rules see no record. */
interface Rule {
  readonly when: 'BEGIN' | 'END' | 'each';
  readonly condition?: Condition;
  /** The expression lists of the rule's print statements (an empty list prints the whole line). */
  readonly prints: readonly (readonly Expression[])[];
}

const SUPPORTED =
  'supported: rules PATTERN { print EXPR, ... } with fields ($1, $NF, $0), NR, NF, "text" and numbers, and patterns /RE/, BEGIN, END, comparisons (NR==5, $2 ~ /RE/, $1 != "x") joined by && or ||. For more, use grep, sed -n, cut, sort, uniq -c or wc';

/** `awk [-F SEP] 'PROGRAM' [FILE]...` */
export const awk: Command = {
  spec: {
    name: 'awk',
    summary: "Print fields and lines: awk '{print $1}', awk -F: '{print $2}', awk 'NR>=5 && NR<=9'.",
    usage: "awk [-F SEP] 'PROGRAM' [FILE]...",
    flags: [{ names: ['-F', '--field-separator'], value: 'SEP', help: 'split fields at SEP (default: runs of blanks)' }],
    notes: [`A subset of awk: ${SUPPORTED}. There are no loops or variables, so a program runs once per line.`],
  },
  run(ctx, args) {
    const [program, ...files] = args.operands;
    if (!program) throw missingOperand('awk', 'program');
    const rules = new ProgramParser(ctx, program.text).parse();
    const split = fieldSplitter(args.value('-F'));
    const { inputs, ok } = readInputs(ctx, 'awk', files);
    const print = (values: readonly Value[]): void => ctx.stdout.write(`${values.map(String).join(' ')}\n`);
    const runRules = (when: Rule['when'], record: Record): void => {
      for (const rule of rules) {
        if (rule.when !== when || (rule.condition && !rule.condition(record))) continue;
        for (const list of rule.prints) print(list.length === 0 ? [record.line] : list.map((expression) => expression(record)));
      }
    };
    const none: Record = { fields: [], line: '', number: 0 };
    runRules('BEGIN', none);
    let number = 0;
    for (const input of inputs) {
      for (const line of splitLines(input.text)) {
        if (ctx.stdout.full) return ok ? 0 : 2;
        ctx.budget.tick();
        runRules('each', { fields: split(line), line, number: ++number });
      }
    }
    runRules('END', { ...none, number });
    return ok ? 0 : 2;
  },
};

/** How lines split into fields: at runs of blanks (leading ones ignored), or at each `separator`. */
function fieldSplitter(separator: string | undefined): (line: string) => string[] {
  if (separator === undefined || separator === ' ') return (line) => line.split(/[ \t]+/).filter((field, i) => i > 0 || field !== '');
  const literal = separator === '\\t' || separator === 't' ? '\t' : separator;
  if ([...literal].length !== 1) throw new CommandError(`-F '${separator}': only a single-character separator is supported; use cut -d for others`);
  return (line) => (line === '' ? [] : line.split(literal));
}

/** Reads the supported subset of awk; anything else is refused with what is supported. */
class ProgramParser {
  private i = 0;

  constructor(
    private readonly ctx: CommandContext,
    private readonly text: string,
  ) {}

  parse(): Rule[] {
    const rules: Rule[] = [];
    for (this.blanks(true); this.i < this.text.length; this.blanks(true)) {
      let when: Rule['when'] = 'each';
      let condition: Condition | undefined;
      const keyword = /^(BEGIN|END)\b/.exec(this.rest())?.[1] as 'BEGIN' | 'END' | undefined;
      if (keyword) {
        when = keyword;
        this.i += keyword.length;
      } else if (this.peek() !== '{') condition = this.condition();
      this.blanks();
      rules.push({ when, condition, prints: this.peek() === '{' ? this.action() : [[]] });
    }
    return rules;
  }

  /** `{ print ...; print ... }` */
  private action(): Expression[][] {
    this.i++;
    const prints: Expression[][] = [];
    for (this.blanks(true); this.peek() !== '}'; this.blanks(true)) {
      if (!/^print\b/.test(this.rest())) this.refuse();
      this.i += 'print'.length;
      const list: Expression[] = [];
      for (this.blanks(); !/^[;}\n]/.test(this.rest()); this.blanks()) {
        if (list.length > 0) this.expect(',');
        list.push(this.concatenation());
      }
      prints.push(list);
    }
    this.i++;
    return prints;
  }

  /** Comparisons or /RE/ joined by && and ||, evaluated left to right (&& binds tighter). */
  private condition(): Condition {
    const any: Condition[] = [];
    for (;;) {
      const all = [this.comparison()];
      while (this.take('&&')) all.push(this.comparison());
      any.push((record) => all.every((test) => test(record)));
      if (!this.take('||')) break;
    }
    return (record) => any.some((test) => test(record));
  }

  private comparison(): Condition {
    this.blanks();
    if (this.take('!')) {
      const negated = this.comparison();
      return (record) => !negated(record);
    }
    if (this.peek() === '/') {
      const matcher = this.regex();
      return (record) => matcher.test(record.line);
    }
    const left = this.term();
    this.blanks();
    const operator = /^(==|!=|>=|<=|!~|~|>|<)/.exec(this.rest())?.[1];
    if (!operator) return (record) => truthy(left(record));
    this.i += operator.length;
    this.blanks();
    if (operator === '~' || operator === '!~') {
      const matcher = this.regex();
      return (record) => matcher.test(String(left(record))) === (operator === '~');
    }
    const right = this.term();
    return (record) => compare(left(record), operator, right(record));
  }

  /** Terms written side by side, joined as text. */
  private concatenation(): Expression {
    const parts = [this.term()];
    for (this.blanks(); !/^[,;}\n]/.test(this.rest()) && this.i < this.text.length; this.blanks()) parts.push(this.term());
    return parts.length === 1 ? parts[0]! : (record) => parts.map((part) => String(part(record))).join('');
  }

  private term(): Expression {
    this.blanks();
    const rest = this.rest();
    const string = /^"((?:[^"\\]|\\.)*)"/.exec(rest);
    const token = string?.[0] ?? /^(\$NF|\$\d+|NR|NF|\d+(?:\.\d+)?)/.exec(rest)?.[0];
    if (!token) this.refuse();
    this.i += token.length;
    if (string) {
      const value = string[1]!.replace(/\\(.)/g, (_, c: string) => ({ n: '\n', t: '\t' })[c] ?? c);
      return () => value;
    }
    if (token === 'NR') return (record) => record.number;
    if (token === 'NF') return (record) => record.fields.length;
    if (token === '$NF') return (record) => record.fields.at(-1) ?? (record.fields.length === 0 ? record.line : '');
    if (token === '$0') return (record) => record.line;
    if (token.startsWith('$')) {
      const index = Number(token.slice(1)) - 1;
      return (record) => record.fields[index] ?? '';
    }
    const number = Number(token);
    return () => number;
  }

  private regex(): ReturnType<typeof compilePatterns> {
    let pattern = '';
    for (this.i++; this.i < this.text.length && this.text[this.i] !== '/'; this.i++) {
      if (this.text[this.i] === '\\' && this.text[this.i + 1] === '/') this.i++;
      pattern += this.text[this.i];
    }
    if (this.i >= this.text.length) throw new CommandError(`unterminated regular expression in: ${this.text}`);
    this.i++;
    return compilePatterns([pattern], { syntax: 'extended', ignoreCase: false, wholeWord: false, budget: this.ctx.budget });
  }

  private take(token: string): boolean {
    this.blanks();
    if (!this.rest().startsWith(token)) return false;
    this.i += token.length;
    return true;
  }

  private expect(token: string): void {
    if (!this.take(token)) this.refuse();
  }

  private blanks(newlines = false): void {
    while (this.i < this.text.length && (newlines ? ' \t\n;' : ' \t').includes(this.text[this.i]!)) this.i++;
  }

  private peek(): string | undefined {
    return this.text[this.i];
  }

  private rest(): string {
    return this.text.slice(this.i);
  }

  private refuse(): never {
    const near = this.rest().slice(0, 20);
    throw new CommandError(`unsupported program${near ? ` near '${near}'` : ' end'}: ${this.text}\n${SUPPORTED}`);
  }
}

function truthy(value: Value): boolean {
  return typeof value === 'number' ? value !== 0 : value !== '' && !(looksNumeric(value) && Number(value) === 0);
}

/** Compares as numbers when both sides look like numbers (as awk does for fields), else as text. */
function compare(left: Value, operator: string, right: Value): boolean {
  const numeric = looksNumeric(left) && looksNumeric(right);
  const a = numeric ? Number(left) : String(left);
  const b = numeric ? Number(right) : String(right);
  switch (operator) {
    case '==':
      return a === b;
    case '!=':
      return a !== b;
    case '<':
      return a < b;
    case '<=':
      return a <= b;
    case '>':
      return a > b;
    default:
      return a >= b;
  }
}

function looksNumeric(value: Value): boolean {
  return typeof value === 'number' || /^\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/.test(value);
}
