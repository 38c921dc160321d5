// The site header: logo or name, the tabs of the current tree, global links, version and language switchers.
import type { ElementContent } from 'hast';
import { h } from 'hastscript';
import type { DocsConfig } from '../../config/index.js';
import type { NavLink } from '../../site/index.js';
import { browserUrl } from '../browser-urls.js';
import { icon } from '../components/icon.js';
import { safeUrl } from '../jsx-props.js';
import { accessMark, choiceMark } from './access-marks.js';
import type { SwitcherMenu, TabLink } from './page-inputs.js';

/** The site's logo (light and dark) or name, linking home. A logo path is from the docs folder, whatever page shows it. */
export function brand(config: DocsConfig): ElementContent {
  const given = typeof config.logo === 'string' ? { light: config.logo, dark: config.logo } : config.logo;
  const fromRoot = (url: string | undefined): string | undefined => url && browserUrl(url, 'index', 'image');
  const logo = given && { light: fromRoot(given.light), dark: fromRoot(given.dark) };
  // validate refuses script URLs (link/script-url); none is written should one get this far.
  const href = safeUrl((typeof config.logo === 'object' && config.logo.href) || '/');
  const images =
    logo?.light || logo?.dark
      ? [
          h('img', { className: ['logo', 'logo-light'], src: logo.light ?? logo.dark, alt: config.name }),
          h('img', { className: ['logo', 'logo-dark'], src: logo.dark ?? logo.light, alt: '' }),
        ]
      : [];
  return h('a', { className: ['brand'], href }, [
    ...images,
    h('span', { className: images.length ? ['brand-name', 'visually-hidden'] : ['brand-name'] }, config.name),
  ]);
}

/**
 * The top-level sections of the page's tree, the page's own marked current. A tab is one `<li>`
 * per candidate target, each marked with its page's access and its tab's choice: the runtime
 * drops the ones the reader may not follow and keeps the first left of each tab, so a tab links
 * to a page the reader may read, or is gone when there is none.
 */
export function tabBar(tabs: readonly TabLink[], activeTab: number | undefined): ElementContent[] {
  if (tabs.length === 0) return [];
  const links = tabs.flatMap((tab, i) => {
    const drawn = tab.icon && icon(tab.icon, tab.icon.library);
    const label = drawn ? [drawn, tab.label] : [tab.label];
    if (tab.targets.length === 0) return [h('li', h('span', label))];
    const current = i === activeTab ? { ariaCurrent: 'true' } : {};
    return tab.targets.map(({ url, access }) => h('li', { ...accessMark(access), ...choiceMark(`tab-${i}`) }, h('a', { href: url, ...current }, label)));
  });
  return [h('nav', { className: ['tabs-nav'], ariaLabel: 'Sections' }, [h('ul', links)])];
}

/** Global links of the navigation (navigation.global's, and a tree's version's and language's). */
export function globalLinks(links: readonly NavLink[]): ElementContent[] {
  if (links.length === 0) return [];
  return [
    h(
      'ul',
      { className: ['global-links'] },
      links.map((link) => h('li', [h('a', { href: safeUrl(link.href) }, link.label)])),
    ),
  ];
}

/**
 * Version and language switchers as native disclosure lists (no JavaScript). An option is one
 * `<li>` per candidate target, marked like a tab's: the runtime keeps the first the reader may
 * follow, and removes a switcher left with its current option alone.
 */
export function switchers(menus: readonly SwitcherMenu[]): ElementContent[] {
  return menus.map(({ label, current, options }) =>
    h('details', { className: ['switcher'] }, [
      h('summary', { ariaLabel: `${label}: ${current ?? ''}` }, [h('span', { className: ['switcher-label'] }, `${label}:`), ' ', current ?? '']),
      h(
        'ul',
        options.flatMap((o, i) => {
          if (o.targets.length === 0) return [h('li', h('span', o.label))];
          const link = (url: string) => h('a', { href: url, ...(o.label === current ? { ariaCurrent: 'true' } : {}) }, o.label);
          return o.targets.map(({ url, access }) => h('li', { ...accessMark(access), ...choiceMark(`${label.toLowerCase()}-${i}`) }, link(url)));
        }),
      ),
    ]),
  );
}

/**
 * The reader's light/dark/system choice: a button docsite.js brings to life (hidden without
 * JavaScript, where the system setting or the site's default applies).
 */
export function themeToggle(): ElementContent {
  return h('button', { type: 'button', className: ['theme-toggle'], ariaLabel: 'Theme: system' }, 'System');
}

/**
 * The header's search box: a button that opens the search dialog (templates/docsite.js), also on
 * Ctrl/Cmd+K and `/`. It carries the page's version, so results stay in the version the reader is
 * in (the language is the document's). Searching needs the script: without it the box is not shown.
 */
export function searchBox(version: string | undefined): ElementContent {
  return h(
    'button',
    {
      type: 'button',
      className: ['search-box', 'js-only'],
      dataSearchOpen: '',
      ...(version !== undefined ? { dataVersion: version } : {}),
      ariaHaspopup: 'dialog',
      ariaKeyshortcuts: 'Control+K Meta+K /',
    },
    [h('span', { className: ['search-box-label'] }, 'Search…'), h('kbd', { className: ['search-box-keys'], ariaHidden: 'true' }, 'Ctrl K')],
  );
}
