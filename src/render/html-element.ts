// Lower-case JSX in pages (`<img>`, `<div>`, `<br />`) is HTML: made into hast as written, for sanitizeBody to judge.
import type { ElementContent } from 'hast';
import { h } from 'hastscript';
import type { JsxElement } from '../content/index.js';
import { propsOf } from './jsx-props.js';
import { BODY_SCHEMA } from './sanitize-body.js';

/** JSX spellings of HTML attributes. */
const RENAMED: Record<string, string> = { className: 'class', htmlFor: 'for' };
/**
 * Elements the sanitizer drops with their content; dropped here already, so no empty paragraph is
 * left where one stood. A page's own `<svg>` too: the sanitizer keeps SVG only as icons draw it.
 */
const STRIPPED: ReadonlySet<string> = new Set([...(BODY_SCHEMA.strip ?? []), 'svg']);

/** The HTML element written in the page, with its literal attributes (see propsOf); sanitizeBody keeps what is safe. */
export function htmlElement(node: JsxElement, children: ElementContent[]): ElementContent[] {
  const name = node.name!;
  if (STRIPPED.has(name.toLowerCase())) return [];
  const properties: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(propsOf(node))) properties[RENAMED[key] ?? key] = value;
  return [h(name, properties, children)];
}
