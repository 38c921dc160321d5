// Looks an icon up by name in its library, once per name per thread.
import { fontAwesomeGlyph } from './fontawesome.js';
import type { IconGlyph, IconLibrary, IconRequest } from './icon-glyph.js';
import { lucideGlyph } from './lucide.js';

/** An icon name as the libraries spell their files: lower-case words and digits joined by hyphens (nothing that could leave a folder). */
const ICON_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Glyphs found (or not: null) so far in this thread, by library, style and name. */
const found = new Map<string, IconGlyph | null>();

/**
 * The glyph of `request` from its library (else `library`, the site's), then from the other one,
 * or undefined when neither has such an icon. The other library is asked because sites name
 * icons it alone has: Lucide has no brand logos, so a Lucide site's `github` is Font Awesome's.
 * Font Awesome names may be written with the `fa-` prefix, as Mintlify accepts them; names are
 * matched without regard to case.
 */
export function findIcon(request: IconRequest, library: IconLibrary = 'fontawesome'): IconGlyph | undefined {
  const first = request.library ?? library;
  const other: IconLibrary = first === 'fontawesome' ? 'lucide' : 'fontawesome';
  return findIn(first, request) ?? findIn(other, request);
}

function findIn(from: IconLibrary, request: IconRequest): IconGlyph | undefined {
  const lower = request.name.trim().toLowerCase();
  const name = from === 'fontawesome' ? lower.replace(/^fa-/, '') : lower;
  if (!ICON_NAME.test(name)) return undefined;
  const key = `${from}\0${from === 'fontawesome' ? (request.style ?? '') : ''}\0${name}`;
  let glyph = found.get(key);
  if (glyph === undefined) {
    glyph = (from === 'fontawesome' ? fontAwesomeGlyph(name, request.style) : lucideGlyph(name)) ?? null;
    found.set(key, glyph);
  }
  return glyph ?? undefined;
}

/**
 * Whether an icon value names an image rather than an icon: a URL, or a path to a file in the
 * docs folder (`/images/logo.svg`, `icons/star.png`), which Mintlify accepts wherever an icon goes.
 */
export function isImageIcon(value: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(value) || value.includes('/') || /\.(svg|png|jpe?g|gif|webp|avif|ico)$/i.test(value);
}
