// Request and response examples of an OpenAPI operation, written as RequestExample / ResponseExample MDX.
import type { HttpMethod } from '../content/index.js';
import type { OpenApiDocument } from './openapi.js';
import { DEFAULT_EXAMPLE_LANGUAGES, EXAMPLE_LANGUAGES, exampleLanguageNamed, type ExampleLanguageKey } from './example-languages.js';
import type { ExampleRequest } from './example-writers/request.js';
import { jsonMediaOf, operationOf, pathItemOf, resolve, schemaOf, type Parameter, type Schema } from './openapi-schema.js';

/** docs.json's `api.examples`, as written (checked here, not by the schema). */
export interface ExampleSettings {
  languages?: unknown;
  defaults?: unknown;
  /** `false`: only the spec's `x-codeSamples` (and the page's own RequestExample) are shown. */
  autogenerate?: unknown;
}

/** How the example request authenticates: a header and its placeholder value. */
export interface ExampleAuth {
  method: 'bearer' | 'basic' | 'key' | 'none';
  name?: string;
}

/** What the examples of one operation need besides the spec. */
export interface ExampleContext {
  /** The full request URL (server and path), or the path alone when no server is known. */
  url: string;
  auth?: ExampleAuth;
  settings?: ExampleSettings;
  /** Which examples the page writes itself: those are not generated. */
  own?: { request: boolean; response: boolean };
}

/** Objects of an example are filled this deep; deeper ones are left empty. */
const MAX_DEPTH = 6;

/**
 * The MDX of the operation's examples: the spec's `x-codeSamples`, else (unless
 * `api.examples.autogenerate` is `false`) a request in each language of `api.examples.languages`
 * (cURL, Python and JavaScript by default), with only the required parameters when
 * `api.examples.defaults` is `required`; and the
 * spec's example (else one made from the schema) of each response with a body.
 */
export function operationExamples(document: OpenApiDocument, method: HttpMethod, path: string, context: ExampleContext): string {
  const parts: string[] = [];
  if (!context.own?.request) {
    const samples = requestSamples(document, method, path, context);
    if (samples.length > 0) parts.push(`<RequestExample>\n\n${samples.join('\n\n')}\n\n</RequestExample>`);
  }
  if (!context.own?.response) {
    const responses = responseSamples(document, method, path);
    if (responses.length > 0) parts.push(`<ResponseExample>\n\n${responses.join('\n\n')}\n\n</ResponseExample>`);
  }
  return parts.join('\n\n');
}

function requestSamples(document: OpenApiDocument, method: HttpMethod, path: string, context: ExampleContext): string[] {
  const operation = operationOf(document, method, path) ?? {};
  const own = (operation['x-codeSamples'] ?? []).filter((sample) => typeof sample?.source === 'string');
  if (own.length > 0) return own.map((sample) => fenced(sample.lang ?? '', sample.label ?? sample.lang ?? 'Example', sample.source!));
  if (context.settings?.autogenerate === false) return [];
  const request = requestOf(document, method, path, context);
  return languagesOf(context.settings).map((key) => {
    const language = EXAMPLE_LANGUAGES[key];
    return fenced(language.fence, language.label, language.write(request));
  });
}

function responseSamples(document: OpenApiDocument, method: HttpMethod, path: string): string[] {
  const operation = operationOf(document, method, path) ?? {};
  return Object.entries(operation.responses ?? {}).flatMap(([status, value]) => {
    const media = jsonMediaOf(resolve(document, value)?.content);
    if (!media) return [];
    const example = media.example ?? Object.values(media.examples ?? {}).map((e) => resolve(document, e)?.value)[0] ?? exampleOf(document, media.schema, false);
    return example === undefined ? [] : [fenced('json', status, JSON.stringify(example, null, 2))];
  });
}

/** The languages asked for, in their order, once each; the defaults when none is known (the schema warns of unknown ones). */
function languagesOf(settings: ExampleSettings | undefined): readonly ExampleLanguageKey[] {
  const asked = Array.isArray(settings?.languages) ? settings.languages.filter((l): l is string => typeof l === 'string') : [];
  const known = [...new Set(asked.map(exampleLanguageNamed).filter((key) => key !== undefined))];
  return known.length > 0 ? known : DEFAULT_EXAMPLE_LANGUAGES;
}

function requestOf(document: OpenApiDocument, method: HttpMethod, path: string, context: ExampleContext): ExampleRequest {
  const operation = operationOf(document, method, path) ?? {};
  const requiredOnly = context.settings?.defaults === 'required';
  const pathItem = pathItemOf(document, path);
  const parameters = [...(pathItem?.parameters ?? []), ...(operation.parameters ?? [])]
    .map((p) => resolve(document, p))
    .filter((p): p is Parameter => p?.name !== undefined && (!requiredOnly || p.required === true));
  const query = parameters
    .filter((p) => p.in === 'query')
    .map((p) => `${encodeURIComponent(p.name!)}=${encodeURIComponent(String(exampleOf(document, p.schema, requiredOnly) ?? ''))}`);
  const headers: [string, string][] = parameters
    .filter((p) => p.in === 'header')
    .map((p) => [p.name!, String(exampleOf(document, p.schema, requiredOnly) ?? '')]);
  const auth = context.auth;
  if (auth?.method === 'bearer') headers.unshift(['Authorization', 'Bearer <token>']);
  else if (auth?.method === 'basic') headers.unshift(['Authorization', 'Basic <encoded-value>']);
  else if (auth?.method === 'key') headers.unshift([auth.name ?? 'X-API-Key', '<api-key>']);
  const media = jsonMediaOf(resolve(document, operation.requestBody)?.content);
  const body = media ? (media.example ?? exampleOf(document, media.schema, requiredOnly)) : undefined;
  if (body !== undefined) headers.push(['Content-Type', 'application/json']);
  return { method, url: `${context.url}${query.length > 0 ? `?${query.join('&')}` : ''}`, headers, body };
}

/** An example value of a schema: its own example, default or first enum value, else a placeholder of its type. */
function exampleOf(document: OpenApiDocument, schema: Schema | undefined, requiredOnly: boolean, depth = 0): unknown {
  const resolved = schemaOf(document, schema);
  if (!resolved) return undefined;
  if (resolved.example !== undefined) return resolved.example;
  if (resolved.default !== undefined) return resolved.default;
  if (resolved.enum?.length) return resolved.enum[0];
  const type = Array.isArray(resolved.type) ? resolved.type.find((t) => t !== 'null') : resolved.type;
  if (type === 'array') return depth < MAX_DEPTH ? [exampleOf(document, resolved.items, requiredOnly, depth + 1) ?? {}] : [];
  if (type === 'object' || resolved.properties) {
    const required = new Set(resolved.required ?? []);
    const entries = depth < MAX_DEPTH ? Object.entries(resolved.properties ?? {}).filter(([name]) => !requiredOnly || required.has(name)) : [];
    return Object.fromEntries(entries.map(([name, property]) => [name, exampleOf(document, property, requiredOnly, depth + 1) ?? {}]));
  }
  if (type === 'integer' || type === 'number') return 123;
  if (type === 'boolean') return true;
  return `<${resolved.format ?? type ?? 'string'}>`;
}

/** A fenced code block whose fence no line of `code` can close. */
function fenced(language: string, title: string, code: string): string {
  const fence = '`'.repeat(Math.max(3, ...[...code.matchAll(/`{3,}/g)].map((m) => m[0].length + 1)));
  return `${fence}${language.replace(/\s+/g, '')} ${title.replace(/\s+/g, ' ').trim()}\n${code.trimEnd()}\n${fence}`;
}
