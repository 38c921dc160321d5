// The parts of an OpenAPI document docsite reads, and how it follows `$ref` and `allOf` in them.
import type { HttpMethod } from '../content/index.js';
import type { OpenApiDocument } from './openapi.js';

export type Schema = {
  example?: unknown;
  type?: string | string[];
  format?: string;
  description?: string;
  default?: unknown;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  $ref?: string;
  enum?: unknown[];
  deprecated?: boolean;
  allOf?: Schema[];
};
export type Parameter = { name?: string; in?: string; description?: string; required?: boolean; schema?: Schema; deprecated?: boolean; $ref?: string };
export type Operation = {
  /** The first names the operation's group in an API section. */
  tags?: string[];
  /** Built but not listed in an API section. */
  'x-hidden'?: boolean;
  /** Left out of an API section. */
  'x-excluded'?: boolean;
  'x-codeSamples'?: { lang?: string; label?: string; source?: string }[];
  security?: Record<string, unknown>[];
  summary?: string;
  description?: string;
  operationId?: string;
  deprecated?: boolean;
  parameters?: Parameter[];
  requestBody?: { $ref?: string; content?: Record<string, MediaType> };
  responses?: Record<string, { $ref?: string; description?: string; content?: Record<string, MediaType> }>;
};

/** A request or response body in one media type. */
export type MediaType = { schema?: Schema; example?: unknown; examples?: Record<string, { value?: unknown; $ref?: string }> };

/** Follows a local `$ref` (`#/components/...`), with a guard against cycles. */
export function resolve<T extends { $ref?: string }>(document: OpenApiDocument, value: T | undefined, seen = new Set<string>()): T | undefined {
  if (!value?.$ref) return value;
  if (!value.$ref.startsWith('#/') || seen.has(value.$ref)) return undefined;
  seen.add(value.$ref);
  const target = value.$ref
    .slice(2)
    .split('/')
    .reduce<unknown>((at, part) => (at as Record<string, unknown> | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')], document);
  return resolve(document, target as T | undefined, seen);
}

/** A schema with `$ref`s followed and `allOf` merged, which is how specs usually compose objects. */
export function schemaOf(document: OpenApiDocument, schema: Schema | undefined, depth = 0): Schema | undefined {
  const resolved = resolve(document, schema);
  if (!resolved?.allOf || depth > 8) return resolved;
  const parts = resolved.allOf.map((part) => schemaOf(document, part, depth + 1)).filter((part): part is Schema => part !== undefined);
  const { allOf: _allOf, ...own } = resolved;
  return parts.reduce<Schema>(
    (merged, part) => ({
      ...part,
      // biome-ignore lint/performance/noAccumulatingSpread: an allOf has a handful of parts, and each merge must not change the schemas it reads.
      ...merged,
      type: merged.type ?? part.type,
      properties: { ...part.properties, ...merged.properties },
      required: [...(part.required ?? []), ...(merged.required ?? [])],
    }),
    own,
  );
}

/** The JSON media type of a body (else its first), with its schema and examples. */
export function jsonMediaOf(content: Record<string, MediaType> | undefined): MediaType | undefined {
  if (!content) return undefined;
  const type = Object.keys(content).find((t) => /json/.test(t)) ?? Object.keys(content)[0];
  return type ? content[type] : undefined;
}

export function jsonSchemaOf(content: Record<string, MediaType> | undefined): Schema | undefined {
  return jsonMediaOf(content)?.schema;
}

/**
 * The spec's path item for `path`: its own, else the one whose path differs by a trailing slash
 * only (`/v1/exports/get` for the spec's `/v1/exports/get/`), as Mintlify finds it
 * (@mintlify/common, findOpenApiPath).
 */
export function pathItemOf(document: OpenApiDocument, path: string): (Record<string, unknown> & { parameters?: Parameter[] }) | undefined {
  const exact = document.paths[path];
  if (exact) return exact;
  const bare = (p: string): string => (p.length > 1 ? p.replace(/\/$/, '') : p);
  const key = Object.keys(document.paths).find((candidate) => bare(candidate) === bare(path));
  return key === undefined ? undefined : document.paths[key];
}

/** The operation's object in the spec, or undefined when it is missing (validate reports that). */
export function operationOf(document: OpenApiDocument, method: HttpMethod, path: string): Operation | undefined {
  return pathItemOf(document, path)?.[method.toLowerCase()] as Operation | undefined;
}

/**
 * The spec as its webhook `name` reads like an operation: the webhook's path item at the path
 * `name`, and no servers (the API sends a webhook; no request URL goes with it). Undefined when
 * the spec has no such webhook.
 */
export function webhookView(document: OpenApiDocument, name: string): FoundOperation | undefined {
  const item = (document.webhooks as Record<string, Record<string, unknown>> | undefined)?.[name];
  const method = Object.keys(item ?? {}).find((key) => ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'].includes(key));
  if (!item || !method) return undefined;
  return { document: { ...document, servers: [], paths: { [name]: item } }, method: method.toUpperCase() as HttpMethod };
}

/** An operation found in a spec: the spec (a webhook's as webhookView shows it) and its method. */
export interface FoundOperation {
  document: OpenApiDocument;
  method: HttpMethod;
}

/** The operation `reference` names in `document`, or its webhook; undefined when the spec lacks it. */
export function operationIn(document: OpenApiDocument, reference: { method: HttpMethod; path: string; webhook?: true }): FoundOperation | undefined {
  if (reference.webhook) return webhookView(document, reference.path);
  return operationOf(document, reference.method, reference.path) ? { document, method: reference.method } : undefined;
}
