// Walks resolved navigation trees to give each page its order, breadcrumbs and inherited flags.
import type { NavEndpoint, NavItem, NavigationTree, PagePlacement } from './navigation-model.js';

/** What a version or language list names in each of its options. */
export type VariantKey = 'version' | 'language';

/** Whether `item` is one of the items of a version (`key` 'version') or language option of its tree. */
export type InVariant = (item: NavItem, key: VariantKey) => boolean;

interface Inherited {
  breadcrumbs: string[];
  public: boolean;
  hidden: boolean;
  inVersion: boolean;
  inLanguage: boolean;
  boost?: number;
  searchable?: boolean;
}

/** Fills each tree's `order` and returns every page's placements, keyed by page path. */
export function placePages(
  trees: NavigationTree[],
  inVariant: InVariant,
): {
  placements: Map<string, PagePlacement[]>;
  breadcrumbsOf(endpoint: NavEndpoint & { version: string | null; language: string | null }): string[];
} {
  const placements = new Map<string, PagePlacement[]>();
  const endpointCrumbs = new Map<string, string[]>();
  for (const tree of trees) {
    const place = (path: string, at: Inherited): void => {
      const list = placements.get(path) ?? [];
      list.push({
        version: tree.version,
        language: tree.language,
        breadcrumbs: at.breadcrumbs,
        index: tree.order.length,
        public: at.public,
        hidden: at.hidden,
        inVersion: at.inVersion,
        inLanguage: at.inLanguage,
        ...(at.boost !== undefined ? { boost: at.boost } : {}),
        ...(at.searchable !== undefined ? { searchable: at.searchable } : {}),
      });
      placements.set(path, list);
      tree.order.push(path);
    };
    const walk = (items: NavItem[], outer: Inherited): void => {
      for (const item of items) {
        const at = { ...outer, inVersion: outer.inVersion || inVariant(item, 'version'), inLanguage: outer.inLanguage || inVariant(item, 'language') };
        if (item.type === 'page') place(item.path, at);
        else if (item.type === 'endpoint') {
          // Keyed by where the entry is written: a shared entry names no version, whatever tree it is in.
          endpointCrumbs.set(
            endpointKey(item, { version: at.inVersion ? tree.version : null, language: at.inLanguage ? tree.language : null }),
            at.breadcrumbs,
          );
          place(item.page, at);
        } else if (item.type === 'division') {
          const inner = {
            ...at,
            breadcrumbs: [...at.breadcrumbs, item.label],
            public: at.public || item.public,
            hidden: at.hidden || item.hidden,
            boost: item.boost ?? at.boost,
            searchable: item.searchable ?? at.searchable,
          };
          if (item.root && !item.children.some((child) => child.type === 'page' && child.path === item.root)) place(item.root, inner);
          walk(item.children, inner);
        }
      }
    };
    walk(tree.items, { breadcrumbs: [], public: false, hidden: false, inVersion: false, inLanguage: false });
  }
  return {
    placements,
    breadcrumbsOf: (endpoint) => endpointCrumbs.get(endpointKey(endpoint, endpoint)) ?? [],
  };
}

function endpointKey(endpoint: NavEndpoint, where: { version: string | null; language: string | null }): string {
  return [where.version, where.language, endpoint.openapi, endpoint.method, endpoint.path].join('\u0000');
}
