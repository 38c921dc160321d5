// Cards and their grids: Card (a link when it has `href`), Tile, GitHub.Repo, CardGroup, Columns and Column.
import { h } from 'hastscript';
import { safeUrl, text } from '../jsx-props.js';
import type { ComponentRenderer } from '../render-context.js';
import { icon, propIcon } from './icon.js';

const card: ComponentRenderer = (props, children, _node, context) => {
  const href = safeUrl(text(props, 'href'));
  const title = text(props, 'title');
  const image = safeUrl(text(props, 'img'), 'image');
  const body = [
    ...(image ? [h('img', { className: ['card-image'], src: image, alt: '' })] : []),
    ...propIcon(props, context.iconLibrary),
    ...(title ? [h('p', { className: ['card-title'] }, title)] : []),
    h('div', { className: ['card-body'] }, children),
    ...(href && text(props, 'cta') ? [h('span', { className: ['card-cta'] }, text(props, 'cta')!)] : []),
  ];
  return href ? h('a', { className: ['card'], href }, body) : h('div', { className: ['card'] }, body);
};

/** A tile: a preview (its children) above a title and description, a link to `href`. */
const tile: ComponentRenderer = (props, children) => {
  const href = safeUrl(text(props, 'href'));
  const body = [
    h('div', { className: ['tile-preview'] }, children),
    ...(text(props, 'title') ? [h('p', { className: ['card-title'] }, text(props, 'title')!)] : []),
    ...(text(props, 'description') ? [h('p', { className: ['tile-description'] }, text(props, 'description')!)] : []),
  ];
  return href ? h('a', { className: ['card', 'tile'], href }, body) : h('div', { className: ['card', 'tile'] }, body);
};

/** A repository card: its `owner/name` linking to GitHub (no live data: the build fetches nothing). */
const githubRepo: ComponentRenderer = (props) => {
  const repo = text(props, 'repo');
  if (!repo || !/^[\w.-]+\/[\w.-]+$/.test(repo)) return [];
  const logo = icon({ name: 'github', style: 'brands', library: 'fontawesome' }, 'fontawesome');
  return h('a', { className: ['card', 'github-repo'], href: `https://github.com/${repo}` }, [
    ...(logo ? [logo] : []),
    h('p', { className: ['card-title'] }, repo),
  ]);
};

const column: ComponentRenderer = (_props, children) => h('div', { className: ['column'] }, children);

const grid: ComponentRenderer = (props, children) => {
  const cols = Math.min(4, Math.max(1, Math.trunc(Number(props.cols ?? 2)) || 2));
  return h('div', { className: ['card-group'], style: `--cols: ${cols}` }, children);
};

export const cards: Record<string, ComponentRenderer> = { Card: card, Tile: tile, 'GitHub.Repo': githubRepo, CardGroup: grid, Columns: grid, Column: column };
