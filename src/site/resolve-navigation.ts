// Resolves docs.json `navigation` into trees per version x language, checking every entry.
// Versions and languages may sit at any depth (inside a tab, an anchor, a dropdown...): each
// tree keeps the divisions around them, with the items outside every version shared by all.
import type { IconRequest } from '../icons/index.js';
import {
  DIVISION_LABEL_KEY,
  iconOfConfig,
  NAV_CHILD_KEYS,
  type DivisionKind,
  type NavDivisionConfig,
  type NavigationConfig,
  type SourceLocator,
} from '../config/index.js';
import { parseEndpointReference } from '../content/index.js';
import { diagnostic, type Diagnostic } from '../diagnostics/index.js';
import type { OpenApiDocument } from './openapi.js';
import { DEFAULT_API_DIRECTORY, operationPagePath } from './openapi-page-path.js';
import { sectionGroups } from './openapi-sections.js';
import { placePages } from './place-pages.js';
import { describeClash, runtimeClashOf } from './runtime-paths.js';
import { pageUrl } from './site-model.js';
import type {
  ApiSection,
  EndpointEntry,
  NavDivision,
  NavEndpoint,
  NavItem,
  NavLink,
  NavPage,
  NavigationTree,
  ResolvedNavigation,
  Variant,
} from './navigation-model.js';
import type { VariantKey } from './place-pages.js';

type JsonPath = (string | number)[];

/** What navigation resolution needs to know about the site's files. */
export interface NavigationInput {
  navigation: NavigationConfig;
  /** `api.openapi` of docs.json: the OpenAPI file (its first, when a list) for `<METHOD> <path>` entries when no item sets one. */
  defaultOpenApi?: NavDivisionConfig['openapi'];
  /** The OpenAPI document of a local file navigation names, when it was read and parses. */
  documentOf(openapi: string): OpenApiDocument | undefined;
  /** Page paths that exist and are not ignored. */
  pages: ReadonlySet<string>;
  /** Whether a page path names a file that exists but is ignored. */
  isIgnoredPage(path: string): boolean;
  locator: SourceLocator;
}

interface Context {
  version: string | null;
  language: string | null;
  openapi?: string;
  /** Where the generated pages of `openapi`'s operations go. */
  directory: string;
  path: JsonPath;
}

const CONFIG = 'docs.json';

/** A `versions` or `languages` list as written: each option's items go to that version's (language's) trees only. */
interface VariantDraft {
  type: 'variants';
  key: VariantKey;
  options: { name: string; items: DraftItem[] }[];
}

/** A division whose children may still hold version or language lists. */
interface DraftDivision extends Omit<NavDivision, 'children'> {
  children: DraftItem[];
}

/** Navigation as written, checked, before it is split into one tree per version x language. */
type DraftItem = NavPage | NavEndpoint | NavLink | DraftDivision | VariantDraft;

/** The version and language of one tree (null: the site has none). */
interface TreeScope {
  version: string | null;
  language: string | null;
}

/** Normalizes a page reference: no leading slash, no extension, no trailing slash. */
export function normalizePagePath(path: string): string {
  return (
    path
      .trim()
      .replace(/^\/+/, '')
      .replace(/\.mdx?$/, '')
      .replace(/\/+$/, '') || 'index'
  );
}

/**
 * Whether a normalized page path names a file inside the docs folder the one way discovery names
 * it: folders joined by `/`, no empty, `.` or `..` parts, no backslashes or control characters.
 */
export function isPagePath(path: string): boolean {
  return !/[\\\u0000-\u001f\u007f]/.test(path) && path.split('/').every((part) => part !== '' && part !== '.' && part !== '..');
}

/** Every OpenAPI file a navigation item or `api.openapi` names, in any of its spellings. */
export function openApiFilesOf(value: NavDivisionConfig['openapi']): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.filter((file) => typeof file === 'string');
  return typeof value?.source === 'string' ? [value.source] : [];
}

/**
 * Every OpenAPI file navigation names, at any depth (`openapi` keys, `<file> <METHOD> <path>` entries):
 * an API section lists their operations, and an endpoint's page path takes its tag and summary.
 */
export function navigationOpenApiFiles(node: unknown): string[] {
  if (Array.isArray(node)) return node.flatMap((item) => (typeof item === 'string' ? entryFile(item) : navigationOpenApiFiles(item)));
  if (typeof node !== 'object' || node === null) return [];
  const { openapi, ...rest } = node as NavDivisionConfig;
  return [...openApiFilesOf(openapi), ...Object.values(rest).flatMap(navigationOpenApiFiles)];
}

/**
 * Whether an item lists endpoints that take its own `openapi` (`GET /users`, here or in a group
 * below that sets none of its own): then Mintlify generates only those, not the whole spec.
 */
function listsOwnEndpoints(item: NavDivisionConfig): boolean {
  return NAV_CHILD_KEYS.some((key) => {
    const list = item[key];
    if (!Array.isArray(list)) return false;
    return list.some((entry) => {
      if (typeof entry === 'string') {
        const endpoint = /\s/.test(entry.trim()) ? parseEndpointReference(entry) : undefined;
        return endpoint !== undefined && endpoint.file === undefined;
      }
      const division = entry as NavDivisionConfig;
      return typeof division === 'object' && division !== null && division.openapi === undefined && listsOwnEndpoints(division);
    });
  });
}

/** The OpenAPI file a `<file> <METHOD> <path>` page entry names. */
function entryFile(entry: string): string[] {
  const file = /\s/.test(entry.trim()) ? parseEndpointReference(entry)?.file : undefined;
  return file === undefined ? [] : [file];
}

/** The OpenAPI file a navigation item names, in any of its spellings. */
export function openApiFileOf(value: NavDivisionConfig['openapi']): string | undefined {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value[0];
  return value?.source;
}

export function resolveNavigation(input: NavigationInput): { navigation: ResolvedNavigation; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const listed = new Map<string, Set<string>>();
  const versions = new Map<string, Variant>();
  const languages = new Map<string, Variant>();
  const endpoints: Omit<EndpointEntry, 'breadcrumbs'>[] = [];
  const sections: ApiSection[] = [];
  const report = (code: Parameters<typeof diagnostic>[0], path: JsonPath, message: string): void => {
    diagnostics.push(diagnostic(code, CONFIG, input.locator.locate(path, 'value'), message));
  };
  const treeKey = (ctx: Context): string => `${ctx.version ?? ''}\u0000${ctx.language ?? ''}`;

  const pageItem = (raw: string, ctx: Context): NavItem | undefined => {
    if (/\s/.test(raw.trim())) {
      const reference = parseEndpointReference(raw);
      if (!reference) {
        report('nav/invalid-entry', ctx.path, `"${raw}" is neither a page path nor an endpoint ("<METHOD> <path>" or "<openapi file> <METHOD> <path>").`);
        return undefined;
      }
      const openapi = reference.file ?? ctx.openapi;
      if (!openapi) {
        report('nav/endpoint-without-openapi', ctx.path, `Endpoint "${raw}" is listed, but no enclosing group sets \`openapi\`.`);
        return undefined;
      }
      const page = operationPagePath(ctx.directory, input.documentOf(openapi), reference);
      return endpoint({ type: 'endpoint', openapi, method: reference.method, path: reference.path, page }, ctx);
    }
    const path = checkPage(raw, ctx);
    if (path === undefined) return undefined;
    const seen = listed.get(treeKey(ctx)) ?? new Set<string>();
    listed.set(treeKey(ctx), seen);
    if (seen.has(path)) {
      const where = [ctx.version && `version "${ctx.version}"`, ctx.language && `language "${ctx.language}"`].filter(Boolean).join(', ');
      report('nav/duplicate-page', ctx.path, `Page "${path}" is listed more than once${where ? ` in ${where}` : ''}.`);
      return undefined;
    }
    seen.add(path);
    return { type: 'page', path };
  };

  /** Records the endpoint `item`, whose page is generated, as written at `ctx`. */
  const endpoint = (item: NavEndpoint, ctx: Context): NavEndpoint => {
    endpoints.push({ ...item, version: ctx.version, language: ctx.language, at: input.locator.locate(ctx.path, 'value') });
    return item;
  };

  /**
   * The groups of the API section of an item whose `openapi` is its only content: every operation of
   * each spec it names, but `x-hidden` ones, which get their page without being listed.
   */
  const apiSection = (openapi: NonNullable<NavDivisionConfig['openapi']>, ctx: Context): DraftItem[] => {
    const at: Context = { ...ctx, path: [...ctx.path, 'openapi'] };
    return openApiFilesOf(openapi).flatMap((file) => {
      sections.push({ openapi: file, at: input.locator.locate(at.path, 'value') });
      const document = input.documentOf(file);
      return (document ? sectionGroups(document, ctx.directory) : []).flatMap(({ label, operations }): DraftDivision[] => {
        const listed = operations.flatMap(({ page, hidden, ...operation }) => {
          const item = endpoint({ type: 'endpoint', openapi: file, page, ...operation }, at);
          return hidden ? [] : [item];
        });
        return listed.length > 0 ? [{ type: 'division', kind: 'groups', label, hidden: false, public: false, children: listed }] : [];
      });
    });
  };

  /** Checks a page reference; returns its normalized path when the page can be used. */
  const checkPage = (raw: string, ctx: Context): string | undefined => {
    const path = normalizePagePath(raw);
    if (!isPagePath(path) || raw.trim() === '') {
      report(
        'nav/invalid-path',
        ctx.path,
        `${JSON.stringify(raw)} is not a page path: write it from the docs folder, with "/" between folders and no "." or ".." parts.`,
      );
      return undefined;
    }
    const clash = runtimeClashOf(path);
    if (clash) {
      report('nav/reserved-path', ctx.path, `"${raw}" is the page ${pageUrl(path)}, but ${describeClash(clash)}.`);
      return undefined;
    }
    if (input.pages.has(path)) return path;
    if (input.isIgnoredPage(path))
      report('nav/ignored-page', ctx.path, `Page "${raw}" is ignored (.docsiteignore or an always-ignored name) but listed in navigation.`);
    else report('nav/missing-page', ctx.path, `Page "${raw}" does not exist (looked for ${path}.mdx and ${path}.md).`);
    return undefined;
  };

  const division = (kind: DivisionKind, item: NavDivisionConfig, ctx: Context): DraftItem | undefined => {
    const label = String(item[DIVISION_LABEL_KEY[kind]] ?? '');
    const hasChildren = NAV_CHILD_KEYS.some((key) => Array.isArray(item[key]));
    const icon = iconOfConfig(item.icon);
    if (item.href && !hasChildren) return withIcon({ type: 'link', kind, label, href: item.href }, icon);
    const inner = withOpenApi(ctx, item.openapi);
    let root: string | undefined;
    if (typeof item.root === 'string') root = checkPage(item.root, { ...inner, path: [...ctx.path, 'root'] });
    const node: DraftDivision = {
      type: 'division',
      kind,
      label,
      hidden: item.hidden === true,
      public: item.public === true,
      children: contents(item, inner),
      ...(icon ? { icon } : {}),
      ...(root ? { root } : {}),
      ...(item.tag ? { tag: item.tag } : {}),
      ...(item.expanded !== undefined ? { expanded: item.expanded } : {}),
      ...(typeof item.boost === 'number' && item.boost > 0 ? { boost: item.boost } : {}),
      ...(typeof item.searchable === 'boolean' ? { searchable: item.searchable } : {}),
    };
    return node;
  };

  const variants = (key: 'versions' | 'languages', list: NavDivisionConfig[], ctx: Context): VariantDraft => {
    const registry = key === 'versions' ? versions : languages;
    const defaults = list.flatMap((item, i) => (item.default === true ? [i] : []));
    // Point at the first `default: true` too many, not at the whole list.
    if (defaults.length > 1)
      report(
        'nav/duplicate-default',
        [...ctx.path, key, defaults[1]!, 'default'],
        `${defaults.length} ${key} are marked \`default: true\`; at most one may be.`,
      );
    const variantKey: VariantKey = key === 'versions' ? 'version' : 'language';
    const options = list.map((item, i) => {
      const name = String(item[variantKey] ?? '');
      const known = registry.get(name);
      registry.set(name, { name, default: (known?.default ?? false) || item.default === true });
      const inner: Context = { ...withOpenApi(ctx, item.openapi), [variantKey]: name, path: [...ctx.path, key, i] };
      const items = contents(item, inner);
      for (const link of globalOf(item.global, inner, items)) scopedGlobal.push({ version: inner.version, language: inner.language, link });
      return { name, items };
    });
    return { type: 'variants', key: variantKey, options };
  };

  /**
   * The items of a division, version or language, then its API section when it sets `openapi`:
   * every operation of the spec after the pages it lists, as Mintlify's build appends them, unless
   * it lists endpoints of that spec itself (`GET /users`), which then are all it shows of it.
   */
  const contents = (item: NavDivisionConfig, ctx: Context): DraftItem[] => {
    const own = children(item, ctx);
    return item.openapi !== undefined && !listsOwnEndpoints(item) ? [...own, ...apiSection(item.openapi, ctx)] : own;
  };

  /** The items of a navigation object, its version and language lists among them. */
  const children = (node: NavigationConfig, ctx: Context): DraftItem[] => {
    const items: DraftItem[] = [];
    for (const key of NAV_CHILD_KEYS) {
      const list = node[key];
      if (!Array.isArray(list)) continue;
      if (key === 'versions' || key === 'languages') {
        items.push(variants(key, list as NavDivisionConfig[], ctx));
        continue;
      }
      list.forEach((entry, i) => {
        const inner = { ...ctx, path: [...ctx.path, key, i] };
        const item = typeof entry === 'string' ? pageItem(entry, inner) : division(key === 'pages' ? 'groups' : key, entry, inner);
        if (item) items.push(item);
      });
    }
    return items;
  };

  /**
   * The links of a `global` object (of navigation, or of a version or language, as crewAI sets
   * them per language); its tabs, anchors and dropdowns that hold pages join `items`.
   */
  const globalOf = (config: NavigationConfig['global'], ctx: Context, items: DraftItem[]): NavLink[] => {
    const links: NavLink[] = [];
    for (const key of ['tabs', 'anchors', 'dropdowns'] as const) {
      (config?.[key] ?? []).forEach((item, i) => {
        const node = division(key, item, { ...ctx, path: [...ctx.path, 'global', key, i] });
        if (node?.type === 'link') links.push(node);
        else if (node) items.push(node);
      });
    }
    return links;
  };
  /** Global links of versions and languages, with the version and language they belong to. */
  const scopedGlobal: { version: string | null; language: string | null; link: NavLink }[] = [];

  const root = withOpenApi({ version: null, language: null, path: ['navigation'], directory: DEFAULT_API_DIRECTORY }, input.defaultOpenApi);
  const drafts = children(input.navigation, root);
  const global = globalOf(input.navigation.global, root, drafts);
  const globalIn = (scope: TreeScope): NavLink[] => [
    ...global,
    ...scopedGlobal
      .filter((s) => (s.version === null || s.version === scope.version) && (s.language === null || s.language === scope.language))
      .map((s) => s.link),
  ];

  const inVariant = new Map<VariantKey, WeakSet<NavItem>>([
    ['version', new WeakSet()],
    ['language', new WeakSet()],
  ]);
  const trees: NavigationTree[] = treeScopes(drafts).map((scope) => ({
    ...scope,
    items: project(drafts, scope, inVariant),
    order: [],
    global: globalIn(scope),
  }));
  const { placements, breadcrumbsOf } = placePages(trees, (item, key) => inVariant.get(key)!.has(item));
  return {
    navigation: {
      trees,
      versions: withDefault([...versions.values()]),
      languages: withDefault([...languages.values()]),
      placements,
      endpoints: endpoints.map((entry) => ({ ...entry, breadcrumbs: breadcrumbsOf(entry) })),
      sections,
      global,
    },
    diagnostics,
  };
}

/**
 * The trees `drafts` make, in the order their items come: one per version x language that holds
 * items. Items outside every version (language) go into the trees of all of them, so a scope
 * another one refines makes no tree of its own; navigation without versions or languages is one tree.
 */
function treeScopes(drafts: readonly DraftItem[]): TreeScope[] {
  const found = new Map<string, TreeScope>();
  const walk = (items: readonly DraftItem[], scope: TreeScope): void => {
    for (const item of items) {
      if (item.type === 'variants') {
        for (const option of item.options) walk(option.items, { ...scope, [item.key]: option.name });
        continue;
      }
      found.set(`${scope.version ?? ''}\u0000${scope.language ?? ''}`, scope);
      if (item.type === 'division') walk(item.children, scope);
    }
  };
  walk(drafts, { version: null, language: null });
  const scopes = [...found.values()];
  const refines = (a: TreeScope, b: TreeScope): boolean =>
    a !== b && (b.version === null || b.version === a.version) && (b.language === null || b.language === a.language);
  const kept = scopes.filter((scope) => !scopes.some((other) => refines(other, scope)));
  return kept.length > 0 ? kept : [{ version: null, language: null }];
}

/**
 * The items of `drafts` in the tree of `scope`: each version (language) list replaced by the
 * items of the option of the tree's version (language), which `inVariant` records; a division
 * left with nothing but other versions' items is left out.
 */
function project(drafts: readonly DraftItem[], scope: TreeScope, inVariant: ReadonlyMap<VariantKey, WeakSet<NavItem>>): NavItem[] {
  const items: NavItem[] = [];
  for (const item of drafts) {
    if (item.type === 'variants') {
      const option = item.options.find((o) => o.name === scope[item.key]);
      for (const inner of option ? project(option.items, scope, inVariant) : []) {
        inVariant.get(item.key)!.add(inner);
        items.push(inner);
      }
    } else if (item.type === 'division') {
      const children = project(item.children, scope, inVariant);
      if (children.length === 0 && item.children.length > 0 && !item.root) continue;
      items.push({ ...item, children });
    } else items.push(item);
  }
  return items;
}

/** `ctx` inside an item that sets `openapi`: its spec, and its `directory` (else the default) for the pages of its operations. */
function withOpenApi(ctx: Context, openapi: NavDivisionConfig['openapi']): Context {
  const file = openApiFileOf(openapi);
  if (file === undefined) return ctx;
  const directory = typeof openapi === 'object' && !Array.isArray(openapi) ? openapi.directory : undefined;
  return { ...ctx, openapi: file, directory: directory ? normalizePagePath(directory) : DEFAULT_API_DIRECTORY };
}

/** The first variant is the default unless one says `default: true`. */
function withDefault(variants: Variant[]): Variant[] {
  if (variants.length > 0 && !variants.some((v) => v.default)) variants[0] = { ...variants[0]!, default: true };
  return variants;
}

function withIcon(link: NavLink, icon: IconRequest | undefined): NavLink {
  return icon ? { ...link, icon } : link;
}
