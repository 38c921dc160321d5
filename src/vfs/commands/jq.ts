// jq: reads JSON files (OpenAPI specs, docs.json) the way agents query them: '.paths | keys', -r '.info.title', '.tags[].name'.
import { CommandError, missingOperand, type Command } from './command.js';
import { readInputs } from './inputs.js';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
/** A filter maps one value to the values it outputs (none, one or many), as in jq. */
type Filter = (value: Json) => Json[];

const SUPPORTED = 'supported: paths (., .a.b, .["a b"], .[0], .[], .a[]?), keys, keys[], length, type, joined by |. For more, use grep or sed -n on the file';

/** `jq [-r] [-c] FILTER [FILE]...` */
export const jq: Command = {
  spec: {
    name: 'jq',
    summary: "Query JSON files: jq '.paths | keys' openapi.json, jq -r '.info.title' spec.json.",
    usage: 'jq [-r] [-c] FILTER [FILE]...',
    flags: [
      { names: ['-r', '--raw-output'], help: 'print strings without quotes' },
      { names: ['-c', '--compact-output'], help: 'print each value on one line' },
    ],
    notes: [`A subset of jq: ${SUPPORTED}.`],
  },
  run(ctx, args) {
    const [program, ...files] = args.operands;
    if (!program) throw missingOperand('jq', 'filter');
    const filter = parseFilter(program.text);
    const { inputs, ok } = readInputs(ctx, 'jq', files);
    for (const input of inputs) {
      let document: Json;
      try {
        document = JSON.parse(input.text) as Json;
      } catch (error) {
        ctx.stderr.write(`jq: error: ${input.label} is not valid JSON: ${(error as Error).message}\n`);
        return 2;
      }
      let results: Json[];
      try {
        results = filter(document);
      } catch (error) {
        if (!(error instanceof JqError)) throw error;
        ctx.stderr.write(`jq: error (at ${input.label}): ${error.message}\n`);
        return 5;
      }
      for (const result of results) {
        if (ctx.stdout.full) break;
        const text = args.has('-r') && typeof result === 'string' ? result : JSON.stringify(result, null, args.has('-c') ? undefined : 2);
        ctx.budget.tick(text.length >> 6);
        ctx.stdout.write(`${text}\n`);
      }
    }
    return ok ? 0 : 2;
  },
};

/** A value a filter cannot be applied to, such as `.a` on an array; reported like jq does. */
class JqError extends Error {}

/** The filter `text` as one function; throws a `CommandError` naming what is not supported. */
function parseFilter(text: string): Filter {
  const stages = splitPipes(text).map((stage) => parseStage(stage.trim(), text));
  return (value) => stages.reduce<Json[]>((values, stage) => values.flatMap(stage), [value]);
}

/** The `|`-separated parts of `text`, leaving `|` inside quotes and brackets alone. */
function splitPipes(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\\' && quoted) i++;
    else if (c === '"') quoted = !quoted;
    else if (!quoted && c === '[') depth++;
    else if (!quoted && c === ']') depth--;
    else if (!quoted && depth === 0 && c === '|') {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

const BUILTINS: Readonly<Record<string, Filter>> = {
  keys: (value) => [keysOf(value)],
  'keys[]': (value) => keysOf(value),
  length: (value) => [
    value === null
      ? 0
      : typeof value === 'string' || Array.isArray(value)
        ? value.length
        : typeof value === 'object'
          ? Object.keys(value).length
          : Math.abs(value as number),
  ],
  type: (value) => [value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value],
};

/** One stage: a builtin, or a path of `.name`, `."name"`, `.["name"]`, `[N]`, `[]` steps, each optionally followed by `?`. */
function parseStage(stage: string, program: string): Filter {
  const builtin = BUILTINS[stage];
  if (builtin) return builtin;
  if (!stage.startsWith('.')) throw new CommandError(`unsupported filter '${stage}' in: ${program}\n${SUPPORTED}`);
  const steps: Filter[] = [];
  const step = /^(?:\.([A-Za-z_][A-Za-z0-9_]*)|\.?"((?:[^"\\]|\\.)*)"|\.?\[\s*(?:"((?:[^"\\]|\\.)*)"|(-?\d+)|)\s*\]|\.)(\?)?/;
  for (let rest = stage; rest !== ''; ) {
    const match = step.exec(rest);
    if (!match || match[0] === '') throw new CommandError(`unsupported filter '${stage}' in: ${program}\n${SUPPORTED}`);
    const [whole, name, quotedName, bracketName, index, optional] = match;
    const quoted = quotedName ?? bracketName;
    const key = name ?? (quoted === undefined ? undefined : (JSON.parse(`"${quoted}"`) as string));
    const base: Filter | undefined =
      key !== undefined
        ? (value) => [member(value, key)]
        : index !== undefined
          ? (value) => [element(value, Number(index))]
          : whole.startsWith('.[') || whole.startsWith('[')
            ? iterate
            : undefined;
    if (base) steps.push(optional ? (value) => tryFilter(base, value) : base);
    rest = rest.slice(whole.length);
  }
  return (value) => steps.reduce<Json[]>((values, next) => values.flatMap(next), [value]);
}

function member(value: Json, key: string): Json {
  if (value === null) return null;
  if (typeof value !== 'object' || Array.isArray(value)) throw new JqError(`Cannot index ${typeName(value)} with "${key}"`);
  return Object.hasOwn(value, key) ? value[key]! : null;
}

function element(value: Json, index: number): Json {
  if (value === null) return null;
  if (!Array.isArray(value)) throw new JqError(`Cannot index ${typeName(value)} with number`);
  return value.at(index) ?? null;
}

function iterate(value: Json): Json[] {
  if (Array.isArray(value)) return value;
  if (value !== null && typeof value === 'object') return Object.values(value);
  throw new JqError(`Cannot iterate over ${typeName(value)}`);
}

function keysOf(value: Json): Json[] {
  if (Array.isArray(value)) return value.map((_, i) => i);
  if (value !== null && typeof value === 'object') return Object.keys(value).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  throw new JqError(`${typeName(value)} has no keys`);
}

function tryFilter(filter: Filter, value: Json): Json[] {
  try {
    return filter(value);
  } catch (error) {
    if (error instanceof JqError) return [];
    throw error;
  }
}

function typeName(value: Json): string {
  const type = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
  return typeof value === 'string' ? `string ("${value.slice(0, 10)}")` : type === 'object' ? 'object' : type;
}
