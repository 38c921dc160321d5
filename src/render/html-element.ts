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

/**
 * Elements that hold text, not paragraphs. MDX makes the text of `<h3>` written over several lines
 * a paragraph inside it, which React (Mintlify) renders as it is, but which an HTML parser splits
 * off a `<p>` into a paragraph of its own, unstyled: it is written here without the paragraph.
 */
const PHRASING: ReadonlySet<string> = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'span', 'strong', 'em', 'b', 'i', 'small', 'label', 'button']);

/**
 * The HTML element written in the page, with its literal attributes (see propsOf) and `extraClass`
 * (the class that carries its style object); sanitizeBody keeps what is safe.
 */
export function htmlElement(node: JsxElement, children: ElementContent[], extraClass?: string): ElementContent[] {
  const name = node.name!;
  if (STRIPPED.has(name.toLowerCase())) return [];
  const properties: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(propsOf(node))) properties[RENAMED[key] ?? key] = value;
  if (extraClass) properties.class = typeof properties.class === 'string' ? `${properties.class} ${extraClass}` : extraClass;
  return [h(name, properties, PHRASING.has(name) ? withoutParagraphs(children) : children)];
}

/** `children` with each paragraph replaced by its content, paragraphs apart kept apart by a line break. */
function withoutParagraphs(children: ElementContent[]): ElementContent[] {
  let paragraphs = 0;
  return children.flatMap((child) => {
    if (child.type !== 'element' || child.tagName !== 'p') return [child];
    return paragraphs++ > 0 ? [h('br'), ...child.children] : child.children;
  });
}
