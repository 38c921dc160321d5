// Icons: Font Awesome Free and Lucide glyphs by name, for the renderer to draw and validate to check.
export { findIcon, isImageIcon } from './find-icon.js';
export { FALLBACK_GLYPH, ICON_SHAPE_TAGS, type IconGlyph, type IconLibrary, type IconRequest, type IconShape } from './icon-glyph.js';
