// Walks resolved navigation trees to give each page its order, breadcrumbs and inherited flags.
import type { NavEndpoint, NavItem, NavigationTree, PagePlacement } from './navigation-model.js';

interface Inherited {
  breadcrumbs: string[];
  public: boolean;
  hidden: boolean;
}

/** Fills each tree's `order` and returns every page's placements, keyed by page path. */
export function placePages(trees: NavigationTree[]): {
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
      });
      placements.set(path, list);
      tree.order.push(path);
    };
    const walk = (items: NavItem[], at: Inherited): void => {
      for (const item of items) {
        if (item.type === 'page') place(item.path, at);
        else if (item.type === 'endpoint') {
          endpointCrumbs.set(endpointKey(item, tree), at.breadcrumbs);
          place(item.page, at);
        } else if (item.type === 'division') {
          const inner = { breadcrumbs: [...at.breadcrumbs, item.label], public: at.public || item.public, hidden: at.hidden || item.hidden };
          if (item.root && !item.children.some((child) => child.type === 'page' && child.path === item.root)) place(item.root, inner);
          walk(item.children, inner);
        }
      }
    };
    walk(tree.items, { breadcrumbs: [], public: false, hidden: false });
  }
  return {
    placements,
    breadcrumbsOf: (endpoint) => endpointCrumbs.get(endpointKey(endpoint, endpoint)) ?? [],
  };
}

function endpointKey(endpoint: NavEndpoint, where: { version: string | null; language: string | null }): string {
  return [where.version, where.language, endpoint.openapi, endpoint.method, endpoint.path].join('\u0000');
}
