// docs.json's look as CSS: colors, background and fonts, and the origins the fonts are loaded from.
import type { DocsConfig, FontConfig } from '../../config/index.js';
import { browserUrl } from '../browser-urls.js';
import { isObject } from './config-values.js';
import { hexOf, parseColor, readableShade } from './readable-color.js';

/** Origins a site's pages load fonts from, beyond the site itself: the Content-Security-Policy names exactly these. */
export interface FontOrigins {
  /** Font stylesheets (Google Fonts' CSS). */
  style: string[];
  /** Font files. */
  font: string[];
}

/** What docs.json says of a site's look, ready for every page. */
export interface SiteStyle {
  /** CSS placed after docsite.css: the `--site-*` properties it reads, `@font-face` rules and font settings. Empty without any. */
  css: string;
  /** The Google Fonts stylesheet of the fonts named without a `source`. */
  fontStylesheet: string | undefined;
  fontOrigins: FontOrigins;
  /** `appearance.default` when it is not the reader's system setting. */
  appearance: 'light' | 'dark' | undefined;
  /** `appearance.strict`: readers may not change the appearance (no toggle). */
  strict: boolean;
  /** `background.decoration`, drawn when no background image is set. */
  decoration: 'gradient' | 'grid' | 'windows' | undefined;
}

const GOOGLE_FONTS_CSS = 'https://fonts.googleapis.com';
const GOOGLE_FONTS_FILES = 'https://fonts.gstatic.com';
const FALLBACK_FONTS = 'system-ui,sans-serif';

/** A color CSS can take as it is: hex, `rgb()`/`hsl()` of numbers, or a name. Anything else is left out (it could close the rule). */
const SAFE_COLOR = /^(#[0-9a-f]{3,8}|(rgb|hsl)a?\([\d\s.,%/]+\)|[a-z]+)$/i;

/** The look of `config`'s site. Values CSS could not take safely (a color that is not one, a `//host` image) are left out. */
export function siteStyle(config: DocsConfig): SiteStyle {
  const properties: string[] = [];
  const property = (name: string, value: string | undefined): void => {
    if (value !== undefined) properties.push(`--site-${name}:${value}`);
  };
  const background = isObject(config.background) ? config.background : {};
  const bgColor = isObject(background.color) ? background.color : {};
  const bgLight = color(bgColor.light);
  const bgDark = color(bgColor.dark);
  // Only a primary color: it is every color (as Mintlify does). Each is kept as written unless it
  // is unreadable where it is used: then its nearest readable shade takes its place.
  const primary = color(config.colors?.primary);
  const light = color(config.colors?.light) ?? primary;
  const dark = color(config.colors?.dark) ?? primary;
  property('primary', primary && readable(primary, [bgLight ?? PAGE_BACKGROUNDS.light, ...PAGE_BACKGROUNDS.lightPanels]));
  property('light', light && readable(light, [bgDark ?? PAGE_BACKGROUNDS.dark, ...PAGE_BACKGROUNDS.darkPanels]));
  property('dark', dark && readable(dark, [BUTTON_TEXT]));
  property('bg-light', bgLight);
  property('bg-dark', bgDark);
  const image = typeof background.image === 'string' ? { light: background.image, dark: background.image } : isObject(background.image) ? background.image : {};
  const imageLight = cssUrl(image.light);
  const imageDark = cssUrl(image.dark) ?? imageLight;
  property('bg-image-light', imageLight);
  property('bg-image-dark', imageDark);
  const fonts = siteFonts(config.fonts);
  const decoration = ['gradient', 'grid', 'windows'].includes(background.decoration as string) && !imageLight ? background.decoration : undefined;
  const appearance = config.appearance?.default;
  return {
    css: `${properties.length > 0 ? `:root{${properties.join(';')}}` : ''}${fonts.css}`,
    fontStylesheet: fonts.stylesheet,
    fontOrigins: fonts.origins,
    appearance: appearance === 'light' || appearance === 'dark' ? appearance : undefined,
    strict: config.appearance?.strict === true,
    decoration,
  };
}

/** The fonts of docs.json's `fonts`: `heading` and `body` each take the top-level font's settings they do not set. */
function siteFonts(fonts: DocsConfig['fonts']): { css: string; stylesheet: string | undefined; origins: FontOrigins } {
  if (!isObject(fonts)) return { css: '', stylesheet: undefined, origins: { style: [], font: [] } };
  const { heading, body, ...shared } = fonts;
  const bodyFont = usableFont({ ...shared, ...(isObject(body) ? body : {}) });
  const headingFont = usableFont({ ...shared, ...(isObject(heading) ? heading : {}) });
  const google = new Set<string>();
  const faces = new Set<string>();
  const fileOrigins = new Set<string>();
  for (const font of [bodyFont, headingFont]) {
    if (!font) continue;
    if (font.source === undefined) {
      google.add(`family=${encodeURIComponent(font.family).replace(/%20/g, '+')}${font.weight === undefined ? '' : `:wght@${font.weight}`}`);
      continue;
    }
    const format = font.format ?? (/\.woff$/i.test(font.source) ? 'woff' : 'woff2');
    const weight = font.weight === undefined ? '' : `;font-weight:${font.weight}`;
    faces.add(`@font-face{font-family:${cssString(font.family)};src:url(${cssString(font.source)}) format("${format}")${weight}}`);
    if (/^https?:\/\//i.test(font.source)) fileOrigins.add(new URL(font.source).origin);
  }
  let css = [...faces].join('');
  if (bodyFont) {
    css += `:root{--font:${cssString(bodyFont.family)},${FALLBACK_FONTS}}`;
    if (bodyFont.weight !== undefined) css += `body{font-weight:${bodyFont.weight}}`;
  }
  if (headingFont) {
    const weight = headingFont.weight === undefined ? '' : `;font-weight:${headingFont.weight}`;
    css += `h1,h2,h3,h4,h5,h6{font-family:${cssString(headingFont.family)},var(--font)${weight}}`;
  }
  return {
    css,
    stylesheet: google.size > 0 ? `${GOOGLE_FONTS_CSS}/css2?${[...google].join('&')}&display=swap` : undefined,
    origins: { style: google.size > 0 ? [GOOGLE_FONTS_CSS] : [], font: [...(google.size > 0 ? [GOOGLE_FONTS_FILES] : []), ...fileOrigins] },
  };
}

interface UsableFont {
  family: string;
  weight: number | undefined;
  /** The font file's URL, absolute http(s) or from the site root; undefined: a Google font. */
  source: string | undefined;
  format: 'woff' | 'woff2' | undefined;
}

/** `font` when it names a family; a weight that is not a number and a source that is not a usable URL are dropped. */
function usableFont(font: FontConfig): UsableFont | undefined {
  if (typeof font.family !== 'string' || font.family.trim() === '') return undefined;
  const weight = typeof font.weight === 'number' && Number.isFinite(font.weight) && font.weight > 0 && font.weight <= 1000 ? font.weight : undefined;
  const format = font.format === 'woff' || font.format === 'woff2' ? font.format : undefined;
  return { family: font.family.trim(), weight, source: siteOrWebUrl(font.source), format };
}

/** `url` when it is an http(s) URL or a path of the site (browser-ready), else undefined: never `//host`, `data:` or script. */
function siteOrWebUrl(url: unknown): string | undefined {
  if (typeof url !== 'string' || url === '' || url.startsWith('//')) return undefined;
  if (/^https?:\/\//i.test(url)) return url;
  if (/^[a-z][a-z0-9+.-]*:/i.test(url)) return undefined;
  return browserUrl(url, 'index', 'image');
}

/** `url("…")` of an image of the site or the web, or undefined. */
function cssUrl(url: unknown): string | undefined {
  const usable = siteOrWebUrl(url);
  return usable === undefined ? undefined : `url(${cssString(usable)})`;
}

/**
 * docsite.css's page background where the site sets none, and its panels' (--bg-soft, --code-bg),
 * light and dark: the primary color is text on the light ones (links, field names), the light
 * color on the dark ones.
 */
const PAGE_BACKGROUNDS = { light: '#ffffff', lightPanels: ['#f6f7f9', '#f3f4f6'], dark: '#0d1117', darkPanels: ['#161b22'] };
/** The text on the dark color: buttons and the banner are filled with it. */
const BUTTON_TEXT = '#ffffff';

/** `value` when it reaches a text's contrast against each of `backgrounds`, else its nearest shade that does. Colors this cannot measure (names, hsl()) are kept. */
function readable(value: string, backgrounds: string[]): string {
  const rgb = parseColor(value);
  const measured = backgrounds.map(parseColor).filter((background) => background !== undefined);
  if (!rgb || measured.length === 0) return value;
  const shade = readableShade(rgb, measured);
  return shade === rgb ? value : hexOf(shade);
}

function color(value: unknown): string | undefined {
  return typeof value === 'string' && SAFE_COLOR.test(value.trim()) ? value.trim() : undefined;
}

/**
 * `text` as a CSS string. Quotes, backslashes, line breaks and angle brackets are written as
 * escapes, so no value can end the string, the rule, or the `<style>` element around it.
 */
export function cssString(text: string): string {
  return `"${text.replace(/[\\"<>\u0000-\u001f\u007f]/g, (c) => `\\${c.charCodeAt(0).toString(16)} `)}"`;
}
