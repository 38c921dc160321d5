// Assembles docs.json from its parts: every `{"$ref": "path"}` is replaced by the JSON file it names
// (Mintlify's split configuration), and every value keeps where it was written, so a diagnostic
// about the assembled config names the file and line the user has to open.
import { posix } from 'node:path';
import { diagnostic, type Diagnostic, type Position } from '../diagnostics/index.js';
import { MAX_JSON_DEPTH, parseJsonSource, type JsonSource } from './json-source.js';
import type { SourceLocator } from './schema-diagnostics.js';

/** Reads a file of the docs folder by its path from the folder's root; throws when it cannot (ENOENT, a path leading out). */
export type ConfigFileReader = (path: string) => Buffer;

type JsonPath = (string | number)[];

/** Where a container (object or array) of the assembled config was written. */
interface Origin {
  file: string;
  source: JsonSource;
  /** Its path in `file`. */
  path: JsonPath;
  /** For an array some elements of which were left out: the index in `file` of each element kept. */
  indices?: number[];
  /** For an object read through a `$ref`: the keys written beside the `$ref`, which stay where they were written. */
  beside?: { origin: Origin; keys: ReadonlySet<string> };
}

/** The assembled config, and what can be said about where its values come from. */
export interface AssembledConfig {
  /** Undefined when docs.json itself is a `$ref` that cannot be read. */
  value: unknown;
  locator: SourceLocator;
  diagnostics: Diagnostic[];
  /** Leaves out the value at `path` of the assembled config (a value the schema refuses), keeping positions right. */
  remove(path: readonly (string | number)[]): void;
  /** Whether the key `key` of the object at `path` was a `$ref` that could not be read (its absence is already reported). */
  isUnreadRef(path: readonly (string | number)[], key: string): boolean;
}

/**
 * How many `$ref`s one docs.json may resolve: a real split config has a few dozen; a file
 * referenced twice by a file referenced twice, twenty levels down, would otherwise be read a million times.
 */
export const MAX_CONFIG_REFS = 1_000;

/**
 * How much JSON text one docs.json may take in through its `$ref`s, counting a file each time it is
 * named: real parts total well under a megabyte, and each use of a part is a copy in memory.
 */
export const MAX_CONFIG_REF_CHARS = 32 * 1024 * 1024;

/** Files are not read twice: a `$ref` named many times shares its parse. */
interface Assembly {
  read: ConfigFileReader | undefined;
  parsed: Map<string, JsonSource | Diagnostic>;
  /** The length of each file read, and the total taken in so far (see MAX_CONFIG_REF_CHARS). */
  sizes: Map<string, number>;
  chars: number;
  origins: WeakMap<object, Origin>;
  /** The keys of each assembled object that were `$ref`s that could not be read. */
  unreadRefs: WeakMap<object, Set<string>>;
  diagnostics: Diagnostic[];
  refs: number;
}

/** Assembles the config whose root file `file` has been parsed into `source`. */
export function assembleConfig(file: string, source: JsonSource, read: ConfigFileReader | undefined): AssembledConfig {
  const assembly: Assembly = {
    read,
    parsed: new Map(),
    sizes: new Map(),
    chars: 0,
    origins: new WeakMap(),
    unreadRefs: new WeakMap(),
    diagnostics: [],
    refs: 0,
  };
  const rootOrigin: Origin = { file, source, path: [] };
  const value = assemble(source.value, rootOrigin, [file], 0, assembly);
  const locator: SourceLocator = { locate: (path, part) => locate(value, rootOrigin, assembly.origins, path, part) };
  return {
    value: value === LEFT_OUT ? undefined : value,
    locator,
    diagnostics: assembly.diagnostics,
    remove: (path) => removeAt(value, assembly.origins, path),
    isUnreadRef: (path, key) => {
      const object = path.reduce<unknown>(
        (at, segment) => (at !== null && typeof at === 'object' ? (at as Record<string | number, unknown>)[segment] : undefined),
        value,
      );
      return object !== null && typeof object === 'object' && (assembly.unreadRefs.get(object)?.has(key) ?? false);
    },
  };
}

/** What a `$ref` that cannot be read becomes: nothing (the key or element is left out). */
const LEFT_OUT = Symbol('left out');

function assemble(value: unknown, origin: Origin, chain: readonly string[], depth: number, assembly: Assembly): unknown {
  if (Array.isArray(value)) {
    const out: unknown[] = [];
    const indices: number[] = [];
    value.forEach((item, i) => {
      // A string or number is taken as it is: only containers have an origin of their own.
      const assembled =
        item === null || typeof item !== 'object'
          ? item
          : assemble(item, { file: origin.file, source: origin.source, path: [...origin.path, i] }, chain, depth + 1, assembly);
      if (assembled === LEFT_OUT) return;
      out.push(assembled);
      indices.push(i);
    });
    assembly.origins.set(out, indices.length < value.length ? { ...origin, indices } : origin);
    return out;
  }
  if (value === null || typeof value !== 'object') return value;
  const object = value as Record<string, unknown>;
  if ('$ref' in object) return assembleRef(object, origin, chain, depth, assembly);
  const out: Record<string, unknown> = {};
  const unread = new Set<string>();
  for (const [key, item] of Object.entries(object)) {
    const assembled =
      item === null || typeof item !== 'object'
        ? item
        : assemble(item, { file: origin.file, source: origin.source, path: [...origin.path, key] }, chain, depth + 1, assembly);
    if (assembled !== LEFT_OUT) out[key] = assembled;
    else unread.add(key);
  }
  assembly.origins.set(out, origin);
  if (unread.size > 0) assembly.unreadRefs.set(out, unread);
  return out;
}

/** The value a `{"$ref": …}` object stands for, with the keys beside the `$ref` merged over it when it is an object. */
function assembleRef(object: Record<string, unknown>, origin: Origin, chain: readonly string[], depth: number, assembly: Assembly): unknown {
  const at = { ...origin.source.locate([...origin.path, '$ref'], 'value'), file: origin.file };
  const fail = (code: 'config/ref-unreadable' | 'config/ref-invalid' | 'config/ref-cycle' | 'config/too-deep', message: string): typeof LEFT_OUT => {
    assembly.diagnostics.push(diagnostic(code, origin.file, at, message));
    return LEFT_OUT;
  };
  const ref = object.$ref;
  if (typeof ref !== 'string' || ref === '' || /^[a-z][a-z0-9+.-]*:/i.test(ref) || ref.startsWith('#')) {
    return fail('config/ref-invalid', `"$ref" must be the path of a JSON file in the docs folder, relative to ${origin.file}; got ${JSON.stringify(ref)}.`);
  }
  if (++assembly.refs > MAX_CONFIG_REFS)
    return fail('config/ref-invalid', `docs.json and its parts hold more than ${MAX_CONFIG_REFS} "$ref"s; this one is not read.`);
  if (depth > MAX_JSON_DEPTH) return fail('config/too-deep', `docs.json and its parts nest arrays and objects more than ${MAX_JSON_DEPTH} levels deep.`);
  // Relative to the file holding it; a path starting with `/` is from the docs folder's root.
  const named = ref.startsWith('/') ? ref : posix.join(posix.dirname(origin.file), ref);
  const target = posix.normalize(named.replace(/^\/+/, ''));
  if (chain.includes(target)) return fail('config/ref-cycle', `"$ref" leads back to a file it is read from: ${[...chain, target].join(' → ')}.`);
  const parsed = parseRefFile(named, target, assembly);
  if ('code' in parsed) return fail(parsed.code as 'config/ref-unreadable', parsed.message);
  assembly.chars += assembly.sizes.get(target) ?? 0;
  if (assembly.chars > MAX_CONFIG_REF_CHARS) {
    return fail(
      'config/ref-invalid',
      `docs.json takes in more than ${MAX_CONFIG_REF_CHARS / 1024 / 1024} MB of JSON through its "$ref"s; ${target} is not read again.`,
    );
  }
  const refOrigin: Origin = { file: target, source: parsed, path: [] };
  const resolved = assemble(parsed.value, refOrigin, [...chain, target], depth, assembly);
  const besideKeys = Object.keys(object).filter((key) => key !== '$ref');
  // Keys beside a `$ref` override the object it names; beside anything else they are ignored, as on Mintlify.
  if (besideKeys.length === 0 || resolved === null || typeof resolved !== 'object' || Array.isArray(resolved)) return resolved;
  const merged: Record<string, unknown> = { ...(resolved as Record<string, unknown>) };
  for (const key of besideKeys) {
    const assembled = assemble(object[key], { file: origin.file, source: origin.source, path: [...origin.path, key] }, chain, depth + 1, assembly);
    if (assembled !== LEFT_OUT) merged[key] = assembled;
  }
  assembly.origins.set(merged, { ...refOrigin, beside: { origin, keys: new Set(besideKeys) } });
  return merged;
}

/** The parsed file a `$ref` names, or the diagnostic's code and message (without its position) saying why it cannot be used. */
function parseRefFile(named: string, target: string, assembly: Assembly): JsonSource | Diagnostic {
  let parsed = assembly.parsed.get(target);
  if (parsed) return parsed;
  const problem = (code: 'config/ref-unreadable' | 'config/ref-invalid', message: string): Diagnostic =>
    diagnostic(code, target, { line: 1, column: 1 }, message);
  let text: string | undefined;
  try {
    if (!assembly.read) throw Object.assign(new Error('no files to read'), { code: 'ENOENT' });
    text = assembly.read(named).toString('utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // A path the docs folder refuses (RefusedPathError) says why in `because`.
    const because = (error as { because?: unknown }).because;
    parsed = problem(
      'config/ref-unreadable',
      code === 'ENOENT'
        ? `"$ref" names ${target}, which does not exist.`
        : typeof because === 'string'
          ? `"$ref" names ${target}, which ${because}; it is not read.`
          : `"$ref" names ${target}, which cannot be read (${code ?? (error as Error).message}).`,
    );
  }
  if (text !== undefined) {
    assembly.sizes.set(target, text.length);
    const source = parseJsonSource(text);
    const first = source.tooDeep ? { at: source.tooDeep, message: `nests more than ${MAX_JSON_DEPTH} levels deep` } : source.errors[0];
    parsed = first
      ? problem('config/ref-invalid', `"$ref" names ${target}, which is not valid JSON: ${first.message} at line ${first.at.line}, column ${first.at.column}.`)
      : source;
  }
  assembly.parsed.set(target, parsed!);
  return parsed!;
}

/** The file and position of the value (or its key) at `path` of the assembled config. */
function locate(root: unknown, rootOrigin: Origin, origins: WeakMap<object, Origin>, path: readonly (string | number)[], part: 'key' | 'value'): Position {
  let value = root;
  let origin = rootOrigin;
  // Where the last step was written, for the key of a value read through a `$ref`.
  let parent: { origin: Origin; segment: string | number } | undefined;
  for (let i = 0; i < path.length; i++) {
    const segment = path[i]!;
    const holder = typeof segment === 'string' && origin.beside?.keys.has(segment) ? origin.beside.origin : origin;
    const sourceSegment = typeof segment === 'number' && holder.indices ? (holder.indices[segment] ?? segment) : segment;
    const child = value !== null && typeof value === 'object' ? (value as Record<string | number, unknown>)[segment] : undefined;
    const childOrigin = child !== null && typeof child === 'object' ? origins.get(child) : undefined;
    if (!childOrigin) return place(holder, [...holder.path, sourceSegment, ...path.slice(i + 1)], part);
    parent = { origin: holder, segment: sourceSegment };
    value = child;
    origin = childOrigin;
  }
  // The key of a value that is a whole referenced file is written in the file that refers to it.
  if (part === 'key' && parent && origin.path.length === 0) return place(parent.origin, [...parent.origin.path, parent.segment], 'key');
  return place(origin, origin.path, part);
}

function place(origin: Origin, path: readonly (string | number)[], part: 'key' | 'value'): Position {
  return { ...origin.source.locate(path, part), file: origin.file };
}

/** Leaves out the value at `path`, shifting the recorded source indices of an array with it. */
function removeAt(root: unknown, origins: WeakMap<object, Origin>, path: readonly (string | number)[]): void {
  if (path.length === 0) return;
  let container = root;
  for (const segment of path.slice(0, -1)) {
    if (container === null || typeof container !== 'object') return;
    container = (container as Record<string | number, unknown>)[segment];
  }
  const last = path.at(-1)!;
  if (Array.isArray(container) && typeof last === 'number') {
    if (last >= container.length) return;
    const origin = origins.get(container);
    if (origin) {
      const indices = origin.indices ?? container.map((_, i) => i);
      indices.splice(last, 1);
      origins.set(container, { ...origin, indices });
    }
    container.splice(last, 1);
  } else if (container !== null && typeof container === 'object') {
    delete (container as Record<string | number, unknown>)[last];
  }
}
