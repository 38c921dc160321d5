// Declares a command's flags and parses its arguments GNU-style: -abc, -n5, --long=value, --.
import { CommandError, type ParsedArgs } from './command.js';
import type { Word } from '../shell/word.js';

/** One flag a command accepts. */
export interface FlagSpec {
  /** Spellings, such as `['-r', '-R', '--recursive']`; the first is how `ParsedArgs` names it. */
  readonly names: readonly string[];
  /** What the flag's value is called in help (`N`, `PATTERN`), when it takes one. */
  readonly value?: string;
  readonly help: string;
}

/** What `--help` and the argument parser know about a command. */
export interface CommandSpec {
  readonly name: string;
  /** One line for the `help` command. */
  readonly summary: string;
  /** Synopsis, such as `head [-n N | -N | -c N] [FILE]...`. */
  readonly usage: string;
  readonly flags: readonly FlagSpec[];
  /** The flag that `-N` (a dash and digits) stands for, such as `-n` for `head -80`. */
  readonly numberFlag?: string;
  /** For commands that read all their arguments themselves (find's expressions, echo's text). */
  readonly rawArguments?: boolean;
  /** More lines for `--help`: formats, defaults, limits. */
  readonly notes?: readonly string[];
}

/** The parsed arguments, or `'help'` when `--help` was asked for. */
export function parseArgs(spec: CommandSpec, words: readonly Word[]): ParsedArgs | 'help' {
  if (spec.rawArguments) return words.length === 1 && words[0]!.text === '--help' ? 'help' : argsOf(words, new Map());
  const operands: Word[] = [];
  const values = new Map<string, string[]>();
  const give = (flag: FlagSpec, value: string): void => {
    const key = flag.names[0]!;
    const given = values.get(key);
    if (given) given.push(value);
    else values.set(key, [value]);
  };
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    const text = word.text;
    const takeValue = (flag: FlagSpec, spelled: string): string => {
      const value = words[++i]?.text;
      if (value === undefined) throw new CommandError(`option '${spelled}' needs a value (${flag.value})`);
      return value;
    };
    if (text === '--') {
      operands.push(...words.slice(i + 1));
      break;
    }
    if (text === '--help') return 'help';
    if (text.startsWith('--')) {
      const [name, inline] = splitOnce(text, '=');
      const flag = flagNamed(spec, name);
      if (!flag.value && inline !== undefined) throw new CommandError(`option '${name}' takes no value`);
      give(flag, flag.value ? (inline ?? takeValue(flag, name)) : '');
    } else if (text.length > 1 && text.startsWith('-')) {
      if (spec.numberFlag && /^-\d+$/.test(text)) {
        give(flagNamed(spec, spec.numberFlag), text.slice(1));
        continue;
      }
      for (let j = 1; j < text.length; j++) {
        const flag = flagNamed(spec, `-${text[j]}`);
        if (!flag.value) {
          give(flag, '');
          continue;
        }
        give(flag, j + 1 < text.length ? text.slice(j + 1) : takeValue(flag, `-${text[j]}`));
        break;
      }
    } else {
      operands.push(word);
    }
  }
  return argsOf(operands, values);
}

function argsOf(operands: readonly Word[], values: ReadonlyMap<string, readonly string[]>): ParsedArgs {
  return {
    operands,
    has: (flag) => values.has(flag),
    value: (flag) => values.get(flag)?.at(-1),
    values: (flag) => values.get(flag) ?? [],
  };
}

function flagNamed(spec: CommandSpec, name: string): FlagSpec {
  const flag = spec.flags.find((f) => f.names.includes(name));
  if (!flag) throw new CommandError(`unknown option '${name}'\nSupported options: ${flagSummary(spec)}\nTry '${spec.name} --help'.`);
  return flag;
}

function splitOnce(text: string, separator: string): [string, string | undefined] {
  const at = text.indexOf(separator);
  return at === -1 ? [text, undefined] : [text.slice(0, at), text.slice(at + 1)];
}

/** The supported flags on one line, such as `-n N, -c N, --help`. */
export function flagSummary(spec: CommandSpec): string {
  const flags = spec.flags.map((f) => f.names.join('/') + (f.value ? ` ${f.value}` : ''));
  return [...flags, '--help'].join(', ');
}

/** The text `--help` prints. */
export function helpText(spec: CommandSpec): string {
  const lines = [`Usage: ${spec.usage}`, spec.summary];
  if (spec.flags.length > 0) {
    const labels = spec.flags.map((f) => f.names.join(', ') + (f.value ? ` ${f.value}` : ''));
    const width = Math.max(...labels.map((l) => l.length));
    lines.push('', 'Options:', ...spec.flags.map((f, i) => `  ${labels[i]!.padEnd(width)}  ${f.help}`));
  }
  if (spec.notes) lines.push('', ...spec.notes);
  return `${lines.join('\n')}\n`;
}
