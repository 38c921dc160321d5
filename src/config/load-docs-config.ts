// Reads and validates docs.json into a DocsConfig, with diagnostics pointing into the file.
import type { ValidateFunction } from 'ajv';
import { diagnostic, START, type Diagnostic } from '../diagnostics/index.js';
import { assembleConfig, type AssembledConfig, type ConfigFileReader } from './config-refs.js';
import { MAX_JSON_DEPTH, parseJsonSource } from './json-source.js';
import { pointerSegments, schemaDiagnostics, type SourceLocator } from './schema-diagnostics.js';
import { schemaValidator } from './schemas.js';
import type { DocsConfig } from './types.js';

export const CONFIG_FILE = 'docs.json';

/** The outcome of reading docs.json: the config when it is usable, and every problem found. */
export interface ConfigResult {
  config: DocsConfig | undefined;
  /** Finds the file and line of a JSON path of the config, for diagnostics raised by later stages. */
  locator: SourceLocator;
  diagnostics: Diagnostic[];
}

/**
 * How many times the config is checked again after the values the schema refused are left out:
 * leaving a value out can leave its parent too short or incomplete, which the next pass removes.
 */
const MAX_PRUNE_PASSES = 4;

/**
 * Validates the text of docs.json, with the files its `$ref`s name read by `read` (none without it).
 * Every problem is reported; the config is returned without the values the schema refused (an
 * unknown theme, a page entry of the wrong type), so the checks of pages and links still run. It is
 * undefined only when no usable config remains (not JSON, not an object, no name or navigation).
 */
export function parseDocsConfig(text: string, read?: ConfigFileReader): ConfigResult {
  const source = parseJsonSource(text);
  if (source.tooDeep) {
    const message = `docs.json nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep.`;
    return { config: undefined, locator: source, diagnostics: [diagnostic('config/too-deep', CONFIG_FILE, source.tooDeep, message)] };
  }
  if (source.errors.length > 0) {
    // Only the first syntax error is reliable; the parser's recovery makes the rest noise.
    const first = source.errors[0]!;
    const diagnostics = [diagnostic('config/invalid-json', CONFIG_FILE, first.at, `docs.json is not valid JSON: ${first.message}.`)];
    return { config: undefined, locator: source, diagnostics };
  }
  const assembled = assembleConfig(CONFIG_FILE, source, read);
  const diagnostics = [...assembled.diagnostics];
  if (assembled.value === undefined) return { config: undefined, locator: assembled.locator, diagnostics };
  const validate = schemaValidator('docs');
  const valid = validate(assembled.value);
  if (!valid) {
    // A key whose `$ref` could not be read is missing for the schema too; the `$ref` is reported already.
    const errors = (validate.errors ?? []).filter(
      (e) => !(e.keyword === 'required' && assembled.isUnreadRef(pointerSegments(e.instancePath), String(e.params.missingProperty))),
    );
    diagnostics.push(...schemaDiagnostics(errors, CONFIG_FILE, assembled.locator, DOCS_CODES, validate.schema));
  }
  const usable = valid || withoutRefusedValues(assembled, validate);
  return { config: usable ? (assembled.value as DocsConfig) : undefined, locator: assembled.locator, diagnostics };
}

const DOCS_CODES = { schema: 'config/schema', unknownKey: 'config/unknown-key', unknownValue: 'config/unknown-value' } as const;

/** Leaves out every value the schema refuses until the rest passes; false when that reaches the root. */
function withoutRefusedValues(assembled: AssembledConfig, validate: ValidateFunction): boolean {
  for (let pass = 0; pass < MAX_PRUNE_PASSES; pass++) {
    const refused = refusedPaths(validate.errors ?? []);
    if (refused.length === 0) return true;
    if (refused.some((path) => path.length === 0)) return false;
    // Deepest and last first: removing an element never shifts one still to remove.
    for (const path of refused.sort(laterFirst)) assembled.remove(path);
    if (validate(assembled.value)) return true;
  }
  return false;
}

/** The paths of the values an ajv run refused; unknown keys are not refused (they are ignored). */
function refusedPaths(errors: NonNullable<ValidateFunction['errors']>): (string | number)[][] {
  const paths = new Map<string, (string | number)[]>();
  for (const error of errors) {
    if (error.keyword === 'additionalProperties' || error.keyword === 'unevaluatedProperties' || error.keyword === 'if') continue;
    paths.set(error.instancePath, pointerSegments(error.instancePath));
  }
  return [...paths.values()];
}

function laterFirst(a: readonly (string | number)[], b: readonly (string | number)[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x === y) continue;
    if (typeof x === 'number' && typeof y === 'number') return y - x;
    return String(y) < String(x) ? -1 : 1;
  }
  return b.length - a.length;
}

/** The diagnostic for a docs folder without docs.json. */
export function missingConfig(): Diagnostic {
  return diagnostic('config/missing', CONFIG_FILE, START, 'No docs.json found at the root of the docs folder.');
}
