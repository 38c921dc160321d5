// Icons by name (Font Awesome / Lucide names, as docs.json and pages write them).
import type { Element } from 'hast';
import { h } from 'hastscript';
import { text } from '../jsx-props.js';
import type { ComponentRenderer } from '../render-context.js';

/**
 * A named icon as a decorative span; the stylesheet draws a neutral glyph. Names are kept in
 * `data-icon` so a theme can map them to an icon font without changing the HTML.
 */
export function icon(name: string): Element {
  return h('span', { className: ['icon'], dataIcon: name, ariaHidden: 'true' });
}

export const iconComponent: ComponentRenderer = (props) => {
  const name = text(props, 'icon');
  return name ? icon(name) : [];
};
