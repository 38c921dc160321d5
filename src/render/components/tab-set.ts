// Tabs that work without JavaScript: radio inputs and labels switch panels through CSS alone.
import type { Element, ElementContent } from 'hast';
import { h } from 'hastscript';
import type { RenderContext } from '../render-context.js';

declare module 'hast' {
  interface ElementData {
    /** A Tab panel's icon, drawn into its label by the enclosing tab set (never serialized). */
    tabIcon?: Element;
  }
}

export interface TabItem {
  title: string;
  /** Drawn before the title in the tab's label. */
  icon?: Element | undefined;
  content: ElementContent[];
  /** The panel's anchor (a Tab's id), which a link to the tab finds. */
  id?: string | undefined;
}

/** A tab set: the first tab is selected; each label is a real <label> for its radio input. */
export function tabSet(context: RenderContext, items: readonly TabItem[], className: string): Element {
  const id = context.nextId('tabs');
  const parts = items.flatMap((item, i) => [
    h('input', { type: 'radio', className: ['tab-input'], name: id, id: `${id}-${i}`, checked: i === 0 }),
    h('label', { className: ['tab-label'], htmlFor: `${id}-${i}` }, [...(item.icon ? [item.icon] : []), item.title]),
    h('div', { className: ['tab-panel'], id: item.id }, item.content),
  ]);
  return h('div', { className: ['tabs', className] }, parts);
}

/** The `data-title` that Tab panels and code blocks carry, for the tab label. */
export function titleOf(node: ElementContent, fallback: string): string {
  if (node.type !== 'element') return fallback;
  const title = node.properties.dataTitle;
  return typeof title === 'string' && title !== '' ? title : fallback;
}

/** The icon a Tab panel carries, if any. */
export function iconOf(node: ElementContent): Element | undefined {
  return node.type === 'element' ? node.data?.tabIcon : undefined;
}

/** The id a Tab panel carries, if any. */
export function idOf(node: ElementContent): string | undefined {
  return node.type === 'element' && typeof node.properties.id === 'string' ? node.properties.id : undefined;
}

/** Element children only: the whitespace between blocks is not a tab. */
export function elementsOf(children: readonly ElementContent[]): Element[] {
  return children.filter((c): c is Element => c.type === 'element');
}
