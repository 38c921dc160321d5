// What docs.json and the docs folder put in every page's <head>: meta tags, the canonical URL,
// the social preview image, and the folder's own stylesheets and scripts.
import type { ElementContent } from 'hast';
import { h } from 'hastscript';
import type { DocsConfig } from '../../config/index.js';
import { encodedUrl, pageIncludes, type SiteModel } from '../../site/index.js';
import { browserUrl } from '../browser-urls.js';
import { isObject } from './config-values.js';

/** A `<meta>` of `seo.metatags`: Open Graph ones (`og:`, `article:`) by `property`, the others by `name`. */
export interface MetaTag {
  attribute: 'name' | 'property';
  key: string;
  content: string;
}

/** The head tags every page shares, and what each page's own (the canonical URL) is made from. */
export interface HeadTags {
  meta: MetaTag[];
  /** `seo.metatags.canonical`: the site's address, before each page's path. */
  canonicalBase: string | undefined;
  /** Stylesheets and scripts of the docs folder, as URLs from the site root, in path order. */
  stylesheets: string[];
  scripts: string[];
}

const OPEN_GRAPH = /^(og|article|book|profile|video|music):/i;
const META_NAME = /^[\w:.-]+$/;

/** The head tags of `site`. Values are text: the layout writes them as escaped attributes. */
export function headTags(site: SiteModel): HeadTags {
  const { config } = site;
  const given = isObject(config.seo?.metatags) ? config.seo.metatags : {};
  const meta: MetaTag[] = [];
  let canonicalBase: string | undefined;
  for (const [key, content] of Object.entries(given)) {
    // A name is a word such as `og:site_name` or `google-site-verification`; anything else is no meta tag a reader's browser or a crawler knows.
    if (typeof content !== 'string' || !META_NAME.test(key)) continue;
    if (key === 'canonical') {
      // A page's canonical URL is the site's address and its path (Mintlify builds it from the page URL).
      if (/^https?:\/\/[^/]/i.test(content)) canonicalBase = content.replace(/\/+$/, '');
      continue;
    }
    meta.push(metaTag(key, content));
  }
  const thumbnail = thumbnailUrl(config, canonicalBase);
  if (thumbnail && !meta.some((tag) => tag.key === 'og:image')) meta.push({ attribute: 'property', key: 'og:image', content: thumbnail });
  const urls = (kind: 'css' | 'js'): string[] => pageIncludes(site.files, kind).map((file) => encodedUrl(`/${file}`));
  return { meta, canonicalBase, stylesheets: urls('css'), scripts: urls('js') };
}

/** `thumbnails.background` as the social preview image: absolute when the site's address is known. */
function thumbnailUrl(config: DocsConfig, canonicalBase: string | undefined): string | undefined {
  const background = isObject(config.thumbnails) ? config.thumbnails.background : undefined;
  if (typeof background !== 'string' || background === '' || background.startsWith('//')) return undefined;
  if (/^https?:\/\//i.test(background)) return background;
  if (/^[a-z][a-z0-9+.-]*:/i.test(background)) return undefined;
  const path = browserUrl(background, 'index', 'image');
  return canonicalBase ? `${canonicalBase}${path}` : path;
}

/** A meta tag: Open Graph names are properties, Twitter's and the others are names, as their specifications write them. */
export function metaTag(key: string, content: string): MetaTag {
  return { attribute: OPEN_GRAPH.test(key) ? 'property' : 'name', key, content };
}

/**
 * The meta tags of a page: its own (frontmatter `og:*`, `twitter:*`, keywords), then the site's
 * (`seo.metatags`) it does not set itself, so a page's preview title or image wins over the site's.
 */
export function pageMetaTags(site: readonly MetaTag[], own: readonly MetaTag[]): MetaTag[] {
  const set = new Set(own.map((tag) => tag.key.toLowerCase()));
  return [...own, ...site.filter((tag) => !set.has(tag.key.toLowerCase()))];
}

/** The shared head tags as elements: meta tags and the folder's stylesheets (placed after docsite's, so they win). */
export function sharedHead(tags: HeadTags): { stylesheets: ElementContent[]; scripts: ElementContent[] } {
  return {
    stylesheets: tags.stylesheets.map((href) => h('link', { rel: 'stylesheet', href })),
    scripts: tags.scripts.map((src) => h('script', { src, defer: true })),
  };
}

/** The canonical URL of the page at `url` (a page URL: `/`, `/guides/setup`) on the site at `base`. */
export function canonicalUrl(base: string | undefined, url: string): string | undefined {
  return base === undefined ? undefined : `${base}${encodedUrl(url)}`;
}
