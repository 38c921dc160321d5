// Splits a command line into words and operators: quotes, escapes, `|`, `&&`, `||`, `;`.
import { ShellSyntaxError } from './syntax-error.js';
import type { Word } from './word.js';

/** Operators between commands. A newline counts as `;`. */
export type Operator = '|' | '&&' | '||' | ';';

/** A word or an operator. */
export type Token = { readonly kind: 'word'; readonly word: Word } | { readonly kind: 'operator'; readonly operator: Operator };

const GLOB_CHARS = '*?[';
/** Characters a glob pattern must escape to match them literally. */
const GLOB_SPECIAL = '*?[]\\';
const READ_ONLY_HINT = 'the filesystem is read-only and output is returned to you; use pipes instead (e.g. grep -rn term / | head -20)';

/** Collects the characters of one word. */
class WordBuilder {
  private text = '';
  private pattern = '';
  private globbed = false;
  /** Whether a word has begun (quotes begin one even when empty: `''`). */
  started = false;

  add(char: string, quoted: boolean): void {
    this.started = true;
    this.text += char;
    if (!quoted) {
      this.globbed ||= GLOB_CHARS.includes(char);
      this.pattern += char;
    } else {
      this.pattern += GLOB_SPECIAL.includes(char) ? `\\${char}` : char;
    }
  }

  take(): Word {
    const word: Word = this.globbed ? { text: this.text, glob: this.pattern } : { text: this.text };
    this.text = '';
    this.pattern = '';
    this.globbed = false;
    this.started = false;
    return word;
  }
}

/** The tokens of `line`; throws `ShellSyntaxError` for unsupported syntax or unterminated quotes. */
export function tokenize(line: string): Token[] {
  const tokens: Token[] = [];
  const word = new WordBuilder();
  const endWord = (): void => {
    if (word.started) tokens.push({ kind: 'word', word: word.take() });
  };
  const operator = (op: Operator): void => {
    endWord();
    tokens.push({ kind: 'operator', operator: op });
  };
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    const next = line[i + 1];
    switch (c) {
      case ' ':
      case '\t':
      case '\r':
        endWord();
        break;
      case '\n':
      case ';':
        operator(';');
        break;
      case '|':
        operator(next === '|' ? '||' : '|');
        if (next === '|') i++;
        break;
      case '&':
        if (next !== '&') throw new ShellSyntaxError("background jobs ('&') are not supported; use '&&' to chain commands");
        operator('&&');
        i++;
        break;
      case '>':
      case '<':
        throw new ShellSyntaxError(`redirection ('${c}') is not supported: ${READ_ONLY_HINT}`);
      case '(':
      case ')':
        throw new ShellSyntaxError(`subshells and grouping ('${c}') are not supported; quote the character to pass it as text`);
      case "'": {
        const close = line.indexOf("'", i + 1);
        if (close === -1) throw new ShellSyntaxError('unterminated single quote');
        word.started = true;
        for (const quoted of line.slice(i + 1, close)) word.add(quoted, true);
        i = close;
        break;
      }
      case '"':
        word.started = true;
        i = readDoubleQuoted(line, i + 1, word);
        break;
      case '\\':
        // A backslash before a newline continues the line; at the very end it stands for itself.
        if (next !== '\n') word.add(next ?? '\\', true);
        i++;
        break;
      default:
        rejectExpansion(line, i);
        word.add(c, false);
    }
  }
  endWord();
  return tokens;
}

/** Adds a double-quoted string starting at `start` to `word`; returns the index of the closing quote. */
function readDoubleQuoted(line: string, start: number, word: WordBuilder): number {
  for (let i = start; i < line.length; i++) {
    const c = line[i]!;
    if (c === '"') return i;
    if (c === '\\' && i + 1 < line.length && '"\\$`\n'.includes(line[i + 1]!)) {
      if (line[i + 1] !== '\n') word.add(line[i + 1]!, true);
      i++;
      continue;
    }
    rejectExpansion(line, i);
    word.add(c, true);
  }
  throw new ShellSyntaxError('unterminated double quote');
}

/** Refuses `$(...)`, backticks and variables, which would need a real shell. */
function rejectExpansion(line: string, i: number): void {
  const c = line[i];
  const next = line[i + 1] ?? '';
  if (c === '`' || (c === '$' && next === '(')) {
    throw new ShellSyntaxError("command substitution ('$(...)' or backticks) is not supported; run the commands separately");
  }
  if (c === '$' && /[{A-Za-z_0-9#?@*!$-]/.test(next)) {
    throw new ShellSyntaxError(`variables ('$${next}') are not supported; quote a literal dollar sign with single quotes`);
  }
}
