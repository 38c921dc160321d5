// Callouts: Note, Tip, Warning, Info, Check, Danger and the generic Callout, as labelled asides with their icons.
import type { IconRequest } from '../../icons/index.js';
import { h } from 'hastscript';
import { text } from '../jsx-props.js';
import type { ComponentRenderer } from '../render-context.js';
import { icon } from './icon.js';

/**
 * Each callout's label and icon, as Mintlify draws them: fixed Font Awesome glyphs whatever the
 * site's library (Note and Info differ, as there). A generic Callout draws its own `icon`.
 */
const KINDS = {
  Note: { label: 'Note', icon: 'circle-info' },
  Info: { label: 'Info', icon: 'circle-exclamation' },
  Warning: { label: 'Warning', icon: 'triangle-exclamation' },
  Tip: { label: 'Tip', icon: 'lightbulb' },
  Check: { label: 'Check', icon: 'circle-check' },
  Danger: { label: 'Danger', icon: 'skull-crossbones' },
  Callout: { label: 'Note', icon: undefined },
} as const;

function callout(name: keyof typeof KINDS): ComponentRenderer {
  const kind = name === 'Callout' ? 'note' : name.toLowerCase();
  const { label, icon: builtIn } = KINDS[name];
  const fixed: IconRequest | undefined = builtIn && { name: builtIn, style: 'solid', library: 'fontawesome' };
  return (props, children, _node, context) => {
    const title = text(props, 'title');
    const given = text(props, 'icon');
    const request = given ? { name: given, style: text(props, 'iconType') } : fixed;
    const drawn = request && icon(request, context.iconLibrary, { color: text(props, 'color') });
    return h('aside', { className: ['callout', `callout-${kind}`], role: 'note', ariaLabel: title ?? label }, [
      ...(drawn ? [h('span', { className: ['callout-icon'] }, [drawn])] : []),
      h('div', { className: ['callout-content'] }, [...(title ? [h('p', { className: ['callout-title'] }, title)] : []), ...children]),
    ]);
  };
}

export const callouts: Record<string, ComponentRenderer> = Object.fromEntries(
  (Object.keys(KINDS) as (keyof typeof KINDS)[]).map((name) => [name, callout(name)]),
);
