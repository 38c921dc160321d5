// Writes the MDX page of an OpenAPI operation listed in navigation, so it is built like any page.
import type { AuthMethod } from '../config/index.js';
import type { HttpMethod } from '../content/index.js';
import type { OpenApiDocument } from './openapi.js';
import { operationExamples, type ExampleSettings } from './openapi-examples.js';
import { jsonSchemaOf, operationOf, pathItemOf, resolve, schemaOf, type Parameter, type Schema } from './openapi-schema.js';

/** Nested object properties are shown this deep; deeper ones only by name and type. */
const MAX_DEPTH = 3;

/** Character references for what MDX would read as JSX or an expression. */
const MDX_TEXT_ESCAPES: Record<string, string> = { '<': '&lt;', '>': '&gt;', '{': '&#123;', '}': '&#125;' };

/**
 * Prose from the spec, escaped so MDX reads it as text (no JSX, no expressions). Character
 * references, not backslashes: a backslash after a URL would join the URL (GFM autolinks take it),
 * leaving the `<` behind it unescaped (spree's `…#fetching-includes</a>`).
 */
function prose(text: string | undefined): string {
  return (text ?? '').trim().replace(/[{}<>]/g, (c) => MDX_TEXT_ESCAPES[c]!);
}

/** A value for a double-quoted JSX attribute: no quotes or newlines. */
function attribute(value: unknown): string {
  return String(value)
    .replace(/["\n\r]/g, ' ')
    .trim();
}

function typeOf(schema: Schema | undefined, document: OpenApiDocument): string {
  const resolved = schemaOf(document, schema);
  if (!resolved) return 'object';
  const type = Array.isArray(resolved.type) ? resolved.type.filter((t) => t !== 'null').join(' | ') : resolved.type;
  if (type === 'array') return `${typeOf(resolved.items, document)}[]`;
  return type ?? (resolved.properties ? 'object' : 'any');
}

function field(
  tag: 'ParamField' | 'ResponseField',
  location: string,
  name: string,
  schema: Schema | undefined,
  required: boolean,
  description: string | undefined,
  document: OpenApiDocument,
  depth: number,
): string {
  const resolved = schemaOf(document, schema);
  const attrs = [tag === 'ParamField' ? `${location}="${attribute(name)}"` : `name="${attribute(name)}"`, `type="${attribute(typeOf(schema, document))}"`];
  if (required) attrs.push('required');
  if (resolved?.default !== undefined && tag === 'ParamField') attrs.push(`default="${attribute(plainValue(resolved.default))}"`);
  // The spec's example shows in the playground's input (and fills it, with `api.examples.prefill`).
  if (resolved?.example !== undefined && tag === 'ParamField') attrs.push(`placeholder="${attribute(plainValue(resolved.example))}"`);
  if (resolved?.deprecated) attrs.push('deprecated');
  const text = prose(description ?? resolved?.description);
  const enums = resolved?.enum?.length ? `${text ? '\n\n  ' : ''}One of ${resolved.enum.map((v) => `\`${String(v).replace(/`/g, '')}\``).join(', ')}.` : '';
  const children =
    depth < MAX_DEPTH ? propertiesOf(tag, location, resolved?.type === 'array' ? schemaOf(document, resolved.items) : resolved, document, depth + 1) : '';
  const nested = children ? `\n\n  <Expandable title="properties">\n${children.replace(/^(?=.)/gm, '    ')}\n  </Expandable>` : '';
  const body = `${text}${enums}${nested}`;
  return body ? `<${tag} ${attrs.join(' ')}>\n  ${body.trimStart()}\n</${tag}>` : `<${tag} ${attrs.join(' ')} />`;
}

/** A value as an attribute shows it: a string as it is, anything else as JSON. */
function plainValue(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function propertiesOf(tag: 'ParamField' | 'ResponseField', location: string, schema: Schema | undefined, document: OpenApiDocument, depth: number): string {
  const properties = schema?.properties ?? {};
  const required = new Set(schema?.required ?? []);
  return Object.entries(properties)
    .map(([name, property]) => field(tag, location, name, property, required.has(name), undefined, document, depth))
    .join('\n\n');
}

/** How an operation authenticates, from its spec: the method, and the header of the `key` method. */
export interface OperationAuth {
  method: AuthMethod;
  name?: string;
}

type SecurityScheme = { type?: string; scheme?: string; in?: string; name?: string; $ref?: string };

/**
 * The authentication the spec gives `method path` (the operation's `security`, else the document's):
 * its first scheme docsite's playground can send; undefined when the spec says nothing (the site's
 * `api.mdx.auth` applies) or names only schemes it cannot send (an API key in the query or a cookie).
 */
export function operationAuth(document: OpenApiDocument, method: HttpMethod, path: string): OperationAuth | undefined {
  const security = operationOf(document, method, path)?.security ?? (document.security as Record<string, unknown>[] | undefined);
  if (!Array.isArray(security)) return undefined;
  if (security.length === 0 || security.some((requirement) => Object.keys(requirement ?? {}).length === 0)) return { method: 'none' };
  const schemes = ((document.components as { securitySchemes?: Record<string, SecurityScheme> } | undefined)?.securitySchemes ?? {}) as Record<
    string,
    SecurityScheme
  >;
  for (const requirement of security) {
    for (const name of Object.keys(requirement)) {
      const scheme = resolve(document, schemes[name]);
      const http = scheme?.type === 'http' ? scheme.scheme?.toLowerCase() : undefined;
      if (http === 'bearer' || scheme?.type === 'oauth2' || scheme?.type === 'openIdConnect') return { method: 'bearer' };
      if (http === 'basic') return { method: 'basic' };
      if (scheme?.type === 'apiKey' && scheme.in === 'header' && scheme.name) return { method: 'key', name: scheme.name };
    }
  }
  return undefined;
}

/** The frontmatter an operation's page takes from the spec; a page's own frontmatter overrides it. */
export type OperationFrontmatter = { title: string; description?: string; api?: string; deprecated?: true };

/**
 * The frontmatter of the page of `method path`: title and description from the spec, and `api` with
 * the spec's first server (or `siteServer`, the site's `api.mdx.server`, when the spec has none).
 */
export function operationFrontmatter(document: OpenApiDocument, method: HttpMethod, path: string, siteServer: string | undefined): OperationFrontmatter {
  const operation = operationOf(document, method, path) ?? {};
  const server = serverOf(document, siteServer);
  const description = (operation.description ?? '')
    .split(/\n\s*\n/)[0]!
    .replace(/\s+/g, ' ')
    .trim();
  return {
    title: operation.summary ?? `${method} ${path}`,
    ...(description ? { description } : {}),
    // Without any server the page still documents the operation, just without a request URL.
    ...(server ? { api: `${method} ${server}${path}` } : {}),
    ...(operation.deprecated ? { deprecated: true as const } : {}),
  };
}

/** The spec's first server with a full URL, else `siteServer`; without a trailing slash. */
function serverOf(document: OpenApiDocument, siteServer: string | undefined): string | undefined {
  const server = (document.servers as { url?: string }[] | undefined)?.find((s) => /^https?:\/\//.test(s.url ?? ''))?.url ?? siteServer;
  return server?.replace(/\/+$/, '');
}

/** What the site adds to an operation's page: its default server, authentication and example settings. */
export interface OperationSettings {
  /** `api.mdx.server`'s first server, for a spec without servers. */
  siteServer?: string | undefined;
  /** `api.mdx.auth`, for a spec that names no security. */
  siteAuth?: OperationAuth | undefined;
  /** `api.examples`. */
  examples?: ExampleSettings | undefined;
}

/**
 * The MDX that documents `method path`: its description; ParamField / ResponseField components for
 * its parameters, JSON body and first successful response; and its request and response examples,
 * but those `own` says the page writes itself.
 */
export function operationBody(
  document: OpenApiDocument,
  method: HttpMethod,
  path: string,
  settings: OperationSettings = {},
  own?: { request: boolean; response: boolean },
): string {
  const operation = operationOf(document, method, path) ?? {};
  const pathItem = pathItemOf(document, path);
  const lines: string[] = [];
  if (operation.description) lines.push(prose(operation.description), '');
  const parameters = [...(pathItem?.parameters ?? []), ...(operation.parameters ?? [])]
    .map((p) => resolve(document, p))
    .filter((p): p is Parameter => p?.name !== undefined && ['path', 'query', 'header'].includes(p.in ?? ''));
  for (const [location, heading] of [
    ['path', 'Path parameters'],
    ['query', 'Query parameters'],
    ['header', 'Headers'],
  ] as const) {
    const list = parameters.filter((p) => p.in === location);
    if (list.length === 0) continue;
    lines.push(
      `## ${heading}`,
      '',
      ...list.map(
        (p) => `${field('ParamField', location, p.name!, p.schema, p.required === true || location === 'path', p.description, document, MAX_DEPTH)}\n`,
      ),
    );
  }
  const requestBody = schemaOf(document, jsonSchemaOf(resolve(document, operation.requestBody)?.content));
  if (requestBody?.properties) lines.push('## Body', '', propertiesOf('ParamField', 'body', requestBody, document, 1), '');
  const success = Object.entries(operation.responses ?? {}).find(([status]) => /^2/.test(status));
  const response = success ? resolve(document, success[1]) : undefined;
  const responseSchema = schemaOf(document, jsonSchemaOf(response?.content));
  if (response) {
    lines.push('## Response', '', `\`${success![0]}\` ${prose(response.description)}`, '');
    const shown = responseSchema?.type === 'array' ? schemaOf(document, responseSchema.items) : responseSchema;
    if (shown?.properties) lines.push(propertiesOf('ResponseField', 'response', shown, document, 1), '');
  }
  const auth = operationAuth(document, method, path) ?? settings.siteAuth;
  const url = `${serverOf(document, settings.siteServer) ?? ''}${path}`;
  lines.push(
    operationExamples(document, method, path, {
      url,
      ...(auth ? { auth } : {}),
      ...(settings.examples ? { settings: settings.examples } : {}),
      ...(own ? { own } : {}),
    }),
  );
  return `${lines.join('\n').trimEnd()}\n`;
}

/** The MDX source of the page of `method path`, listed in navigation: the operation's frontmatter and body. */
export function openApiPageSource(document: OpenApiDocument, method: HttpMethod, path: string, settings: OperationSettings = {}): string {
  const frontmatter = Object.entries(operationFrontmatter(document, method, path, settings.siteServer)).map(
    ([key, value]) => `${key}: ${JSON.stringify(value)}`,
  );
  return `---\n${frontmatter.join('\n')}\n---\n\n${operationBody(document, method, path, settings)}`;
}
