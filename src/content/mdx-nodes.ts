// Small readers for mdast and MDX JSX nodes, shared by the page extractors.
import type { Nodes, Parent } from 'mdast';
import type { MdxJsxAttribute, MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx';
import type { Position } from '../diagnostics/index.js';

export type JsxElement = MdxJsxFlowElement | MdxJsxTextElement;

/** A JSX attribute as the author wrote it: a string, `true` for a bare attribute, or an expression's source. */
export type AttributeValue = string | true | { expression: string };

/** Where a node starts, for a diagnostic (1:1 when the node has no position). */
export function startOf(node: Nodes): Position {
  return { line: node.position?.start.line ?? 1, column: node.position?.start.column ?? 1 };
}

/** Whether a node is markup a component from a snippet placed (see inlineSnippets), which marks it. */
export function isComponentMarkup(node: Nodes): boolean {
  return (node.data as { componentMarkup?: boolean } | undefined)?.componentMarkup === true;
}

/** Marks placed component markup (see isComponentMarkup). */
export function markComponentMarkup(node: Nodes): void {
  node.data = { ...node.data, componentMarkup: true } as unknown as Nodes['data'];
}

export function isJsxElement(node: Nodes): node is JsxElement {
  return node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement';
}

/** The value of attribute `name` on a JSX element, undefined when absent. */
export function attribute(element: JsxElement, name: string): AttributeValue | undefined {
  for (const attr of element.attributes) {
    if (attr.type !== 'mdxJsxAttribute' || attr.name !== name) continue;
    if (attr.value === null || attr.value === undefined) return true;
    return typeof attr.value === 'string' ? attr.value : { expression: attr.value.value };
  }
  return undefined;
}

/**
 * The attributes of a JSX element that hold a URL validate checks: `href` on a component (Card,
 * a link) or an HTML element a reader follows (`<a>`, `<area>`), `src` on `<img>` and `img` on
 * `<Card>` (images). Other elements' `href` leads nowhere a reader goes: an SVG sprite's
 * `<use href="icons.svg#id">` or `<link href>` (as Mintlify's own checker has it).
 */
export function urlAttributes(element: JsxElement): { name: string; kind: 'link' | 'image' }[] {
  const name = element.name ?? '';
  const links: { name: string; kind: 'link' | 'image' }[] = NAVIGATES.test(name) ? [{ name: 'href', kind: 'link' }] : [];
  const image = IMAGE_ATTRIBUTE[name];
  return image ? [...links, { name: image, kind: 'image' }] : links;
}

/** Elements whose `href` a reader follows: components (capitalised, `Card`, `Tile`) and `<a>`/`<area>`. */
const NAVIGATES = /^(?:[A-Z]|(?:a|area)$)/;

const IMAGE_ATTRIBUTE: Readonly<Record<string, string>> = { img: 'src', Card: 'img' };

/** Attributes (lower-case) that hold a URL a browser follows, submits, frames or loads, on any element or component. */
const URL_ATTRIBUTES: ReadonlySet<string> = new Set([
  'href',
  'src',
  'action',
  'formaction',
  'poster',
  'xlink:href',
  'xlinkhref',
  'codebase',
  'cite',
  'background',
  'longdesc',
  'lowsrc',
  'dynsrc',
  'ping',
  'manifest',
  'url',
]);

/**
 * How attribute `name` of `element` uses its URL, for the script-URL check: an `image` (`<img
 * src>`, `<Card img>`, a video's `poster`: only ever decoded as a picture), a `link` (followed,
 * submitted, framed or loaded as a document), or undefined when it holds no URL.
 */
export function urlUse(element: JsxElement, name: string): 'link' | 'image' | undefined {
  const attribute = name.toLowerCase();
  if (attribute === IMAGE_ATTRIBUTE[element.name ?? '']?.toLowerCase() || attribute === 'poster') return 'image';
  if (URL_ATTRIBUTES.has(attribute) || (attribute === 'data' && element.name === 'object')) return 'link';
  return undefined;
}

/** The string a JSX attribute's value holds: as written, or a string literal in braces (`href={"…"}`, which docsite renders too). */
export function attributeString(value: MdxJsxAttribute['value']): string | undefined {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return undefined;
  return /^\s*(?:"([^"]*)"|'([^']*)')\s*$/
    .exec(value.value)
    ?.slice(1)
    .find((part) => part !== undefined);
}

/** A string attribute, or undefined when absent or not a plain string. */
export function stringAttribute(element: JsxElement, name: string): string | undefined {
  const value = attribute(element, name);
  return typeof value === 'string' ? value : undefined;
}

/** Node types whose `value` is code or data, not prose. */
const NOT_PROSE = new Set(['yaml', 'mdxjsEsm', 'mdxFlowExpression', 'mdxTextExpression', 'html']);
const BLOCK = new Set(['paragraph', 'heading', 'code', 'math', 'list', 'listItem', 'blockquote', 'table', 'tableRow', 'mdxJsxFlowElement', 'thematicBreak']);

/**
 * The readable text of a node: prose, inline code, code blocks and the `title` of components
 * (Card, Step, Tab, Accordion), with blocks separated by newlines. `skip` drops subtrees.
 */
export function plainText(node: Nodes, skip?: (node: Nodes) => boolean): string {
  const parts: string[] = [];
  collect(node, parts, skip);
  return parts
    .join('')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function collect(node: Nodes, parts: string[], skip?: (node: Nodes) => boolean): void {
  if (NOT_PROSE.has(node.type) || skip?.(node)) return;
  if (node.type === 'text' || node.type === 'inlineCode' || node.type === 'inlineMath') {
    parts.push(node.value);
    return;
  }
  if (node.type === 'code' || node.type === 'math') {
    parts.push(`\n${node.value}\n`);
    return;
  }
  if (node.type === 'break') {
    parts.push('\n');
    return;
  }
  if (isJsxElement(node)) {
    const title = stringAttribute(node, 'title');
    if (title) parts.push(`${title}\n`);
  }
  if ('children' in node) {
    for (const child of (node as Parent).children) collect(child as Nodes, parts, skip);
    if (BLOCK.has(node.type)) parts.push('\n');
    else if (node.type === 'tableCell') parts.push(' ');
  }
}
