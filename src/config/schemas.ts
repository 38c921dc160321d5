// Compiles the JSON Schemas under schemas/ once; every external format is checked through them.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Ajv2020, type Options, type ValidateFunction } from 'ajv/dist/2020.js';

/** The schemas/ folder of the package (works from src/ and from dist/). */
export const SCHEMAS_DIR = new URL('../../schemas/', import.meta.url);

/** Every schema, by the name of its file `schemas/<name>.schema.json`. */
export const SCHEMA_NAMES = ['docs', 'frontmatter', 'skill', 'manifest', 'runtime-config', 'conversation-import'] as const;
export type SchemaName = (typeof SCHEMA_NAMES)[number];

/** The validators `npm run build` precompiles (see precompile-schemas.ts), beside this module in dist/. */
export const PRECOMPILED_FILE = './schema-validators.cjs';

/** The one ajv configuration: the precompiled validators are made with it too. */
export function schemaCompiler(code?: Options['code']): Ajv2020 {
  return new Ajv2020({ allErrors: true, verbose: true, strict: true, allowUnionTypes: true, ...(code ? { code } : {}) });
}

/** The parsed JSON Schema `schemas/<name>.schema.json`. */
export function readSchema(name: SchemaName): { $id?: string } & Record<string, unknown> {
  return JSON.parse(readFileSync(new URL(`${name}.schema.json`, SCHEMAS_DIR), 'utf8')) as { $id?: string } & Record<string, unknown>;
}

let ajv: Ajv2020 | undefined;
let precompiled: Partial<Record<SchemaName, ValidateFunction>> | null | undefined;
const compiled = new Map<SchemaName, ValidateFunction>();

/**
 * The validator for `schemas/<name>.schema.json`: the precompiled one when the package was built
 * (compiling the docs.json schema costs a command a few hundred milliseconds at every start),
 * else compiled on first use (running from source).
 */
export function schemaValidator(name: SchemaName): ValidateFunction {
  let validate = compiled.get(name);
  if (!validate) {
    const schema = readSchema(name);
    const ready = precompiledValidators()?.[name];
    if (ready) {
      // Standalone validators carry no schema; the diagnostics read it.
      validate = Object.assign(ready, { schema });
    } else {
      validate = (ajv ??= schemaCompiler()).compile(schema);
    }
    compiled.set(name, validate);
  }
  return validate;
}

function precompiledValidators(): Partial<Record<SchemaName, ValidateFunction>> | null {
  if (precompiled === undefined) {
    try {
      precompiled = createRequire(import.meta.url)(PRECOMPILED_FILE) as Partial<Record<SchemaName, ValidateFunction>>;
    } catch {
      precompiled = null;
    }
  }
  return precompiled;
}
