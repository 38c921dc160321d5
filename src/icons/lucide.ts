// Lucide icons by name, each read from its SVG file in lucide-static when first asked for.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { ICON_SHAPE_TAGS, type IconGlyph, type IconShape } from './icon-glyph.js';

const require = createRequire(import.meta.url);

/** One shape element of a lucide-static file (they are generated: one self-closing element a line, double-quoted attributes). */
const SHAPE = /<([a-z]+)((?:\s+[a-z][a-z0-9-]*="[^"]*")*)\s*\/>/g;
const ATTRIBUTE = /([a-z][a-z0-9-]*)="([^"]*)"/g;

let iconsFolder: string | undefined;

/** The Lucide icon `name` (kebab-case, as lucide.dev lists it, or one of its aliases), or undefined when Lucide has none. */
export function lucideGlyph(name: string): IconGlyph | undefined {
  iconsFolder ??= join(dirname(require.resolve('lucide-static/package.json')), 'icons');
  let svg: string;
  try {
    svg = readFileSync(join(iconsFolder, `${name}.svg`), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const shapes: IconShape[] = [];
  for (const [, tag, attributes] of svg.matchAll(SHAPE)) {
    if (!ICON_SHAPE_TAGS.includes(tag as IconShape['tag'])) continue;
    shapes.push({ tag: tag as IconShape['tag'], attributes: Object.fromEntries([...attributes!.matchAll(ATTRIBUTE)].map(([, key, value]) => [key!, value!])) });
  }
  return { viewBox: '0 0 24 24', paint: 'stroke', shapes };
}
