// The API section a navigation item with `openapi` and no endpoints of its own listed shows after its
// pages: every operation and webhook of the spec, in a group per tag (Mintlify's "dedicated API sections").
import type { HttpMethod } from '../content/index.js';
import type { OpenApiDocument } from './openapi.js';
import { type OperationKey, operationPagePath } from './openapi-page-path.js';
import { type Operation, operationOf, webhookView } from './openapi-schema.js';

/** The group of the operations that have no tag (Mintlify's name for it). */
export const UNTAGGED_GROUP = 'API Reference';

/** The methods of a path item, in the order a section lists them. */
const METHODS: readonly HttpMethod[] = ['GET', 'PUT', 'POST', 'DELETE', 'OPTIONS', 'HEAD', 'PATCH', 'TRACE'];

/** An operation of a section, as its navigation entry and generated page need it. */
export interface SectionOperation extends OperationKey {
  /** Path of the generated page (operationPagePath). */
  page: string;
  /** `x-hidden`: the page is built but not listed. */
  hidden: boolean;
}

/** The operations of one tag, under the tag's label. */
export interface SectionGroup {
  label: string;
  operations: SectionOperation[];
}

/**
 * The groups of the section showing `document` with pages under `directory`: one per label (a tag's
 * `x-group`, else its name; `API Reference` for operations without tags), in the order the spec
 * first uses them, each holding its operations in spec order, webhooks after paths. `x-excluded`
 * operations are left out; two that would share a page path get `-1`, `-2`... as on Mintlify.
 */
export function sectionGroups(document: OpenApiDocument, directory: string): SectionGroup[] {
  const groups = new Map<string, SectionOperation[]>();
  const pages = new Set<string>();
  const labels = tagLabels(document);
  const add = (operation: Operation | undefined, key: OperationKey): void => {
    if (!operation || operation['x-excluded'] === true) return;
    const tag = operation.tags?.[0];
    const label = (tag !== undefined ? labels.get(tag) : undefined) ?? tag ?? UNTAGGED_GROUP;
    const list = groups.get(label) ?? [];
    list.push({ ...key, page: uniquePage(operationPagePath(directory, document, key), pages), hidden: operation['x-hidden'] === true });
    groups.set(label, list);
  };
  for (const path of Object.keys(document.paths ?? {})) {
    for (const method of METHODS) add(operationOf(document, method, path), { method, path });
  }
  for (const name of Object.keys((document.webhooks as Record<string, unknown> | undefined) ?? {})) {
    const view = webhookView(document, name);
    if (view) add(operationOf(view.document, view.method, name), { method: view.method, path: name, webhook: true });
  }
  return [...groups].map(([label, operations]) => ({ label, operations }));
}

/** `page`, or with `-1`, `-2`... added when the section has that page already. */
function uniquePage(page: string, pages: Set<string>): string {
  let unique = page;
  for (let n = 1; pages.has(unique); n++) unique = `${page}-${n}`;
  pages.add(unique);
  return unique;
}

/** Tag name -> its `x-group`, for the tags that set one. */
function tagLabels(document: OpenApiDocument): Map<string, string> {
  const tags = Array.isArray(document.tags) ? (document.tags as { name?: unknown; 'x-group'?: unknown }[]) : [];
  return new Map(tags.flatMap((tag) => (typeof tag?.name === 'string' && typeof tag['x-group'] === 'string' ? [[tag.name, tag['x-group']]] : [])));
}
