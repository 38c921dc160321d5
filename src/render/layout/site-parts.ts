// The parts of the layout all pages share, computed once per build; their hash is part of every page's layout key.
import { createHash } from 'node:crypto';
import { toHtml } from 'hast-util-to-html';
import { DOCSITE_VERSION } from '../../version.js';
import { browserUrl } from '../browser-urls.js';
import { templateSource } from '../template.js';
import type { ContextualOptions } from './contextual-menu.js';
import { h } from 'hastscript';
import { headTags, type MetaTag, sharedHead } from './head-tags.js';
import { brand, globalLinks, themeToggle } from './header.js';
import { THEME_SCRIPT } from './theme-script.js';
import { banner, footer, navbar } from './site-chrome.js';
import { siteStyle } from './site-style.js';
import type { SiteIndex } from './site-index.js';

/** The page template the layout fills. */
export const PAGE_TEMPLATE = 'page.html';

/** What every page's layout reads of the site, as plain data. */
export interface SiteParts {
  name: string;
  /** The header's logo or name, and the navigation's global links, as HTML. */
  brand: string;
  globalLinks: string;
  /** `navbar.links` and `navbar.primary`, as HTML (empty without them). */
  navbar: string;
  /** The light/dark/system toggle, as HTML (empty under `appearance.strict`). */
  themeToggle: string;
  /** The banner, as HTML (empty without one). */
  banner: string;
  /** The footer's content, as HTML. */
  footer: string;
  favicon: string | undefined;
  /** Attributes of `<html>` besides `lang` (appearance, background decoration), as HTML. */
  rootAttributes: string;
  /** `seo.metatags` (and the thumbnail), which a page's own tags of the same name replace (see pageMetaTags). */
  meta: MetaTag[];
  /** Shared `<head>` tags before docsite's stylesheet: the theme script (see THEME_SCRIPT) and the font stylesheet; as HTML. */
  head: string;
  /** After docsite's stylesheet, so they win: the configured look (`<style>`) and the docs folder's stylesheets; as HTML. */
  styles: string;
  /** The docs folder's scripts, after docsite's own; as HTML. */
  scripts: string;
  /** The site's address from `seo.metatags.canonical`, before each page's path. */
  canonicalBase: string | undefined;
  contextual: ContextualOptions;
}

/** The shared parts of `index`'s site. */
export function siteParts(index: SiteIndex): SiteParts {
  const { config } = index.site;
  const favicon = typeof config.favicon === 'string' ? config.favicon : config.favicon?.light;
  const style = siteStyle(config);
  const tags = headTags(index.site);
  const shared = sharedHead(tags);
  const fontStylesheet = style.fontStylesheet ? [h('link', { rel: 'stylesheet', href: style.fontStylesheet })] : [];
  return {
    name: config.name,
    brand: toHtml(brand(config)),
    globalLinks: toHtml(globalLinks(index.site.navigation.global)),
    navbar: toHtml(navbar(config)),
    themeToggle: style.strict ? '' : toHtml(themeToggle()),
    banner: toHtml(banner(config)),
    footer: toHtml(footer(config)),
    favicon: favicon && browserUrl(favicon, 'index', 'image'),
    // `dark` as Mintlify marks dark mode, which the custom CSS of its sites targets (`html:not(.dark) body`); docsite.js sets it by the system setting otherwise.
    rootAttributes: toHtml(
      h('html', {
        className: style.appearance === 'dark' ? ['dark'] : undefined,
        dataAppearance: style.appearance,
        dataAppearanceStrict: style.strict ? '' : undefined,
        dataDecoration: style.decoration,
      }),
    ).slice('<html'.length, -'></html>'.length),
    meta: tags.meta,
    head: toHtml([h('script', THEME_SCRIPT), ...fontStylesheet]),
    styles: toHtml([...(style.css ? [h('style', style.css)] : []), ...shared.stylesheets]),
    scripts: toHtml(shared.scripts),
    canonicalBase: tags.canonicalBase,
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
