// Steps: a numbered list of titled steps.
import { h } from 'hastscript';
import { text } from '../jsx-props.js';
import type { ComponentRenderer } from '../render-context.js';

const steps: ComponentRenderer = (_props, children) => h('ol', { className: ['steps'] }, children);

const step: ComponentRenderer = (props, children) => {
  const title = text(props, 'title');
  return h('li', { className: ['step'] }, [...(title ? [h('p', { className: ['step-title'] }, title)] : []), h('div', { className: ['step-body'] }, children)]);
};

export const stepComponents: Record<string, ComponentRenderer> = { Steps: steps, Step: step };
