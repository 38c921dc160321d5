// Icons drawn as inline SVG at build time (Font Awesome Free or Lucide, see src/icons), or an image when the icon is a URL or path.
import type { Element } from 'hast';
import { h, s } from 'hastscript';
import { FALLBACK_GLYPH, findIcon, type IconGlyph, type IconLibrary, type IconRequest, isImageIcon } from '../../icons/index.js';
import { safeUrl, text, type PropValue } from '../jsx-props.js';
import type { ComponentRenderer } from '../render-context.js';
import { SWATCH } from './color.js';

/** How an `<Icon>` may differ from the text around it: a size in pixels and a colour (a hex, rgb() or hsl() value). */
export interface IconLook {
  size?: number | undefined;
  color?: string | undefined;
}

/** Paint attributes of each kind of glyph: Font Awesome fills, Lucide strokes (at its own 2 px on a 24 grid). */
const PAINT: Record<IconGlyph['paint'], Record<string, string>> = {
  fill: { fill: 'currentColor' },
  stroke: { fill: 'none', stroke: 'currentColor', strokeWidth: '2', strokeLineCap: 'round', strokeLineJoin: 'round' },
};

/**
 * `request` drawn as a decorative inline `<svg class="icon">` (sized by the stylesheet, in the
 * text's colour unless `look` says otherwise), looked up in its library or the site's `library`.
 * A URL or path is an `<img>` (none when the URL would run script); a name the library lacks
 * draws a neutral square (validate warns: render/unknown-icon).
 */
export function icon(request: IconRequest, library: IconLibrary, look: IconLook = {}): Element | undefined {
  const size = look.size && look.size > 0 ? { width: String(look.size), height: String(look.size) } : {};
  if (isImageIcon(request.name)) {
    const src = safeUrl(request.name, 'image');
    return src ? h('img', { className: ['icon', 'icon-image'], src, alt: '', ...size }) : undefined;
  }
  const found = findIcon(request, library);
  const glyph = found ?? FALLBACK_GLYPH;
  const color = look.color && SWATCH.test(look.color) ? look.color : undefined;
  const paint = { ...PAINT[glyph.paint], ...(color ? { [glyph.paint]: color } : {}) };
  return s(
    'svg',
    { className: found ? ['icon'] : ['icon', 'icon-unknown'], viewBox: glyph.viewBox, ...paint, ...size, ariaHidden: 'true' },
    glyph.shapes.map((shape) => s(shape.tag, shape.attributes)),
  );
}

/**
 * The icon a component's `icon` prop names (in the style of its `iconType`, the colour of its
 * `color`, as a Card has them), as a list to spread into its children: empty without one.
 */
export function propIcon(props: Record<string, PropValue>, library: IconLibrary): Element[] {
  const name = text(props, 'icon');
  const drawn = name ? icon({ name, style: text(props, 'iconType') }, library, { color: text(props, 'color') }) : undefined;
  return drawn ? [drawn] : [];
}

/** `<Icon icon="flag" iconType="solid" size={32} color="#FF5733" />`, or `<Icon src="/images/logo.svg" />`. */
export const iconComponent: ComponentRenderer = (props, _children, _node, context) => {
  const name = text(props, 'icon') ?? text(props, 'src');
  const size = typeof props.size === 'number' ? props.size : Number(text(props, 'size'));
  const drawn = name ? icon({ name, style: text(props, 'iconType') }, context.iconLibrary, { size, color: text(props, 'color') }) : undefined;
  return drawn ?? [];
};
