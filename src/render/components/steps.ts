// Steps: a numbered list of titled steps.
import { h } from 'hastscript';
import { text } from '../jsx-props.js';
import type { ComponentRenderer } from '../render-context.js';
import { propIcon } from './icon.js';

const steps: ComponentRenderer = (_props, children) => h('ol', { className: ['steps'] }, children);

/** A step; its `icon` takes the place of its number. */
const step: ComponentRenderer = (props, children, _node, context) => {
  const title = text(props, 'title');
  const marker = propIcon(props, context.iconLibrary);
  return h('li', { className: marker.length > 0 ? ['step', 'step-with-icon'] : ['step'] }, [
    ...(marker.length > 0 ? [h('span', { className: ['step-icon'] }, marker)] : []),
    ...(title ? [h('p', { className: ['step-title'] }, title)] : []),
    h('div', { className: ['step-body'] }, children),
  ]);
};

export const stepComponents: Record<string, ComponentRenderer> = { Steps: steps, Step: step };
