// Icons by name (Font Awesome / Lucide names, as docs.json and pages write them).
import type { Element } from 'hast';
import { h } from 'hastscript';
import { text } from '../jsx-props.js';
import type { ComponentRenderer } from '../render-context.js';

/**
 * A named icon as a decorative span; the stylesheet draws a neutral glyph. Names are kept in
 * `data-icon` (and a Font Awesome style in `data-icon-type`) so a theme can map them to an icon
 * font without changing the HTML.
 */
export function icon(name: string, type?: string): Element {
  return h('span', { className: ['icon'], dataIcon: name, ...(type ? { dataIconType: type } : {}), ariaHidden: 'true' });
}

export const iconComponent: ComponentRenderer = (props) => {
  const name = text(props, 'icon');
  return name ? icon(name) : [];
};
