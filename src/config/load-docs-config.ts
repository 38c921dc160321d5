// Reads and validates docs.json into a DocsConfig, with diagnostics pointing into the file.
import { diagnostic, START, type Diagnostic } from '../diagnostics/index.js';
import { MAX_JSON_DEPTH, parseJsonSource } from './json-source.js';
import { schemaDiagnostics, type SourceLocator } from './schema-diagnostics.js';
import { schemaValidator } from './schemas.js';
import type { DocsConfig } from './types.js';

export const CONFIG_FILE = 'docs.json';

/** The outcome of reading docs.json: the config when it is usable, and every problem found. */
export interface ConfigResult {
  config: DocsConfig | undefined;
  /** Finds the line of a JSON path in docs.json, for diagnostics raised by later stages. */
  locator: SourceLocator;
  diagnostics: Diagnostic[];
}

/** Validates the text of docs.json. The config is returned even with warnings, not with errors. */
export function parseDocsConfig(text: string): ConfigResult {
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
  const validate = schemaValidator('docs');
  const valid = validate(source.value);
  const diagnostics = valid
    ? []
    : schemaDiagnostics(validate.errors, CONFIG_FILE, source, { schema: 'config/schema', unknownKey: 'config/unknown-key' }, validate.schema);
  const hasErrors = diagnostics.some((d) => d.severity === 'error');
  return { config: hasErrors ? undefined : (source.value as DocsConfig), locator: source, diagnostics };
}

/** The diagnostic for a docs folder without docs.json. */
export function missingConfig(): Diagnostic {
  return diagnostic('config/missing', CONFIG_FILE, START, 'No docs.json found at the root of the docs folder.');
}
