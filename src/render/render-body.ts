// Renders a page's MDX tree to body HTML through remark-rehype, with docsite's components.
import type { Heading as MdastHeading, Paragraph, Root } from 'mdast';
import type { ElementContent } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { h } from 'hastscript';
import remarkRehype, { defaultHandlers, type Options as RemarkRehypeOptions } from 'remark-rehype';
import { unified } from 'unified';
import type { IconLibrary } from '../icons/index.js';
import { isHtmlElementName, stringAttribute, type JsxElement } from '../content/index.js';
import { codeBlock } from './code-block.js';
import { COMPONENTS } from './components/index.js';
import { groupViews } from './components/tabs.js';
import { htmlElement } from './html-element.js';
import { styleDeclarations } from './inline-style.js';
import { propsOf } from './jsx-props.js';
import { mathTypesetter } from './math.js';
import type { HastState, RenderContext } from './render-context.js';
import { sanitizeBody } from './sanitize-body.js';
import { tailwindStylesheet } from './tailwind/stylesheet.js';

type Handlers = NonNullable<RemarkRehypeOptions['handlers']>;

/** Components that render inline content; every other known component renders a block. */
const INLINE_COMPONENTS = new Set(['Icon', 'Tooltip', 'Badge']);

function isBlockComponent(name: string | null | undefined): boolean {
  return name !== null && name !== undefined && name in COMPONENTS && !INLINE_COMPONENTS.has(name);
}

/**
 * Renders the body of a page (no layout), analysed first (its headings carry their ids) and with
 * its internal URLs resolved (resolveBrowserUrls). Unknown components render their children.
 * What the page's Markdown, HTML and components make is sanitized (sanitizeBody) before it is
 * written: whatever a page holds, its body runs no script. Math is typeset by KaTeX after that
 * (see MathTypesetter). The Tailwind classes and `style` objects of its own HTML get a `<style>`
 * in front (see tailwindStylesheet, styleDeclarations). Icons are looked up in `iconLibrary` (docs.json `icons.library`) unless an
 * icon names its own.
 */
export function renderBody(tree: Root, iconLibrary: IconLibrary = 'fontawesome'): string {
  const counters = new Map<string, number>();
  const nextId = (prefix: string): string => {
    const n = (counters.get(prefix) ?? 0) + 1;
    counters.set(prefix, n);
    return `${prefix}-${n}`;
  };
  // Classes of the page's own HTML elements (not of docsite's components), styled as Tailwind's.
  const pageClasses: string[] = [];
  // Declarations of their `style` objects, each the rule of a class given to its element (see styleDeclarations).
  const pageStyles: string[] = [];
  const jsx = (state: HastState, node: JsxElement): ElementContent[] | ElementContent => {
    const children = state.all(node);
    if (!node.name) return children; // a fragment
    if (isHtmlElementName(node.name)) {
      pageClasses.push(...`${stringAttribute(node, 'className') ?? ''} ${stringAttribute(node, 'class') ?? ''}`.split(/\s+/));
      const style = styleDeclarations(node);
      return htmlElement(node, children, style === undefined ? undefined : `docsite-style-${pageStyles.push(style)}`);
    }
    const render = COMPONENTS[node.name];
    if (!render) return children; // unknown: validate already warned (render/unknown-component)
    const context: RenderContext = { state, nextId, iconLibrary };
    return render(propsOf(node), children, node, context);
  };
  const math = mathTypesetter();
  const handlers: Handlers = {
    mdxJsxFlowElement: jsx,
    mdxJsxTextElement: jsx,
    // Expressions and imports are code; docsite never evaluates page code.
    mdxFlowExpression: () => undefined,
    mdxTextExpression: () => undefined,
    mdxjsEsm: () => undefined,
    code: (_state, node) => codeBlock(node),
    math: (_state, node) => math.placeholder(node),
    inlineMath: (_state, node) => math.placeholder(node),
    paragraph(state, node: Paragraph) {
      // `<Note>Text</Note>` on one line is inline JSX in MDX; a block component must not sit in a <p>.
      const blocksOnly = node.children.every(
        (child) => (child.type === 'text' && child.value.trim() === '') || (child.type === 'mdxJsxTextElement' && isBlockComponent(child.name)),
      );
      if (blocksOnly) return state.all(node);
      const element = defaultHandlers.paragraph(state, node);
      return element.children.length > 0 ? element : undefined; // e.g. a <script>, dropped by htmlElement
    },
    heading(state, node: MdastHeading) {
      const element = defaultHandlers.heading(state, node);
      const id = element.properties.id;
      if (typeof id === 'string') {
        element.children.push(h('a', { className: ['heading-anchor'], href: `#${id}`, ariaLabel: 'Link to this section' }, '#'));
      }
      return element;
    },
  };
  groupViews(tree);
  const hast = unified().use(remarkRehype, { handlers }).runSync(tree);
  const html = math.typeset(toHtml(sanitizeBody(hast)));
  // The style objects' rules after the Tailwind ones: an element's own style wins, as inline styles do.
  const css = tailwindStylesheet(pageClasses) + pageStyles.map((declarations, i) => `.prose .docsite-style-${i + 1}{${declarations}}`).join('');
  return css ? `<style>${css}</style>${html}` : html;
}
