// Color: swatches of a palette, compact or as a table of labelled rows.
import { h } from 'hastscript';
import { text } from '../jsx-props.js';
import type { ComponentRenderer } from '../render-context.js';

const color: ComponentRenderer = (props, children) =>
  h('div', { className: ['color', `color-${text(props, 'variant') === 'table' ? 'table' : 'compact'}`] }, children);

const row: ComponentRenderer = (props, children) =>
  h('div', { className: ['color-row'] }, [...(text(props, 'title') ? [h('p', { className: ['color-row-title'] }, text(props, 'title')!)] : []), ...children]);

/** Colour values a swatch may paint (the sanitizer allows its `style` only for these): hex, rgb(a), hsl(a). */
export const SWATCH = /^(#[0-9a-fA-F]{3,8}|(rgb|hsl)a?\([\d\s.,%/]+\))$/;

/**
 * A swatch shows its value as text (the sanitizer allows no inline colour); `value` may be a
 * `{ light, dark }` object, which is not read (docsite evaluates no expression) and shows its name only.
 */
const item: ComponentRenderer = (props) => {
  const value = text(props, 'value');
  return h('div', { className: ['color-item'] }, [
    ...(value && SWATCH.test(value) ? [h('span', { className: ['color-swatch'], style: `--swatch: ${value}`, ariaHidden: 'true' })] : []),
    ...(text(props, 'name') ? [h('span', { className: ['color-name'] }, text(props, 'name')!)] : []),
    ...(value ? [h('code', { className: ['color-value'] }, value)] : []),
  ]);
};

export const colorComponents: Record<string, ComponentRenderer> = { Color: color, 'Color.Row': row, 'Color.Item': item };
