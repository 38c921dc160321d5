// Splits a command line into words, operators, redirections and assignments: quotes, escapes,
// `|`, `&&`, `||`, `;`, `2>/dev/null`, `2>&1`, `< file`, `NAME=value` and `$NAME`.
import { ShellSyntaxError } from './syntax-error.js';
import type { Redirect, RedirectTarget, Word } from './word.js';

/** Operators between commands. A newline counts as `;`. */
export type Operator = '|' | '&&' | '||' | ';';

/** A word, an operator, a redirection of the current command, or a variable assignment. */
export type Token =
  | { readonly kind: 'word'; readonly word: Word }
  | { readonly kind: 'operator'; readonly operator: Operator }
  | { readonly kind: 'redirect'; readonly redirect: Redirect }
  | { readonly kind: 'assignment'; readonly name: string; readonly value: string };

const GLOB_CHARS = '*?[';
/** Characters a glob pattern must escape to match them literally. */
const GLOB_SPECIAL = '*?[]\\';
/** Characters that end an unquoted word. */
const WORD_END = ' \t\r\n;|&<>()';
const READ_ONLY_HINT =
  'the filesystem is read-only and output is returned to you; use pipes instead (e.g. grep -rn term . | head -20), or 2>/dev/null to drop errors';
const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
/**
 * Most characters variables may expand to in one call. Without it, `A=xxxxxxxxxx; B=$A$A$A…;
 * C=$B$B$B…` would grow tenfold per assignment, past any memory, before a command runs.
 */
export const MAX_EXPANSION = 64 * 1024;

/** The variables of a command line, and how much they have expanded to so far. */
class Variables {
  private readonly values = new Map<string, string>();
  private expanded = 0;

  set(name: string, value: string): void {
    this.values.set(name, value);
  }

  /** The value of `name` (empty when never set), counted against `MAX_EXPANSION`. */
  expand(name: string): string {
    const value = this.values.get(name) ?? '';
    this.expanded += value.length;
    if (this.expanded > MAX_EXPANSION) {
      throw new ShellSyntaxError(`variables expand to more than ${MAX_EXPANSION} characters in one call; use shorter values, or several calls`);
    }
    return value;
  }
}

/** Collects the characters of one word. */
class WordBuilder {
  private text = '';
  private pattern = '';
  private globbed = false;
  /** Where the first quoted character went: an assignment's name and a descriptor number must be unquoted. */
  private firstQuoted = -1;
  /** Whether a word has begun (quotes begin one even when empty: `''`). */
  started = false;

  add(char: string, quoted: boolean): void {
    this.started = true;
    if (quoted && this.firstQuoted === -1) this.firstQuoted = this.text.length;
    this.text += char;
    if (!quoted) {
      this.globbed ||= GLOB_CHARS.includes(char);
      this.pattern += char;
    } else {
      this.pattern += GLOB_SPECIAL.includes(char) ? `\\${char}` : char;
    }
  }

  /** The descriptor number this word spells when it stands right before `>` or `<` (`2` in `2>`), if it does. */
  descriptor(): number | undefined {
    return this.started && this.firstQuoted === -1 && /^[0-9]$/.test(this.text) ? Number(this.text) : undefined;
  }

  /** The name and value when the word is `NAME=value` with an unquoted name. */
  assignment(): { name: string; value: string } | undefined {
    const eq = this.text.indexOf('=');
    if (eq <= 0 || (this.firstQuoted !== -1 && this.firstQuoted < eq) || !NAME.test(this.text.slice(0, eq))) return undefined;
    return { name: this.text.slice(0, eq), value: this.text.slice(eq + 1) };
  }

  take(): Word {
    const word: Word = this.globbed ? { text: this.text, glob: this.pattern } : { text: this.text };
    this.text = '';
    this.pattern = '';
    this.globbed = false;
    this.firstQuoted = -1;
    this.started = false;
    return word;
  }
}

/**
 * The tokens of `line`; throws `ShellSyntaxError` for unsupported syntax or unterminated quotes.
 * Variables are expanded here, in order: `F=x; cat $F` reads `x` (assignments hold plain text,
 * with no command substitution, so their values are known before anything runs). A variable
 * never set expands to nothing, as in bash.
 */
export function tokenize(line: string): Token[] {
  const tokens: Token[] = [];
  const variables = new Variables();
  const word = new WordBuilder();
  /** Whether the next word starts a command, where `NAME=value` is an assignment. */
  let atCommandStart = true;
  const endWord = (): void => {
    if (!word.started) return;
    const assignment = atCommandStart ? word.assignment() : undefined;
    if (assignment) {
      word.take();
      variables.set(assignment.name, assignment.value);
      tokens.push({ kind: 'assignment', ...assignment });
      return;
    }
    tokens.push({ kind: 'word', word: word.take() });
    atCommandStart = false;
  };
  const operator = (op: Operator): void => {
    endWord();
    tokens.push({ kind: 'operator', operator: op });
    atCommandStart = true;
  };
  const redirect = (fd: number, target: RedirectTarget): void => {
    if (target.to === 'file' ? fd !== 0 : fd !== 1 && fd !== 2) {
      throw new ShellSyntaxError(`redirecting descriptor ${fd} is not supported; only 1 (output) and 2 (errors) can be redirected, and 0 read from a file`);
    }
    if (target.to === 'fd' && target.fd !== 1 && target.fd !== 2)
      throw new ShellSyntaxError(`>&${target.fd}: descriptor ${target.fd} is not open; use 2>&1 or 1>&2`);
    tokens.push({ kind: 'redirect', redirect: { fd, target } });
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
        if (next === '>') {
          // `&>/dev/null`: both output and errors.
          endWord();
          const { target, end } = readRedirectTarget(line, i + 2, '>');
          redirect(1, target);
          redirect(2, target);
          i = end;
          break;
        }
        if (next !== '&') throw new ShellSyntaxError("background jobs ('&') are not supported; use '&&' to chain commands");
        operator('&&');
        i++;
        break;
      case '>':
      case '<': {
        const fd = word.descriptor();
        if (fd !== undefined) word.take();
        else endWord();
        const { target, end } = readRedirectTarget(line, i + 1, c);
        redirect(fd ?? (c === '>' ? 1 : 0), target);
        i = end;
        break;
      }
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
        i = readDoubleQuoted(line, i + 1, word, variables);
        break;
      case '\\':
        // A backslash before a newline continues the line; at the very end it stands for itself.
        if (next !== '\n') word.add(next ?? '\\', true);
        i++;
        break;
      default: {
        const expansion = readExpansion(line, i, variables);
        if (!expansion) {
          word.add(c, false);
          break;
        }
        // Unquoted, a value is split into words at blanks and its glob characters stay active.
        for (const char of expansion.value) {
          if (' \t\n'.includes(char)) endWord();
          else word.add(char, false);
        }
        i = expansion.end;
      }
    }
  }
  endWord();
  return tokens;
}

/**
 * Reads what a redirection operator at `start` (just after `>` or `<`) sends to: `&N`, or a
 * path, after a second `>` (append) and blanks. Only `/dev/null` can be written to.
 */
function readRedirectTarget(line: string, start: number, operator: '>' | '<'): { target: RedirectTarget; end: number } {
  let i = start;
  if (operator === '<' && line[i] === '<') {
    throw new ShellSyntaxError("here-documents ('<<') are not supported; pipe the text in instead (e.g. echo 'text' | grep x)");
  }
  if (operator === '<' && line[i] === '(') throw new ShellSyntaxError("process substitution ('<(...)') is not supported; run the commands separately");
  if (operator === '>' && line[i] === '>') i++;
  if (line[i] === '&') {
    const digits = /^[0-9]+|^-/.exec(line.slice(i + 1));
    if (!digits) throw new ShellSyntaxError(`syntax error: '${operator}&' needs a descriptor number, as in 2>&1`);
    return { target: digits[0] === '-' ? { to: 'null' } : { to: 'fd', fd: Number(digits[0]) }, end: i + digits[0].length };
  }
  while (line[i] === ' ' || line[i] === '\t') i++;
  let path = '';
  for (; i < line.length && !WORD_END.includes(line[i]!); i++) if (line[i] !== '"' && line[i] !== "'") path += line[i];
  if (path === '') throw new ShellSyntaxError(`syntax error: '${operator}' needs a file name`);
  const end = i - 1;
  if (path === '/dev/null') return { target: { to: 'null' }, end };
  if (path === '/dev/stdout' || path === '/dev/stderr') return { target: { to: 'fd', fd: path === '/dev/stdout' ? 1 : 2 }, end };
  if (operator === '<') return { target: { to: 'file', path }, end };
  throw new ShellSyntaxError(`writing to a file ('> ${path}') is not supported: ${READ_ONLY_HINT}`);
}

/** Adds a double-quoted string starting at `start` to `word`; returns the index of the closing quote. */
function readDoubleQuoted(line: string, start: number, word: WordBuilder, variables: Variables): number {
  for (let i = start; i < line.length; i++) {
    const c = line[i]!;
    if (c === '"') return i;
    if (c === '\\' && i + 1 < line.length && '"\\$`\n'.includes(line[i + 1]!)) {
      if (line[i + 1] !== '\n') word.add(line[i + 1]!, true);
      i++;
      continue;
    }
    const expansion = readExpansion(line, i, variables);
    if (expansion) {
      for (const char of expansion.value) word.add(char, true);
      i = expansion.end;
    } else word.add(c, true);
  }
  throw new ShellSyntaxError('unterminated double quote');
}

/**
 * The value of `$NAME` or `${NAME}` at `i`, and the index of its last character; undefined when
 * `line[i]` starts no expansion (a lone `$` stands for itself). Refuses the expansions that would
 * need a real shell: command substitution, positional and special parameters, `${NAME:-x}` forms.
 */
function readExpansion(line: string, i: number, variables: Variables): { value: string; end: number } | undefined {
  const c = line[i];
  const next = line[i + 1] ?? '';
  if (c === '`' || (c === '$' && next === '(')) {
    throw new ShellSyntaxError("command substitution ('$(...)' or backticks) is not supported; run the commands separately");
  }
  if (c !== '$') return undefined;
  if (next === '{') {
    const close = line.indexOf('}', i + 2);
    const name = close === -1 ? '' : line.slice(i + 2, close);
    if (!NAME.test(name)) {
      throw new ShellSyntaxError(`parameter expansion ('\${${close === -1 ? '' : name}}') is not supported; use a plain variable ($NAME or \${NAME})`);
    }
    return { value: variables.expand(name), end: close };
  }
  const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(line.slice(i + 1))?.[0];
  if (name) return { value: variables.expand(name), end: i + name.length };
  if (/[0-9#?@*!$-]/.test(next)) {
    throw new ShellSyntaxError(
      `special parameters ('$${next}') are not supported; set a variable (NAME=value) and use $NAME, or quote a literal dollar sign with single quotes`,
    );
  }
  return undefined;
}
