// Cards and their grids: Card (a link when it has `href`), CardGroup and Columns.
import { h } from 'hastscript';
import { safeUrl, text } from '../jsx-props.js';
import type { ComponentRenderer } from '../render-context.js';
import { icon } from './icon.js';

const card: ComponentRenderer = (props, children) => {
  const href = safeUrl(text(props, 'href'));
  const title = text(props, 'title');
  const image = safeUrl(text(props, 'img'), 'image');
  const body = [
    ...(image ? [h('img', { className: ['card-image'], src: image, alt: '' })] : []),
    ...(text(props, 'icon') ? [icon(text(props, 'icon')!)] : []),
    ...(title ? [h('p', { className: ['card-title'] }, title)] : []),
    h('div', { className: ['card-body'] }, children),
    ...(href && text(props, 'cta') ? [h('span', { className: ['card-cta'] }, text(props, 'cta')!)] : []),
  ];
  return href ? h('a', { className: ['card'], href }, body) : h('div', { className: ['card'] }, body);
};

const grid: ComponentRenderer = (props, children) => {
  const cols = Math.min(4, Math.max(1, Math.trunc(Number(props.cols ?? 2)) || 2));
  return h('div', { className: ['card-group'], style: `--cols: ${cols}` }, children);
};

export const cards: Record<string, ComponentRenderer> = { Card: card, CardGroup: grid, Columns: grid };
