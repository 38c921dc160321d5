// The page model: what docsite knows about one MDX page after parsing it.
import type { Frontmatter } from '../config/index.js';
import type { Position } from '../diagnostics/index.js';
import type { PageFeature } from './page-features.js';

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'TRACE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** One heading of a page, with the anchor it gets in HTML. */
export interface Heading {
  depth: number;
  text: string;
  /** The anchor: `{#custom-id}` when written, else the slug Mintlify makes of the text (headingIdMaker). */
  id: string;
  line: number;
}

/** The text under one heading (or before the first), the unit of search. */
export interface Section {
  /** Anchor of the heading that starts the section; null for the text before the first heading. */
  anchor: string | null;
  /** Headings from the outermost to this one, e.g. ["Install", "On macOS"]; empty before the first. */
  headingPath: string[];
  text: string;
}

/** A place in a snippet file: where something a page shows from the snippet is written. */
export interface WrittenAt {
  file: string;
  line: number;
  column: number;
}

/** A link or image reference on the page. */
export interface PageLink {
  kind: 'link' | 'image';
  url: string;
  /** Where it is on the page: for one from a snippet, where the page places the snippet. */
  line: number;
  column: number;
  /** Where a link from a snippet is written in it. */
  writtenAt?: WrittenAt;
}

export type ParamLocation = 'path' | 'body' | 'query' | 'header';

/** What parameter and response fields have in common. */
export interface FieldBase {
  name: string;
  type?: string;
  required: boolean;
  default?: string;
  description: string;
  /** Fields of an object, written inside it (often in an `<Expandable>`). */
  children: FieldModel[];
}

/** A `<ParamField>`: one documented request parameter. */
export interface ParamFieldModel extends FieldBase {
  location: ParamLocation;
  /** The playground input's placeholder; with `api.examples.prefill`, its value when there is no `default`. */
  placeholder?: string;
}

/** A `<ResponseField>`: one documented response field. */
export type ResponseFieldModel = FieldBase;

export type FieldModel = ({ kind: 'param' } & ParamFieldModel) | ({ kind: 'response' } & ResponseFieldModel);

/** The `api` frontmatter as written: `<METHOD> <URL or path>`. */
export interface ApiDeclaration {
  method: HttpMethod;
  /** A full URL (`https://…`) or a path (`/users/{id}`) to put behind `api.mdx.server`. */
  target: string;
  isFullUrl: boolean;
  at: Position;
}

/** An OpenAPI operation referenced by a page's `openapi` frontmatter. */
export interface OpenApiReference {
  /** The OpenAPI file, when the reference names one. */
  file?: string;
  method: HttpMethod;
  /** The operation's path; for a webhook, its name under `webhooks`. */
  path: string;
  /** `<file> webhook <name>`: a webhook of the spec, whose method the spec gives (until then POST). */
  webhook?: true;
  at: Position;
}

/** One entry of a changelog page's RSS feed (see changelogEntries). */
export interface ChangelogEntry {
  /** The anchor on the page the entry links to: its heading's, else its update's. */
  anchor: string;
  title: string;
  /** Markdown without components, code or HTML. */
  description: string;
  /** When the update's label names a date: that date, as an ISO string. */
  date?: string;
}

/** Everything docsite extracts from one page file. */
export interface PageModel {
  /** Page path as navigation lists it: file path without extension, e.g. "guides/intro". */
  path: string;
  /** File path relative to the docs root, e.g. "guides/intro.mdx". */
  file: string;
  /** False when the MDX did not parse; then only `path`, `file` and `title` are meaningful. */
  parsed: boolean;
  frontmatter: Frontmatter;
  /** Where each frontmatter key's value is, for diagnostics of later checks. */
  frontmatterPositions: Record<string, Position>;
  /** From frontmatter, else the first heading, else the path. */
  title: string;
  headings: Heading[];
  sections: Section[];
  links: PageLink[];
  /** Every anchor the page defines: heading ids and `id` attributes of JSX elements. */
  anchors: string[];
  api?: ApiDeclaration;
  openapi?: OpenApiReference;
  params: ParamFieldModel[];
  responses: ResponseFieldModel[];
  /** The RSS feed entries of its `<Update>` components; absent on a page without any. */
  changelog?: ChangelogEntry[];
  /** Math and diagrams the page holds, which its HTML loads assets for; absent on a page without either. */
  features?: PageFeature[];
  /** The icons its components name (`<Card icon="rocket">`), for validate to check; absent on a page without any. */
  icons?: IconUse[];
}

/** An icon a component names, in the style its `iconType` gives, and where. */
export interface IconUse {
  name: string;
  style?: string;
  line: number;
  column: number;
  /** Where an icon from a snippet is written in it. */
  writtenAt?: WrittenAt;
}
