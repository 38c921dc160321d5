// Callouts: Note, Tip, Warning, Info, Check, Danger and the generic Callout, as labelled asides.
import { h } from 'hastscript';
import { text } from '../jsx-props.js';
import type { ComponentRenderer } from '../render-context.js';

const LABELS = { Note: 'Note', Tip: 'Tip', Warning: 'Warning', Info: 'Info', Check: 'Check', Danger: 'Danger', Callout: 'Note' } as const;

function callout(name: keyof typeof LABELS): ComponentRenderer {
  const kind = name === 'Callout' ? 'note' : name.toLowerCase();
  return (props, children) => {
    const title = text(props, 'title');
    return h('aside', { className: ['callout', `callout-${kind}`], role: 'note', ariaLabel: title ?? LABELS[name] }, [
      ...(title ? [h('p', { className: ['callout-title'] }, title)] : []),
      ...children,
    ]);
  };
}

export const callouts: Record<string, ComponentRenderer> = Object.fromEntries(
  (Object.keys(LABELS) as (keyof typeof LABELS)[]).map((name) => [name, callout(name)]),
);
