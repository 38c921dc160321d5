// Compiles the JSON Schemas under schemas/ once; every external format is checked through them.
import { readFileSync } from 'node:fs';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';

/** The schemas/ folder of the package (works from src/ and from dist/). */
export const SCHEMAS_DIR = new URL('../../schemas/', import.meta.url);

const ajv = new Ajv2020({ allErrors: true, verbose: true, strict: true, allowUnionTypes: true });
const compiled = new Map<string, ValidateFunction>();

/** The compiled validator for `schemas/<name>.schema.json`. */
export function schemaValidator(name: 'docs' | 'frontmatter' | 'skill' | 'manifest' | 'runtime-config' | 'conversation-import'): ValidateFunction {
  let validate = compiled.get(name);
  if (!validate) {
    const schema = JSON.parse(readFileSync(new URL(`${name}.schema.json`, SCHEMAS_DIR), 'utf8'));
    validate = ajv.compile(schema);
    compiled.set(name, validate);
  }
  return validate;
}
