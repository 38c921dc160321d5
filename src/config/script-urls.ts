// URLs that run script when followed or loaded (javascript:, vbscript:, data: documents), as a
// browser reads them, and the check of every URL docs.json holds.
import { diagnostic, type Diagnostic } from '../diagnostics/index.js';
import type { SourceLocator } from './schema-diagnostics.js';

/** Where a URL is used: a link is followed (or submitted, framed); an image is only ever decoded as an image. */
export type UrlUse = 'link' | 'image';

/** Image types a `data:` URL may carry where an image is loaded: decoded as pictures, they run nothing. */
const DATA_IMAGE = /^data:image\/[a-z0-9.+-]+[;,]/;

/**
 * The scheme of `url` when a browser would run it as script or open it as a document: `javascript`,
 * `vbscript`, or `data` (except an image's `data:image/…` where `use` is `image`); undefined for
 * any other URL. The URL is read as a browser reads it: character references decoded (an HTML
 * attribute holds `&#106;avascript:`), C0 controls and spaces dropped (they are stripped around
 * a URL, and tabs and newlines anywhere in it: `java\tscript:`), and the scheme in any case.
 */
export function scriptUrlScheme(url: string, use: UrlUse = 'link'): string | undefined {
  const compact = decodeReferences(url)
    .replace(/[\u0000-\u0020\u007f-\u009f]+/g, '')
    .toLowerCase();
  const scheme = /^([a-z][a-z0-9+.-]*):/.exec(compact)?.[1];
  if (scheme === 'javascript' || scheme === 'vbscript') return scheme;
  if (scheme === 'data' && !(use === 'image' && DATA_IMAGE.test(compact))) return scheme;
  return undefined;
}

/** Named references a script URL can be spelt with; numeric ones are decoded whatever they name. */
const NAMED: Readonly<Record<string, string>> = { colon: ':', tab: '\t', newline: '\n', nbsp: ' ', amp: '&' };

function decodeReferences(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(?:#x([0-9a-f]+)|#(\d+)|([a-z]+));?/gi, (whole, hex: string | undefined, decimal: string | undefined, name: string | undefined) => {
    if (name !== undefined) return NAMED[name.toLowerCase()] ?? whole;
    const code = hex !== undefined ? parseInt(hex, 16) : Number(decimal);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
  });
}

/** docs.json keys whose string values (or lists of them) are URLs followed as links. */
const LINK_KEYS: ReadonlySet<string> = new Set(['href', 'url', 'destination', 'link', 'server']);
/** docs.json keys whose string values are images (logo, favicon, icons, their themed variants). */
const IMAGE_KEYS: ReadonlySet<string> = new Set(['logo', 'favicon', 'light', 'dark', 'icon', 'image']);
/** docs.json objects every value of which is a link, whatever its key (`footer.socials`: `{"x": "https://x.com/acme"}`). */
const LINK_MAPS: ReadonlySet<string> = new Set(['socials']);

/**
 * Reports every URL of docs.json (`value`, as parsed) that runs script: links and images wherever
 * they sit (navigation anchors and tabs, contextual options, redirect destinations, logo and
 * favicon, navbar and footer), each at its line in `file`.
 */
export function configScriptUrls(value: unknown, locator: SourceLocator, file: string): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  // An explicit stack: docs.json may nest deeper than the call stack goes.
  const stack: { value: unknown; path: (string | number)[]; use: UrlUse | undefined }[] = [{ value, path: [], use: undefined }];
  while (stack.length > 0) {
    const { value, path, use } = stack.pop()!;
    if (typeof value === 'string') {
      const scheme = use && scriptUrlScheme(value, use);
      if (scheme)
        diagnostics.push(
          diagnostic(
            'link/script-url',
            file,
            locator.locate(path, 'value'),
            `${jsonPath(path)} is a ${scheme}: URL, which runs script in the reader's browser.`,
          ),
        );
    } else if (Array.isArray(value)) {
      for (const [i, item] of value.entries()) stack.push({ value: item, path: [...path, i], use });
    } else if (value !== null && typeof value === 'object') {
      const linkMap = LINK_MAPS.has(String(path.at(-1)));
      for (const [key, item] of Object.entries(value)) {
        const itemUse = linkMap || LINK_KEYS.has(key) ? 'link' : IMAGE_KEYS.has(key) ? 'image' : undefined;
        stack.push({ value: item, path: [...path, key], use: itemUse });
      }
    }
  }
  return diagnostics;
}

/** `["navigation", "global", "anchors", 1, "href"]` as `navigation.global.anchors[1].href`. */
function jsonPath(path: readonly (string | number)[]): string {
  return path.map((part, i) => (typeof part === 'number' ? `[${part}]` : i === 0 ? part : `.${part}`)).join('');
}
