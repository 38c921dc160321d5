// A page's `style={{…}}` on its own HTML, which Mintlify documents for custom values
// (customize/custom-scripts): the literal declarations of an allow-list of layout, box, color and
// type properties, whose values load nothing (no `url()`) and cannot leave the declaration. They
// become a rule of the page's stylesheet (see renderBody), so the sanitizer's "no style attribute"
// stands and the Content-Security-Policy needs nothing new. Positioning is left out: a page's
// element must not cover docsite's own.
import type { MdxJsxAttributeValueExpression } from 'mdast-util-mdx';
import type { JsxElement } from '../content/index.js';

// The estree nodes read here, as mdast-util-mdx types an attribute's expression.
type Program = NonNullable<NonNullable<MdxJsxAttributeValueExpression['data']>['estree']>;
type Expression = Extract<Program['body'][number], { type: 'ExpressionStatement' }>['expression'];
type ObjectExpression = Extract<Expression, { type: 'ObjectExpression' }>;
type PropertyValue = Extract<ObjectExpression['properties'][number], { type: 'Property' }>['value'];

const SIDES = ['', '-top', '-right', '-bottom', '-left', '-inline', '-block'];
const PROPERTIES: ReadonlySet<string> = new Set([
  ...['display', 'flex', 'flex-direction', 'flex-wrap', 'flex-grow', 'flex-shrink', 'flex-basis', 'order'],
  ...['align-items', 'align-self', 'align-content', 'justify-content', 'justify-items', 'justify-self', 'place-items'],
  ...['gap', 'row-gap', 'column-gap', 'grid-template-columns', 'grid-template-rows', 'grid-column', 'grid-row'],
  ...SIDES.flatMap((side) => [`padding${side}`, `margin${side}`]),
  ...['width', 'min-width', 'max-width', 'height', 'min-height', 'max-height', 'aspect-ratio', 'object-fit'],
  ...['overflow', 'overflow-x', 'overflow-y', 'box-shadow', 'opacity', 'cursor', 'vertical-align'],
  ...['border', 'border-top', 'border-right', 'border-bottom', 'border-left', 'border-width', 'border-style', 'border-color', 'border-radius'],
  ...['background', 'background-color', 'color'],
  ...['font-size', 'font-weight', 'font-style', 'line-height', 'letter-spacing', 'text-align', 'text-decoration', 'text-transform'],
  ...['white-space', 'word-break', 'list-style'],
]);
/** Properties whose numbers React writes as they are; it writes others' in pixels. */
const UNITLESS: ReadonlySet<string> = new Set(['flex', 'flex-grow', 'flex-shrink', 'order', 'opacity', 'font-weight', 'line-height', 'aspect-ratio']);
/** CSS functions a value may call: colors, gradients and arithmetic, none that loads anything. */
const FUNCTIONS: ReadonlySet<string> = new Set([
  'rgb',
  'rgba',
  'hsl',
  'hsla',
  'linear-gradient',
  'radial-gradient',
  'calc',
  'var',
  'min',
  'max',
  'clamp',
  'repeat',
  'minmax',
]);
/** What a value may hold: no quote, colon, semicolon, brace, backslash or angle bracket, so it stays one declaration. */
const SAFE_VALUE = /^[\w\s#.,%+\-/*()]+$/;

/** The `prop:value` declarations of the element's `style` object that pass, joined by `;`; undefined when none does. */
export function styleDeclarations(element: JsxElement): string | undefined {
  const attribute = element.attributes.find((attr) => attr.type === 'mdxJsxAttribute' && attr.name === 'style');
  const value = attribute?.type === 'mdxJsxAttribute' ? attribute.value : undefined;
  const statement = typeof value === 'object' && value !== null ? value.data?.estree?.body[0] : undefined;
  if (statement?.type !== 'ExpressionStatement' || statement.expression.type !== 'ObjectExpression') return undefined;
  const declarations = declarationsOf(statement.expression);
  return declarations.length > 0 ? declarations.join(';') : undefined;
}

function declarationsOf(object: ObjectExpression): string[] {
  return object.properties.flatMap((property) => {
    if (property.type !== 'Property' || property.computed || property.kind !== 'init') return [];
    const key = property.key.type === 'Identifier' ? property.key.name : property.key.type === 'Literal' ? String(property.key.value) : '';
    const name = key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
    const css = PROPERTIES.has(name) ? cssValue(name, property.value) : undefined;
    return css === undefined ? [] : [`${name}:${css}`];
  });
}

/** A literal value as CSS: numbers as React writes them, strings when safe. */
function cssValue(name: string, node: PropertyValue): string | undefined {
  const negative = node.type === 'UnaryExpression' && node.operator === '-';
  const literal = negative ? node.argument : node;
  if (literal.type !== 'Literal') return undefined;
  if (typeof literal.value === 'number' && Number.isFinite(literal.value)) {
    const number = negative ? -literal.value : literal.value;
    return UNITLESS.has(name) || number === 0 ? String(number) : `${number}px`;
  }
  if (negative || typeof literal.value !== 'string') return undefined;
  const text = literal.value.trim();
  if (!SAFE_VALUE.test(text)) return undefined;
  const calls = [...text.matchAll(/([\w-]*)\(/g)].map((match) => match[1]!.toLowerCase());
  return calls.every((call) => FUNCTIONS.has(call)) ? text : undefined;
}
