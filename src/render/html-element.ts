// Lower-case JSX in pages (`<img>`, `<div>`, `<br />`) is HTML: kept, minus anything that runs code.
import type { ElementContent } from 'hast';
import { h } from 'hastscript';
import type { JsxElement } from '../content/index.js';
import { propsOf, safeUrl } from './jsx-props.js';

/** Elements that would run code or restyle the whole page; their content is dropped too. */
const DROPPED = new Set(['script', 'style', 'object', 'embed', 'base', 'meta', 'link']);
const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'formaction', 'poster', 'srcset', 'xlink:href']);
/** JSX spellings of HTML attributes. */
const RENAMED: Record<string, string> = { className: 'class', htmlFor: 'for' };

/** The HTML element written in the page, with literal attributes only and no event handlers. */
export function htmlElement(node: JsxElement, children: ElementContent[]): ElementContent[] {
  const name = node.name!;
  if (DROPPED.has(name.toLowerCase())) return [];
  const properties: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(propsOf(node))) {
    const attribute = RENAMED[key] ?? key;
    if (/^on/i.test(attribute)) continue;
    if (URL_ATTRIBUTES.has(attribute.toLowerCase())) {
      const url = safeUrl(String(value), name === 'img');
      if (url !== undefined) properties[attribute] = url;
      continue;
    }
    properties[attribute] = value;
  }
  return [h(name, properties, children)];
}
