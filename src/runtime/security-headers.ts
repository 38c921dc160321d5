// The headers that keep a served site's pages and files from running script they should not.

/**
 * The Content-Security-Policy of every page. Scripts come only from the site (docsite.js, and the
 * dev reload script): no inline script, no eval, no plugin. Styles may be inline: the template's
 * `<style>` of configured colors and the card grid's `style="--cols: N"` are. Images and media
 * come from anywhere, as pages show them; iframes (the sanitizer keeps only http(s) ones) too.
 * The API playground sends requests from the reader's browser to the API servers its pages name
 * (OpenAPI `servers`, `api.mdx.server`, full URLs in `api`), which may be templated hosts: so any
 * http(s) origin may be reached. Listing them would not stop a leak either, since any image URL
 * may be loaded. Forms post to the site; only the site may frame its pages.
 */
export const PAGE_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  'img-src * data: blob:',
  'media-src *',
  "font-src 'self' data:",
  'frame-src http: https:',
  "connect-src 'self' http: https:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');

/** Headers of every HTML page (the 404 page too). */
export const PAGE_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': PAGE_POLICY,
  'X-Content-Type-Options': 'nosniff',
};

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
