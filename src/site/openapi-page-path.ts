// Where the generated page of an OpenAPI operation goes: `<directory>/<tag>/<summary>`, as Mintlify names it.
import type { HttpMethod } from '../content/index.js';
import type { OpenApiDocument } from './openapi.js';
import { operationIn, operationOf } from './openapi-schema.js';

/** Where generated pages go when the `openapi` that names their spec sets no `directory`. */
export const DEFAULT_API_DIRECTORY = 'api-reference';

/** An operation of a spec, or a webhook by its name under `webhooks`. */
export interface OperationKey {
  method: HttpMethod;
  path: string;
  webhook?: true;
}

/**
 * The page path of `operation` of `document`: under `directory`, a folder for its first tag, and
 * its summary (else its method and path; a webhook's name) as the file name. Without the document,
 * or when the spec lacks the operation, method and path name the page.
 */
export function operationPagePath(directory: string, document: OpenApiDocument | undefined, operation: OperationKey): string {
  const found = document && operationIn(document, operation);
  const spec = found && operationOf(found.document, found.method, operation.path);
  const tag = spec?.tags?.[0];
  const name = spec?.summary ?? (operation.webhook ? operation.path : `${operation.method} ${operation.path}`);
  return [directory, ...(tag !== undefined ? [pageSlug(tag)] : []), pageSlug(name) || operation.method.toLowerCase()].filter(Boolean).join('/');
}

/**
 * A page path segment from a tag or a summary, by Mintlify's rule: spaces become hyphens, `{param}`
 * a hyphen, `{}(),.'/` go, hyphens collapse and lead or trail nowhere, all lower case. `#`, `?`,
 * backslashes and control characters go too: no page path may hold them.
 */
export function pageSlug(text: string): string {
  return text
    .replace(/\{[^}]*\}/g, '-')
    .replace(/[{}(),.'/#?\\\u0000-\u001f\u007f]/g, (c) => (/\s/.test(c) ? '-' : ''))
    .replace(/\s+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();
}
