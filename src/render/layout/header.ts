// The site header: logo or name, the tabs of the current tree, global links, version and language switchers.
import type { ElementContent } from 'hast';
import { h } from 'hastscript';
import type { DocsConfig } from '../../config/index.js';
import type { NavigationTree, SitePage } from '../../site/index.js';
import type { SiteIndex, TreeIndex } from './site-index.js';

export function brand(config: DocsConfig): ElementContent {
  const logo = typeof config.logo === 'string' ? { light: config.logo, dark: config.logo } : config.logo;
  const href = (typeof config.logo === 'object' && config.logo.href) || '/';
  const images = logo?.light || logo?.dark
    ? [
        h('img', { className: ['logo', 'logo-light'], src: logo.light ?? logo.dark, alt: config.name }),
        h('img', { className: ['logo', 'logo-dark'], src: logo.dark ?? logo.light, alt: '' }),
      ]
    : [];
  return h('a', { className: ['brand'], href }, [...images, h('span', { className: images.length ? ['brand-name', 'visually-hidden'] : ['brand-name'] }, config.name)]);
}

export function tabBar(trees: TreeIndex | undefined, activeTab: number | undefined): ElementContent[] {
  if (!trees || trees.tabs.length === 0) return [];
  const links = trees.tabs.map((tab, i) =>
    h('li', [tab.href ? h('a', { href: tab.href, ...(i === activeTab ? { ariaCurrent: 'true' } : {}) }, tab.label) : h('span', tab.label)]),
  );
  return [h('nav', { className: ['tabs-nav'], ariaLabel: 'Sections' }, [h('ul', links)])];
}

export function globalLinks(index: SiteIndex): ElementContent[] {
  const links = index.site.navigation.global;
  if (links.length === 0) return [];
  return [h('ul', { className: ['global-links'] }, links.map((link) => h('li', [h('a', { href: link.href }, link.label)])))];
}

/**
 * Version and language switchers as native disclosure lists (no JavaScript). Each entry links to
 * the same page in that version or language when it exists there, else to that tree's first page.
 */
export function switchers(index: SiteIndex, page: SitePage | undefined, tree: NavigationTree | undefined): ElementContent[] {
  const { versions, languages, trees } = index.site.navigation;
  const result: ElementContent[] = [];
  const target = (match: (t: NavigationTree) => boolean): string | undefined => {
    const candidates = trees.filter(match);
    const same = page && candidates.find((t) => page.placements.some((p) => p.version === t.version && p.language === t.language));
    if (same) return page.url;
    const first = candidates.map((t) => t.order.find((path) => index.pages.has(path))).find(Boolean);
    return first ? index.pages.get(first)!.url : undefined;
  };
  if (versions.length > 1) {
    const current = tree?.version ?? versions.find((v) => v.default)?.name;
    result.push(switcher('Version', current, versions.map((v) => ({ label: v.name, href: target((t) => t.version === v.name && (t.language === tree?.language || languages.length <= 1)) ?? target((t) => t.version === v.name) }))));
  }
  if (languages.length > 1) {
    const current = tree?.language ?? languages.find((l) => l.default)?.name;
    const available = languages.filter((l) => trees.some((t) => t.language === l.name && (t.version === tree?.version || versions.length <= 1)));
    result.push(switcher('Language', current, available.map((l) => ({ label: l.name, href: target((t) => t.language === l.name && (t.version === tree?.version || versions.length <= 1)) }))));
  }
  return result;
}

function switcher(label: string, current: string | undefined, options: { label: string; href: string | undefined }[]): ElementContent {
  return h('details', { className: ['switcher'] }, [
    h('summary', { ariaLabel: `${label}: ${current ?? ''}` }, [h('span', { className: ['switcher-label'] }, `${label}:`), ' ', current ?? '']),
    h('ul', options.map((o) => h('li', [o.href ? h('a', { href: o.href, ...(o.label === current ? { ariaCurrent: 'true' } : {}) }, o.label) : h('span', o.label)]))),
  ]);
}
