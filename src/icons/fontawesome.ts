// Font Awesome Free icons by name and style, each read from its own module of the @fortawesome packages when first asked for.
import { createRequire } from 'node:module';
import type { IconGlyph } from './icon-glyph.js';

const require = createRequire(import.meta.url);

type FreeStyle = 'solid' | 'regular' | 'brands';

const PACKAGES: Record<FreeStyle, string> = {
  solid: '@fortawesome/free-solid-svg-icons',
  regular: '@fortawesome/free-regular-svg-icons',
  brands: '@fortawesome/free-brands-svg-icons',
};

/**
 * The Free styles to look a name up in, nearest first, for each style Mintlify accepts. Free has
 * no light, thin, sharp or duotone: outlined styles fall to regular, filled ones to solid; and a
 * name missing from its style is drawn in another rather than not at all (Free's regular has only
 * ~160 icons), brands last unless asked for (`github` is only a brand).
 */
const STYLE_ORDER: Record<string, FreeStyle[]> = {
  solid: ['solid', 'regular', 'brands'],
  'sharp-solid': ['solid', 'regular', 'brands'],
  duotone: ['solid', 'regular', 'brands'],
  regular: ['regular', 'solid', 'brands'],
  light: ['regular', 'solid', 'brands'],
  thin: ['regular', 'solid', 'brands'],
  brands: ['brands', 'solid', 'regular'],
};
/** Mintlify draws Font Awesome icons in the regular style unless told otherwise. */
const DEFAULT_ORDER = STYLE_ORDER.regular!;

/** The part of an icon module's export this reads: `icon: [width, height, aliases, unicode, svgPathData]`. */
interface IconDefinition {
  icon: [number, number, unknown, string, string | string[]];
}

/** The Font Awesome icon `name` (kebab-case, no `fa-` prefix) in `style` or the nearest Free style that has it. */
export function fontAwesomeGlyph(name: string, style: string | undefined): IconGlyph | undefined {
  const exportName = `fa${name
    .split('-')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('')}`;
  for (const free of (style && STYLE_ORDER[style]) || DEFAULT_ORDER) {
    const definition = loadDefinition(`${PACKAGES[free]}/${exportName}`);
    if (definition) return glyphOf(definition);
  }
  return undefined;
}

function loadDefinition(specifier: string): IconDefinition | undefined {
  try {
    return (require(specifier) as { definition?: IconDefinition }).definition;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'MODULE_NOT_FOUND') return undefined;
    throw error;
  }
}

function glyphOf({ icon: [width, height, , , pathData] }: IconDefinition): IconGlyph {
  // Duotone icons have two paths; Free has none, but a path list is drawn whole.
  const paths = Array.isArray(pathData) ? pathData : [pathData];
  return { viewBox: `0 0 ${width} ${height}`, paint: 'fill', shapes: paths.map((d) => ({ tag: 'path', attributes: { d } })) };
}
