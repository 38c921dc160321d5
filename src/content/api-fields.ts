// Reads <ParamField> and <ResponseField> components (nested through <Expandable>) into field models.
import type { Nodes, Parent } from 'mdast';
import { diagnostic, type Diagnostic } from '../diagnostics/index.js';
import { attribute, isJsxElement, plainText, startOf, stringAttribute, type AttributeValue, type JsxElement } from './mdx-nodes.js';
import type { FieldModel, ParamFieldModel, ParamLocation, ResponseFieldModel } from './page-model.js';

const LOCATIONS: readonly ParamLocation[] = ['path', 'body', 'query', 'header'];
const FIELD_ELEMENTS = new Set(['ParamField', 'ResponseField']);

export interface ApiFields {
  params: ParamFieldModel[];
  responses: ResponseFieldModel[];
}

/** Whether a JSX element is a ParamField or ResponseField. */
export function isFieldElement(node: Nodes): node is JsxElement {
  return isJsxElement(node) && FIELD_ELEMENTS.has(node.name ?? '');
}

/** Collects the top-level fields of a page; fields inside fields become their children. */
export function extractApiFields(tree: Parent, file: string, diagnostics: Diagnostic[]): ApiFields {
  const fields: ApiFields = { params: [], responses: [] };
  const visit = (node: Nodes, parent: FieldModel | undefined): void => {
    if (isFieldElement(node)) {
      const field = readField(node, file, diagnostics);
      if (field) {
        if (parent) parent.children.push(field);
        else if (field.kind === 'param') fields.params.push(stripKind(field));
        else fields.responses.push(stripKind(field));
        for (const child of node.children) visit(child as Nodes, field);
        return;
      }
    }
    if ('children' in node) for (const child of (node as Parent).children) visit(child as Nodes, parent);
  };
  for (const child of tree.children) visit(child as Nodes, undefined);
  return fields;
}

function readField(element: JsxElement, file: string, diagnostics: Diagnostic[]): FieldModel | undefined {
  const at = startOf(element);
  const common = {
    type: stringAttribute(element, 'type'),
    required: isTrue(attribute(element, 'required')),
    default: textOf(attribute(element, 'default')),
    description: plainText(element, (node) => node !== element && isFieldElement(node)),
    children: [] as FieldModel[],
  };
  if (element.name === 'ResponseField') {
    const name = stringAttribute(element, 'name');
    if (!name) {
      diagnostics.push(diagnostic('api/response-field-name', file, at, '<ResponseField> needs a `name`.'));
      return undefined;
    }
    return withoutUndefined({ kind: 'response' as const, name, ...common });
  }
  const present = LOCATIONS.filter((location) => attribute(element, location) !== undefined);
  // Mintlify documents SDK properties with ParamField too, named by `name` (pipecat's transport
  // options): a field of the page, but no parameter of a request.
  if (present.length === 0 && stringAttribute(element, 'name')) return undefined;
  if (present.length !== 1) {
    const message =
      present.length === 0
        ? '<ParamField> needs a location: one of `path`, `body`, `query` or `header`.'
        : `<ParamField> has several locations (${present.join(', ')}); give exactly one.`;
    diagnostics.push(diagnostic('api/param-field-location', file, at, message));
    return undefined;
  }
  const location = present[0]!;
  const name = attribute(element, location);
  if (typeof name !== 'string' || name.trim() === '') {
    diagnostics.push(diagnostic('api/param-field-name', file, at, `<ParamField ${location}=…> needs the parameter name as a string, e.g. ${location}="id".`));
    return undefined;
  }
  return withoutUndefined({ kind: 'param' as const, location, name, ...common, placeholder: stringAttribute(element, 'placeholder') });
}

function isTrue(value: AttributeValue | undefined): boolean {
  if (value === true) return true;
  if (typeof value === 'string') return value === 'true';
  return value !== undefined && value.expression.trim() === 'true';
}

function textOf(value: AttributeValue | undefined): string | undefined {
  if (value === undefined || value === true) return undefined;
  return typeof value === 'string' ? value : value.expression.trim();
}

function stripKind<T extends FieldModel>({ kind: _kind, ...field }: T): Omit<T, 'kind'> {
  return field;
}

/** Drops undefined optional keys, so models compare and serialize cleanly. */
function withoutUndefined<T extends object>(value: T): T {
  for (const key of Object.keys(value) as (keyof T)[]) if (value[key] === undefined) delete value[key];
  return value;
}
