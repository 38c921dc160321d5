// The resolved navigation: one tree per version x language, with each page's place in it.
import type { DivisionKind } from '../config/index.js';
import type { HttpMethod } from '../content/index.js';
import type { Position } from '../diagnostics/index.js';
import type { IconRequest } from '../icons/index.js';

export interface NavPage {
  type: 'page';
  /** Page path, e.g. "guides/intro". */
  path: string;
}

/** An operation of an OpenAPI file listed in navigation; its page is generated from the spec. */
export interface NavEndpoint {
  type: 'endpoint';
  openapi: string;
  method: HttpMethod;
  /** The operation's path; for a webhook, its name under `webhooks`. */
  path: string;
  webhook?: true;
  /** Path of the generated page, e.g. "api-reference/customers/list-customers" (operationPagePath). */
  page: string;
}

/** A tab, anchor or dropdown that links elsewhere instead of holding pages. */
export interface NavLink {
  type: 'link';
  kind: DivisionKind;
  label: string;
  href: string;
  icon?: IconRequest;
}

/** A tab, anchor, dropdown, product, menu item or group holding further items. */
export interface NavDivision {
  type: 'division';
  kind: DivisionKind;
  label: string;
  icon?: IconRequest;
  hidden: boolean;
  public: boolean;
  /** Page shown when the group's title is clicked. */
  root?: string;
  tag?: string;
  expanded?: boolean;
  /** Search ranking multiplier of the pages below, unless a nearer division or the page sets one. */
  boost?: number;
  /** Set on a division: whether its (hidden) pages are still indexed. */
  searchable?: boolean;
  children: NavItem[];
}

export type NavItem = NavPage | NavEndpoint | NavLink | NavDivision;

/** The navigation of one version x language (null when the site has no versions / languages). */
export interface NavigationTree {
  version: string | null;
  language: string | null;
  items: NavItem[];
  /** Page paths in reading order: what previous/next links follow. */
  order: string[];
  /** The header's global links: navigation.global's, then those of the tree's version and language. */
  global: NavLink[];
}

/** Where a page sits in one tree. */
export interface PagePlacement {
  version: string | null;
  language: string | null;
  /** Labels of the divisions above the page, outermost first (tab, group, subgroup). */
  breadcrumbs: string[];
  /** Index of the page in its tree's `order`. */
  index: number;
  /** Whether an enclosing division is `public: true`. */
  public: boolean;
  /** Whether an enclosing division is `hidden: true`. */
  hidden: boolean;
  /** The `boost` of the nearest enclosing division that sets one. */
  boost?: number;
  /** The `searchable` of the nearest enclosing division that sets one. */
  searchable?: boolean;
  /** Whether the page is listed under a version (else it is shared by every version's tree). */
  inVersion: boolean;
  /** Whether the page is listed under a language (else it is shared by every language's tree). */
  inLanguage: boolean;
}

/** An endpoint entry with where it is listed. */
export interface EndpointEntry extends NavEndpoint {
  version: string | null;
  language: string | null;
  breadcrumbs: string[];
  /** Where the entry is written in docs.json. */
  at: Position;
}

/** A navigation item whose `openapi` is all it holds: it lists every operation of the spec. */
export interface ApiSection {
  /** The spec, as written. */
  openapi: string;
  /** Where docs.json names it. */
  at: Position;
}

export interface Variant {
  name: string;
  default: boolean;
}

export interface ResolvedNavigation {
  trees: NavigationTree[];
  versions: Variant[];
  languages: Variant[];
  placements: Map<string, PagePlacement[]>;
  endpoints: EndpointEntry[];
  /** The API sections, those whose spec could not be read among them (they list nothing). */
  sections: ApiSection[];
  /** Links listed under `navigation.global`, shown in every tree. */
  global: NavLink[];
}
