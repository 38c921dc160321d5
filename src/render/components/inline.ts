// Small inline and layout components: Frame, Tooltip, Badge, Update, Panel, Snippet, Icon, Link.
import { h } from 'hastscript';
import { safeUrl, text } from '../jsx-props.js';
import type { ComponentRenderer } from '../render-context.js';
import { iconComponent } from './icon.js';

const frame: ComponentRenderer = (props, children) => {
  const caption = text(props, 'caption');
  return h('figure', { className: ['frame'] }, [h('div', { className: ['frame-body'] }, children), ...(caption ? [h('figcaption', caption)] : [])]);
};

const tooltip: ComponentRenderer = (props, children) => h('abbr', { className: ['tooltip'], title: text(props, 'tip') ?? '' }, children);

const badge: ComponentRenderer = (_props, children) => h('span', { className: ['badge'] }, children);

const update: ComponentRenderer = (props, children) =>
  h('section', { className: ['update'], id: text(props, 'id') }, [
    h('div', { className: ['update-meta'] }, [
      ...(text(props, 'label') ? [h('span', { className: ['update-label'] }, text(props, 'label')!)] : []),
      ...(text(props, 'description') ? [h('span', { className: ['update-description'] }, text(props, 'description')!)] : []),
    ]),
    h('div', { className: ['update-body'] }, children),
  ]);

/** A side panel's content; shown in the page flow, where it reads the same on any width. */
const panel: ComponentRenderer = (_props, children) => h('aside', { className: ['panel'] }, children);

/** A snippet's children are its content; docsite renders them in place. */
const snippet: ComponentRenderer = (_props, children) => children;

/** Mintlify's pages may use its Link (next/link) as they use `<a>`. */
const link: ComponentRenderer = (props, children) => h('a', { href: safeUrl(text(props, 'href')) }, children);

export const inlineComponents: Record<string, ComponentRenderer> = {
  Frame: frame,
  Tooltip: tooltip,
  Badge: badge,
  Update: update,
  Panel: panel,
  Snippet: snippet,
  Icon: iconComponent,
  Link: link,
};
