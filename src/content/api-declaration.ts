// Parses `api` and `openapi` frontmatter values (`POST /users/{id}`, `openapi.yaml GET /users`).
import { diagnostic, type Diagnostic, type Position } from '../diagnostics/index.js';
import { HTTP_METHODS, type ApiDeclaration, type HttpMethod, type OpenApiReference } from './page-model.js';

const FULL_URL = /^https?:\/\//i;

/** Whether `word` is an HTTP method (any case). */
export function asHttpMethod(word: string): HttpMethod | undefined {
  const upper = word.toUpperCase();
  return (HTTP_METHODS as readonly string[]).includes(upper) ? (upper as HttpMethod) : undefined;
}

/** Checks `{param}` braces: balanced, not nested, not empty. */
export function hasBalancedParams(path: string): boolean {
  let open = false;
  for (const char of path) {
    if (char === '{') {
      if (open) return false;
      open = true;
    } else if (char === '}') {
      if (!open) return false;
      open = false;
    }
  }
  return !open && !/\{\s*\}/.test(path);
}

/** Parses the `api` frontmatter value, reporting a bad method or path. */
export function parseApiDeclaration(value: string, file: string, at: Position): { api?: ApiDeclaration; diagnostics: Diagnostic[] } {
  const parts = value.trim().split(/\s+/);
  if (parts.length !== 2) {
    return { diagnostics: [diagnostic('api/invalid-path', file, at, `"api" must be "<METHOD> <URL or path>"; got ${JSON.stringify(value)}.`)] };
  }
  const [word, target] = parts as [string, string];
  const method = asHttpMethod(word);
  const diagnostics: Diagnostic[] = [];
  if (!method) diagnostics.push(diagnostic('api/invalid-method', file, at, `"${word}" is not an HTTP method in "api: ${value}".`));
  if (!hasBalancedParams(target)) diagnostics.push(diagnostic('api/invalid-path', file, at, `Unbalanced or empty {param} braces in "${target}".`));
  if (diagnostics.length > 0 || !method) return { diagnostics };
  return { api: { method, target, isFullUrl: FULL_URL.test(target), at }, diagnostics };
}

/** Parses an endpoint reference `<METHOD> <path>` or `<file> <METHOD> <path>`; undefined if it is neither. */
export function parseEndpointReference(value: string): { file?: string; method: HttpMethod; path: string } | undefined {
  const parts = value.trim().split(/\s+/);
  if (parts.length === 2) {
    const method = asHttpMethod(parts[0]!);
    return method ? { method, path: parts[1]! } : undefined;
  }
  if (parts.length === 3) {
    const method = asHttpMethod(parts[1]!);
    return method ? { file: parts[0]!, method, path: parts[2]! } : undefined;
  }
  return undefined;
}

/** Parses the `openapi` frontmatter value of a page. */
export function parseOpenApiReference(value: string, file: string, at: Position): { openapi?: OpenApiReference; diagnostics: Diagnostic[] } {
  const webhook = /^(?:(\S+)\s+)?webhook\s+(\S+)$/i.exec(value.trim());
  if (webhook) return { openapi: { ...(webhook[1] ? { file: webhook[1] } : {}), method: 'POST', path: webhook[2]!, webhook: true, at }, diagnostics: [] };
  const reference = parseEndpointReference(value);
  if (!reference) {
    return {
      diagnostics: [
        diagnostic(
          'nav/invalid-entry',
          file,
          at,
          `"openapi" must be "<METHOD> <path>", "<openapi file> <METHOD> <path>" or "<openapi file> webhook <name>"; got ${JSON.stringify(value)}.`,
        ),
      ],
    };
  }
  return { openapi: { ...reference, at }, diagnostics: [] };
}
