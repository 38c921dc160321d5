// Checks real responses against schemas/api.openapi.json: each must be a documented status with a matching body.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';

export const OPENAPI_FILE = join(import.meta.dirname, '..', '..', 'schemas', 'api.openapi.json');
export const apiDoc = JSON.parse(readFileSync(OPENAPI_FILE, 'utf8')) as {
  openapi: string;
  paths: Record<
    string,
    Record<string, { responses: Record<string, { content?: Record<string, { schema: unknown }> }>; parameters?: { name: string; in: string }[] }>
  >;
  components: { schemas: Record<string, unknown> };
};

const DOC_ID = 'https://docsite.test/api.openapi.json';
// OpenAPI keywords (openapi, paths, example…) are not JSON Schema: ajv ignores them without strict mode.
const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
ajv.addSchema(apiDoc, DOC_ID);
const validators = new Map<string, ValidateFunction>();

/** The documented path template a request path matches, e.g. `/v1/analytics/{projectId}/assistant`. */
export function templateOf(path: string): string | undefined {
  return Object.keys(apiDoc.paths).find((template) => new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(path));
}

/** The JSON pointer of a schema inside the document. */
function pointer(...segments: string[]): string {
  return `#${segments.map((s) => `/${encodeURIComponent(s.replace(/~/g, '~0').replace(/\//g, '~1'))}`).join('')}`;
}

/** Compiles (once) the schema of a documented response, or throws when the response is not documented. */
export function responseValidator(template: string, method: string, status: number): ValidateFunction {
  const key = `${method} ${template} ${status}`;
  let validate = validators.get(key);
  if (!validate) {
    const response = apiDoc.paths[template]?.[method.toLowerCase()]?.responses[String(status)];
    if (!response?.content?.['application/json']) throw new Error(`${key} is not documented in schemas/api.openapi.json`);
    validate = ajv.compile({
      $ref: `${DOC_ID}${pointer('paths', template, method.toLowerCase(), 'responses', String(status), 'content', 'application/json', 'schema')}`,
    });
    validators.set(key, validate);
  }
  return validate;
}

/** The validator of the error body (SPEC.md 2.4). */
function errorValidator(): ValidateFunction {
  return ajv.getSchema(`${DOC_ID}#/components/schemas/Error`)!;
}

/** Throws unless `body` is what the document says `method path` answers with `status`. */
export function checkResponse(method: string, path: string, status: number, body: unknown): void {
  const template = templateOf(path);
  const operation = method === 'HEAD' ? 'get' : method.toLowerCase();
  const documented = template !== undefined && apiDoc.paths[template]?.[operation] !== undefined;
  if (!documented && status !== 404 && status !== 405) throw new Error(`${method} ${path} is not an operation of schemas/api.openapi.json`);
  // Unknown paths (404) and methods (405) under the API answer with the error body.
  const validate = documented ? responseValidator(template, operation, status) : errorValidator();
  if (!validate(body))
    throw new Error(
      `${method} ${path} ${status}: the body does not match the document: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(body).slice(0, 500)}`,
    );
}
