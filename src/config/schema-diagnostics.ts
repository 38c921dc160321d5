// Turns ajv errors into diagnostics that point at the offending line of the user's file.
import type { ErrorObject } from 'ajv';
import { compareDiagnostics, diagnostic, type Diagnostic, type DiagnosticCode, type Position } from '../diagnostics/index.js';

/** Finds where a value (or its key) sits in the source text, given its JSON path. */
export interface SourceLocator {
  locate(path: readonly (string | number)[], part: 'key' | 'value'): Position;
}

/** Codes used for one kind of file: the schema mismatch and the unknown-key warning. */
export interface SchemaCodes {
  schema: DiagnosticCode;
  unknownKey: DiagnosticCode;
  /**
   * For a string that is not one of a set of strings (a theme docsite does not know yet): a
   * warning, where the file's format grows new values faster than docsite. Without it, a schema error.
   */
  unknownValue?: DiagnosticCode;
}

/** Friendly names for `$defs` whose pattern errors would otherwise print a regular expression. */
const PATTERN_MEANINGS: Record<string, string> = {
  color: 'a hex color such as #0D9373',
  serverUrl: 'an http:// or https:// URL',
  language: 'a language code such as en, es or pt-BR',
  redirectEntry:
    'a host name such as claude.ai or a full redirect URI such as cursor://anysphere.cursor-mcp/oauth/callback (javascript:, data:, file: and vbscript: are never allowed)',
};

/** Converts the errors of one ajv validation into diagnostics, unknown keys (and values, when `codes` says so) as warnings. */
export function schemaDiagnostics(
  errors: readonly ErrorObject[] | null | undefined,
  file: string,
  locator: SourceLocator,
  codes: SchemaCodes,
  rootSchema: unknown,
  basePath: readonly (string | number)[] = [],
): Diagnostic[] {
  const result: Diagnostic[] = [];
  const seen = new Set<string>();
  for (const error of errors ?? []) {
    if (error.keyword === 'if') continue; // the failing `then`/`else` branch reports the real cause
    const path = [...basePath, ...pointerSegments(error.instancePath)];
    const unknown = unknownKeyOf(error);
    // A declared key whose value failed is "unevaluated" too; its own error says what is wrong.
    if (unknown !== undefined && isDeclared(error.parentSchema, unknown, rootSchema)) continue;
    const item =
      unknown !== undefined
        ? diagnostic(codes.unknownKey, file, locator.locate([...path, unknown], 'key'), `Unknown key "${unknown}"${where(path)}.`)
        : diagnostic(
            codes.unknownValue && isUnknownString(error) ? codes.unknownValue : codes.schema,
            file,
            locator.locate(path, 'value'),
            `${describe(path)} ${explain(error)}.`,
          );
    const key = `${item.line}:${item.column}:${item.message}`;
    if (!seen.has(key)) {
      seen.add(key);
      result.push(item);
    }
  }
  return result.sort(compareDiagnostics);
}

type SchemaObject = { properties?: Record<string, unknown>; patternProperties?: Record<string, unknown>; allOf?: SchemaObject[]; $ref?: string };

/** Whether `key` is declared by `schema`, directly or through `allOf` and local `$ref`s. */
function isDeclared(schema: unknown, key: string, root: unknown): boolean {
  const node = schema as SchemaObject | undefined;
  if (!node || typeof node !== 'object') return false;
  if (node.properties && key in node.properties) return true;
  if (node.patternProperties && Object.keys(node.patternProperties).some((p) => new RegExp(p, 'u').test(key))) return true;
  if (node.$ref?.startsWith('#/')) {
    const target = node.$ref
      .slice(2)
      .split('/')
      .reduce<unknown>((at, part) => (at as Record<string, unknown> | undefined)?.[part], root);
    if (isDeclared(target, key, root)) return true;
  }
  return (node.allOf ?? []).some((sub) => isDeclared(sub, key, root));
}

/** Whether the error is a string outside a set of strings: a value unknown to docsite, not a wrong type. */
function isUnknownString(error: ErrorObject): boolean {
  return error.keyword === 'enum' && typeof error.data === 'string' && (error.params.allowedValues as unknown[]).every((v) => typeof v === 'string');
}

function unknownKeyOf(error: ErrorObject): string | undefined {
  if (error.keyword === 'additionalProperties') return String(error.params.additionalProperty);
  if (error.keyword === 'unevaluatedProperties') return String(error.params.unevaluatedProperty);
  return undefined;
}

function explain(error: ErrorObject): string {
  switch (error.keyword) {
    case 'required':
      return `is missing the required key "${error.params.missingProperty}"`;
    case 'enum':
      return `must be one of ${(error.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}; got ${JSON.stringify(error.data)}`;
    case 'type':
      return `must be ${article(String(error.params.type))}; got ${typeName(error.data)}`;
    case 'pattern': {
      const def = /\/\$defs\/(\w+)\//.exec(`${error.schemaPath}/`)?.[1];
      const meaning = def ? PATTERN_MEANINGS[def] : undefined;
      return `must be ${meaning ?? `a string matching ${error.params.pattern}`}; got ${JSON.stringify(error.data)}`;
    }
    case 'minLength':
      return 'must not be empty';
    case 'minItems':
      return `must have at least ${error.params.limit} item(s)`;
    default:
      return error.message ?? 'is invalid';
  }
}

function describe(path: readonly (string | number)[]): string {
  return path.length === 0 ? 'The document' : `"${formatPath(path)}"`;
}

function where(path: readonly (string | number)[]): string {
  return path.length === 0 ? '' : ` in "${formatPath(path)}"`;
}

/** `navigation.tabs[0].groups[1]` style, as people write paths into JSON. */
export function formatPath(path: readonly (string | number)[]): string {
  return path.map((segment, i) => (typeof segment === 'number' ? `[${segment}]` : i === 0 ? segment : `.${segment}`)).join('');
}

/** The segments of a JSON pointer (`/navigation/pages/0`), array indices as numbers. */
export function pointerSegments(pointer: string): (string | number)[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((raw) => raw.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((segment) => (/^\d+$/.test(segment) ? Number(segment) : segment));
}

function article(type: string): string {
  const names = type.split(',').map((t) => (t === 'array' || t === 'object' || t === 'integer' ? `an ${t}` : `a ${t}`));
  return names.join(' or ');
}

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `${typeof value} ${JSON.stringify(value)}`;
}
