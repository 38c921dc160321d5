// The parts of the layout all pages share, computed once per build; their hash is part of every page's layout key.
import { createHash } from 'node:crypto';
import { toHtml } from 'hast-util-to-html';
import { DOCSITE_VERSION } from '../../version.js';
import { browserUrl } from '../browser-urls.js';
import { templateSource } from '../template.js';
import type { ContextualOptions } from './contextual-menu.js';
import { brand, globalLinks } from './header.js';
import type { SiteIndex } from './site-index.js';

/** The page template the layout fills. */
export const PAGE_TEMPLATE = 'page.html';

/** What every page's layout reads of the site, as plain data. */
export interface SiteParts {
  name: string;
  /** The header's logo or name, and the navigation's global links, as HTML. */
  brand: string;
  globalLinks: string;
  favicon: string | undefined;
  /** CSS for the configured colors; empty without them. */
  style: string;
  contextual: ContextualOptions;
}

/** The shared parts of `index`'s site. */
export function siteParts(index: SiteIndex): SiteParts {
  const { config } = index.site;
  const colors = config.colors;
  const favicon = typeof config.favicon === 'string' ? config.favicon : config.favicon?.light;
  return {
    name: config.name,
    brand: toHtml(brand(config)),
    globalLinks: toHtml(globalLinks(index)),
    favicon: favicon && browserUrl(favicon, 'index', 'image'),
    style: colors?.primary
      ? `:root{--primary:${colors.primary};--primary-light:${colors.light ?? colors.primary};--primary-dark:${colors.dark ?? colors.primary}}`
      : '',
    contextual: config.contextual?.options ?? [],
  };
}

/** A hash of `parts`, the page template and the docsite version: everything of a page's layout that is not its own. */
export function sitePartsKey(parts: SiteParts): string {
  return createHash('sha256')
    .update(DOCSITE_VERSION)
    .update('\0')
    .update(templateSource(PAGE_TEMPLATE))
    .update('\0')
    .update(JSON.stringify(parts))
    .digest('hex');
}
