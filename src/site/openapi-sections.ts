// The API section a navigation item with `openapi` and no pages of its own shows: every operation and
// webhook of the spec, in a group per tag, each at the page path Mintlify gives it ("Dedicated API sections").
import type { HttpMethod } from '../content/index.js';
import type { OpenApiDocument } from './openapi.js';
import { type Operation, webhookView } from './openapi-schema.js';

/** Where a section's pages go when its `openapi` names no `directory`. */
export const DEFAULT_API_DIRECTORY = 'api-reference';

/** The group of the operations that have no tag (Mintlify's name for it). */
export const UNTAGGED_GROUP = 'API Reference';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** An operation of a section, as its navigation entry and generated page need it. */
export interface SectionOperation {
  method: HttpMethod;
  /** The operation's path; for a webhook, its name under `webhooks`. */
  path: string;
  webhook?: true;
  /** Path of the generated page: `<directory>/<tag>/<summary>`. */
  page: string;
  /** `x-hidden`: the page is built but not listed. */
  hidden: boolean;
}

/** The operations of one tag, under the tag's label. */
export interface SectionGroup {
  label: string;
  operations: SectionOperation[];
}

/** An operation object with the extensions and tags a section reads. */
type SectionedOperation = Operation & { tags?: string[]; 'x-hidden'?: boolean; 'x-excluded'?: boolean };

/**
 * The groups of the section showing `document` with pages under `directory`: one per label (a tag's
 * `x-group`, else its name; `API Reference` for operations without tags), in the order the spec
 * first uses them, each holding its operations in spec order, webhooks after paths. `x-excluded`
 * operations are left out.
 */
export function sectionGroups(document: OpenApiDocument, directory: string): SectionGroup[] {
  const groups = new Map<string, SectionOperation[]>();
  const pages = new Set<string>();
  const labels = tagLabels(document);
  const add = (operation: SectionedOperation, entry: Omit<SectionOperation, 'page' | 'hidden'>): void => {
    if (operation['x-excluded'] === true) return;
    const tag = operation.tags?.[0];
    const label = (tag !== undefined ? labels.get(tag) : undefined) ?? tag ?? UNTAGGED_GROUP;
    const title = operation.summary ?? (entry.webhook ? entry.path : `${entry.method} ${entry.path}`);
    const page = uniquePage([directory, ...(tag !== undefined ? [pageSlug(tag)] : []), pageSlug(title) || 'endpoint'].filter(Boolean).join('/'), pages);
    const list = groups.get(label) ?? [];
    list.push({ ...entry, page, hidden: operation['x-hidden'] === true });
    groups.set(label, list);
  };
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item?.[method] as SectionedOperation | undefined;
      if (operation && typeof operation === 'object') add(operation, { method: method.toUpperCase() as HttpMethod, path });
    }
  }
  for (const name of Object.keys((document.webhooks as Record<string, unknown> | undefined) ?? {})) {
    const view = webhookView(document, name);
    if (view) add(view.document.paths[name]![view.method.toLowerCase()] as SectionedOperation, { method: view.method, path: name, webhook: true });
  }
  return [...groups].map(([label, operations]) => ({ label, operations }));
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

/** `page`, or with `-1`, `-2`... added when the section has that page already (Mintlify's rule). */
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
