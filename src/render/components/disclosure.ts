// Accordion, AccordionGroup and Expandable: native <details>, open and closed without JavaScript.
import { h } from 'hastscript';
import { flag, text } from '../jsx-props.js';
import type { ComponentRenderer } from '../render-context.js';
import { propIcon } from './icon.js';

const accordion: ComponentRenderer = (props, children, _node, context) =>
  h('details', { className: ['accordion'], id: text(props, 'id'), open: flag(props, 'defaultOpen') }, [
    h('summary', [...propIcon(props, context.iconLibrary), text(props, 'title') ?? 'Details']),
    ...(text(props, 'description') ? [h('p', { className: ['accordion-description'] }, text(props, 'description')!)] : []),
    h('div', { className: ['accordion-body'] }, children),
  ]);

const accordionGroup: ComponentRenderer = (_props, children) => h('div', { className: ['accordion-group'] }, children);

const expandable: ComponentRenderer = (props, children) =>
  h('details', { className: ['expandable'], open: flag(props, 'defaultOpen') }, [
    h('summary', `Show ${text(props, 'title') ?? 'properties'}`),
    h('div', { className: ['expandable-body'] }, children),
  ]);

export const disclosures: Record<string, ComponentRenderer> = { Accordion: accordion, AccordionGroup: accordionGroup, Expandable: expandable };
