// Reads MDX JSX attributes as render properties: literals only, never evaluated code.
import { scriptUrlScheme } from '../config/index.js';
import type { JsxElement } from '../content/index.js';

/** A JSX attribute value usable in HTML: strings, numbers and booleans written as literals. */
export type PropValue = string | number | boolean;

const LITERAL = /^\s*(-?\d+(?:\.\d+)?|true|false|"[^"]*"|'[^']*')\s*$/;

/**
 * The attributes of a JSX element as literal values. `cols={2}` gives 2, a bare `required`
 * gives true; expressions that are not literals are dropped (docsite never runs page code).
 */
export function propsOf(element: JsxElement): Record<string, PropValue> {
  const props: Record<string, PropValue> = {};
  for (const attr of element.attributes) {
    if (attr.type !== 'mdxJsxAttribute') continue;
    const value = attr.value;
    if (value === null || value === undefined) props[attr.name] = true;
    else if (typeof value === 'string') props[attr.name] = value;
    else {
      const literal = LITERAL.exec(value.value)?.[1];
      if (literal === undefined) continue;
      if (literal === 'true' || literal === 'false') props[attr.name] = literal === 'true';
      else if (/^["']/.test(literal)) props[attr.name] = literal.slice(1, -1);
      else props[attr.name] = Number(literal);
    }
  }
  return props;
}

/** A prop as a string, or undefined when absent or not a string. */
export function text(props: Record<string, PropValue>, name: string): string | undefined {
  const value = props[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** A prop as a boolean flag: bare, `true` or "true". */
export function flag(props: Record<string, PropValue>, name: string): boolean {
  const value = props[name];
  return value === true || value === 'true';
}

/** A URL prop that is safe to put in `href` (or, as an `image`, in `src`): undefined for one that runs script (see scriptUrlScheme). */
export function safeUrl(value: string | undefined, use: 'link' | 'image' = 'link'): string | undefined {
  return value === undefined || scriptUrlScheme(value, use) !== undefined ? undefined : value;
}
