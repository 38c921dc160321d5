// The headers that keep a served site's pages and files from running script they should not.
import { THEME_SCRIPT_HASH, type FontOrigins } from '../render/index.js';

/**
 * The Content-Security-Policy of every page. Scripts come only from the site (docsite.js, the
 * docs folder's own .js files, and the dev reload script), from the origins those .js files load
 * scripts from (`allowed.scripts`, see readCustomScripts: a widget a site adds as Mintlify
 * documents it), the inline event handlers those files write into markup, each by its hash
 * (`allowed.handlers`, 'unsafe-hashes': a cookie banner's `onclick="accept()"`), and the one
 * inline script that applies the reader's theme before the first paint, by its hash: no other
 * inline script, no eval, no plugin.
 * Styles may be inline: the template's `<style>` of the configured look and the card grid's
 * `style="--cols: N"` are. Fonts come from the site, and from the origins docs.json's `fonts`
 * names (`allowed.fonts`: Google Fonts' stylesheet and files, a `source` URL's host), nothing wider.
 * Images and media come from anywhere, as pages show them; iframes (the sanitizer keeps only
 * http(s) ones) too. The API playground sends through the site's own proxy ('self'), or, with
 * `api.playground.proxy: false`, from the reader's browser to the API servers its pages name
 * (OpenAPI `servers`, `api.mdx.server`, full URLs in `api`), which may be templated hosts: so any
 * http(s) origin may be reached. Listing them would not stop a leak either, since any image URL may be loaded. Forms post to the site; only the site may frame its pages.
 */
export function pagePolicy(allowed: PageAllowances = {}): string {
  const fontOrigins = allowed.fonts ?? NO_FONT_ORIGINS;
  const handlers = allowed.handlers?.length ? ["'unsafe-hashes'", ...allowed.handlers] : [];
  return [
    "default-src 'self'",
    ["script-src 'self'", THEME_SCRIPT_HASH, ...(allowed.scripts ?? []), ...handlers].join(' '),
    ["style-src 'self' 'unsafe-inline'", ...fontOrigins.style].join(' '),
    'img-src * data: blob:',
    'media-src *',
    ["font-src 'self' data:", ...fontOrigins.font].join(' '),
    'frame-src http: https:',
    "connect-src 'self' http: https:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}

const NO_FONT_ORIGINS: FontOrigins = { style: [], font: [] };

/** What a site's pages load from beyond the site itself, as its bundle manifest lists it. */
export interface PageAllowances {
  /** Origins of its fonts. */
  fonts?: FontOrigins | undefined;
  /** Origins its own scripts load scripts from. */
  scripts?: readonly string[] | undefined;
  /** Hashes of the inline event handlers its own scripts write. */
  handlers?: readonly string[] | undefined;
}

/** Headers of every HTML page (the 404 page too) of a site that also loads what `allowed` lists. */
export function pageHeaders(allowed?: PageAllowances): Readonly<Record<string, string>> {
  return { 'Content-Security-Policy': pagePolicy(allowed), 'X-Content-Type-Options': 'nosniff' };
}

/** Headers of docsite's own pages, which load no configured font (the dev server's error page). */
export const PAGE_HEADERS: Readonly<Record<string, string>> = pageHeaders();

/**
 * Headers of every other file served from the bundle (images, SVG, custom files, docsite's CSS
 * and script). Opened by itself, an SVG or HTML file is a document of the site's origin: the
 * sandbox gives it an origin of its own and no script runs in it. Loaded by a page (`<img>`, a
 * stylesheet, a script) the policy does not apply. `nosniff` keeps a file what its type says.
 */
export const ASSET_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': "script-src 'none'; sandbox",
  'X-Content-Type-Options': 'nosniff',
};
