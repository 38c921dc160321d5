// ParamField and ResponseField: a parameter or response field with name, location, type and flags.
import type { ElementContent } from 'hast';
import { h } from 'hastscript';
import { flag, text, type PropValue } from '../jsx-props.js';
import type { ComponentRenderer } from '../render-context.js';

const LOCATIONS = ['path', 'query', 'header', 'body'] as const;

function field(kind: 'param' | 'response', name: string, location: string | undefined, props: Record<string, PropValue>, children: ElementContent[]) {
  const type = text(props, 'type');
  const fallback = props.default;
  const meta = [
    h('code', { className: ['field-name'] }, name),
    ...(location ? [h('span', { className: ['field-location'] }, location)] : []),
    ...(type ? [h('span', { className: ['field-type'] }, type)] : []),
    ...(flag(props, 'required') ? [h('span', { className: ['field-required'] }, 'required')] : []),
    ...(flag(props, 'deprecated') ? [h('span', { className: ['field-deprecated'] }, 'deprecated')] : []),
    ...(fallback !== undefined && fallback !== true ? [h('span', { className: ['field-default'] }, ['default: ', h('code', String(fallback))])] : []),
  ];
  return h('div', { className: ['field', `${kind}-field`], id: text(props, 'id') }, [
    h('div', { className: ['field-head'] }, meta),
    h('div', { className: ['field-body'] }, children),
  ]);
}

const paramField: ComponentRenderer = (props, children) => {
  const location = LOCATIONS.find((l) => text(props, l) !== undefined);
  return field('param', location ? text(props, location)! : (text(props, 'name') ?? ''), location, props, children);
};

const responseField: ComponentRenderer = (props, children) => field('response', text(props, 'name') ?? '', undefined, props, children);

export const fields: Record<string, ComponentRenderer> = { ParamField: paramField, ResponseField: responseField };
