// sed: the stream edits agents use to read and reshape text: print ranges (-n '1,20p'), delete, quit, substitute.
import { compilePatterns } from '../regex/grep-patterns.js';
import type { LineMatcher } from '../regex/line-matcher.js';
import { CommandError, missingOperand, type Command, type CommandContext } from './command.js';
import { readInputs } from './inputs.js';
import { splitLines } from './lines.js';

/** A line address: a line number, the last line (`$`), or the lines matching a regular expression. */
type Address = { readonly line: number } | { readonly last: true } | { readonly matcher: LineMatcher };

/** One command of a sed script, with its address or range. */
interface SedCommand {
  readonly from?: Address;
  readonly to?: Address;
  readonly name: 'p' | 'd' | 'q' | 's' | '=';
  readonly substitute?: { readonly matcher: LineMatcher; readonly replacement: string; readonly global: boolean; readonly print: boolean };
}

const UNSUPPORTED =
  'supported: addresses N, $, /RE/ and ranges A,B; commands p, d, q, =, s/RE/TEXT/[gpI] (TEXT may hold & and \\n). For more, use grep, head, tail or awk';

/** `sed [-n] [-E] SCRIPT [FILE]...` or `sed [-n] -e SCRIPT... [FILE]...` */
export const sed: Command = {
  spec: {
    name: 'sed',
    summary: "Print or edit lines: sed -n '10,40p' FILE, sed 's/old/new/g', sed '/^$/d'.",
    usage: 'sed [-n] [-E] (SCRIPT | -e SCRIPT...) [FILE]...',
    flags: [
      { names: ['-n', '--quiet', '--silent'], help: 'print only what p commands print' },
      { names: ['-E', '-r', '--regexp-extended'], help: 'extended regular expressions' },
      { names: ['-e', '--expression'], value: 'SCRIPT', help: 'add SCRIPT to the commands (repeatable)' },
    ],
    notes: [`Commands are separated by ; or newlines. ${UNSUPPORTED}.`, 'Files are read, never changed: -i is not supported.'],
  },
  run(ctx, args) {
    const scripts = [...args.values('-e')];
    const operands = [...args.operands];
    if (scripts.length === 0) {
      const script = operands.shift();
      if (!script) throw missingOperand('sed', 'script');
      scripts.push(script.text);
    }
    const commands = parseScript(ctx, scripts.join('\n'), args.has('-E') ? 'extended' : 'basic');
    const { inputs, ok } = readInputs(ctx, 'sed', operands);
    // As in GNU sed, the files are one stream: line numbers and `$` run across them.
    const lines = inputs.flatMap((input) => splitLines(input.text));
    runScript(ctx, commands, lines, !args.has('-n'));
    return ok ? 0 : 1;
  },
};

function runScript(ctx: CommandContext, commands: readonly SedCommand[], lines: readonly string[], autoPrint: boolean): void {
  const inRange = commands.map(() => false);
  for (const [index, original] of lines.entries()) {
    if (ctx.stdout.full) return;
    const number = index + 1;
    const isLast = number === lines.length;
    let line = original;
    let deleted = false;
    let quit = false;
    for (const [i, command] of commands.entries()) {
      ctx.budget.tick();
      if (!selects(command, i, inRange, line, number, isLast)) continue;
      if (command.name === 'p') ctx.stdout.write(`${line}\n`);
      else if (command.name === '=') ctx.stdout.write(`${number}\n`);
      else if (command.name === 'd') deleted = true;
      else if (command.name === 'q') quit = true;
      else {
        const { matcher, replacement, global, print } = command.substitute!;
        const spans = matcher.matches(line);
        if (spans.length === 0) continue;
        let result = '';
        let at = 0;
        for (const [start, end] of global ? spans : spans.slice(0, 1)) {
          result += line.slice(at, start) + replacement.replaceAll('\0', line.slice(start, end));
          at = end;
        }
        line = result + line.slice(at);
        if (print) ctx.stdout.write(`${line}\n`);
      }
      if (deleted || quit) break;
    }
    if (!deleted && autoPrint) ctx.stdout.write(`${line}\n`);
    if (quit) return;
  }
}

/** Whether `command` applies to this line, keeping track of the ranges it is in. */
function selects(command: SedCommand, i: number, inRange: boolean[], line: string, number: number, isLast: boolean): boolean {
  const { from, to } = command;
  if (!from) return true;
  const at = (address: Address): boolean => ('line' in address ? address.line === number : 'last' in address ? isLast : address.matcher.test(line));
  if (!to) return at(from);
  if (inRange[i]) {
    // A range ends on the line its end matches; a line-number end already passed ends it at once.
    if ('line' in to ? number >= to.line : at(to)) inRange[i] = false;
    return true;
  }
  if (!at(from)) return false;
  inRange[i] = !('line' in to ? number >= to.line : 'last' in to && isLast);
  return true;
}

/** The commands of `script`; throws a `CommandError` naming what is not supported. */
function parseScript(ctx: CommandContext, script: string, syntax: 'basic' | 'extended'): SedCommand[] {
  const commands: SedCommand[] = [];
  let i = 0;
  const skipBlanks = (): void => {
    while (i < script.length && ' \t\n;'.includes(script[i]!)) i++;
  };
  const delimited = (delimiter: string): string => {
    let text = '';
    for (i++; i < script.length && script[i] !== delimiter; i++) {
      if (script[i] === '\\' && script[i + 1] === delimiter) i++;
      else if (script[i] === '\\') text += script[i++];
      text += script[i];
    }
    if (i >= script.length) throw new CommandError(`unterminated '${delimiter}' in: ${script}`);
    return text;
  };
  const compile = (pattern: string, ignoreCase = false): LineMatcher =>
    compilePatterns([pattern], { syntax, ignoreCase, wholeWord: false, budget: ctx.budget });
  const address = (): Address | undefined => {
    const digits = /^\d+/.exec(script.slice(i))?.[0];
    if (digits) {
      i += digits.length;
      return { line: Number(digits) };
    }
    if (script[i] === '$') {
      i++;
      return { last: true };
    }
    if (script[i] === '/') {
      const pattern = delimited('/');
      i++;
      return { matcher: compile(pattern) };
    }
    return undefined;
  };
  for (skipBlanks(); i < script.length; skipBlanks()) {
    const from = address();
    let to: Address | undefined;
    if (from && script[i] === ',') {
      i++;
      to = address();
      if (!to) throw new CommandError(`unsupported range end in: ${script}\n${UNSUPPORTED}`);
    }
    while (script[i] === ' ') i++;
    const name = script[i];
    if (name === 'p' || name === 'd' || name === 'q' || name === '=') {
      commands.push({ from, to, name });
      i++;
    } else if (name === 's' && i + 1 < script.length) {
      const delimiter = script[++i]!;
      const pattern = delimited(delimiter);
      const replacement = delimited(delimiter);
      const flags = /^[gpI]*/.exec(script.slice(++i))![0];
      i += flags.length;
      commands.push({
        from,
        to,
        name,
        substitute: {
          matcher: compile(pattern, flags.includes('I')),
          replacement: parseReplacement(replacement),
          global: flags.includes('g'),
          print: flags.includes('p'),
        },
      });
    } else {
      throw new CommandError(`unsupported command '${name ?? ''}' in: ${script}\n${UNSUPPORTED}`);
    }
    while (script[i] === ' ' || script[i] === '\t') i++;
    if (i < script.length && !'\n;'.includes(script[i]!)) throw new CommandError(`unexpected '${script[i]}' in: ${script}\n${UNSUPPORTED}`);
  }
  return commands;
}

/** A replacement with `&` (the match) marked as NUL, and `\n`, `\&`, `\\` resolved; refuses back-references. */
function parseReplacement(text: string): string {
  let result = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '&') result += '\0';
    else if (c !== '\\') result += c;
    else {
      const next = text[++i] ?? '';
      if (/[1-9]/.test(next)) throw new CommandError(`back-references ('\\${next}') are not supported in replacements; use & for the whole match, or awk`);
      result += next === 'n' ? '\n' : next;
    }
  }
  return result;
}
