// What the body renderer knows about the page it renders, shared by every component.
import type { Element, ElementContent } from 'hast';
import type { Options as RemarkRehypeOptions } from 'remark-rehype';
import type { JsxElement } from '../content/index.js';
import type { IconLibrary } from '../icons/index.js';
import type { PropValue } from './jsx-props.js';

type Handler = NonNullable<NonNullable<RemarkRehypeOptions['handlers']>['heading']>;
/** The mdast-to-hast state remark-rehype passes to handlers. */
export type HastState = Parameters<Handler>[0];

/** Per-page state of one render: unique ids for tab sets and the like, in document order. */
export interface RenderContext {
  state: HastState;
  /** A page-unique id with `prefix`, deterministic for the same page. */
  nextId(prefix: string): string;
  /** The library icon names are looked up in: docs.json `icons.library`. */
  iconLibrary: IconLibrary;
}

/** Renders one component: its literal props and its rendered children in, a hast element out. */
export type ComponentRenderer = (
  props: Record<string, PropValue>,
  children: ElementContent[],
  node: JsxElement,
  context: RenderContext,
) => Element | ElementContent[];
