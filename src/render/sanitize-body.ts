// The allow-list a page body is sanitized with (hast-util-sanitize): what docsite's Markdown and
// components produce, and the plain HTML authors write in MDX; everything else is dropped.
import type { Element, Nodes, Root, RootContent } from 'hast';
import { sanitize, type Schema } from 'hast-util-sanitize';
import { scriptUrlScheme } from '../config/index.js';
import { ICON_SHAPE_TAGS } from '../icons/index.js';
import { SWATCH } from './components/color.js';

/** The one style a span may carry: a swatch colour (see Color.Item). */
const SWATCH_STYLE = new RegExp(`^--swatch: ${SWATCH.source.slice(1, -1)}$`);

/** An SVG paint an icon may have: the text's colour, none, or a colour as `<Icon color>` takes it (see SWATCH). */
const ICON_PAINT = new RegExp(`^(currentColor|none|${SWATCH.source.slice(1, -1)})$`);
/** SVG numbers and lists of them (a viewBox, a width, a polygon's points); path data below. */
const SVG_NUMBERS = /^[-\d.,\s]+$/;
/** Path data: commands and numbers only. */
const PATH_DATA = /^[MmZzLlHhVvCcSsQqTtAaEe\d\s.,+-]+$/;

/** Attributes every allowed element may carry. */
const GLOBAL_ATTRIBUTES: Schema['attributes'] = {
  '*': ['className', 'id', 'title', 'lang', 'dir', 'role', 'hidden', 'ariaLabel', 'ariaHidden', 'ariaDescribedBy', 'ariaLabelledBy'],
};

/**
 * The body allow-list. Text-level and structural HTML, tables, lists, code, images, media,
 * `details/summary` and iframes (with an http(s) `src`, never `srcdoc`); SVG only as icons draw
 * it: an `<svg>` of basic shapes with geometry and paint attributes, never `use`, `image`,
 * `foreignObject`, animation, links or `style`; no script, style, form, object, embed, base, meta,
 * link or MathML. Attributes are listed per element; no event
 * handler, no `style` (except the card grid's column count and a colour swatch's colour), no `name` (it would let an
 * element stand in for a property of `document`), and of `data-*` only the ones docsite's
 * components write. Elements not listed are unwrapped (their text stays); those under `strip`
 * go with their content, which is script, CSS, or markup a browser would read as raw text.
 */
export const BODY_SCHEMA: Schema = {
  tagNames: [
    ...['p', 'div', 'span', 'br', 'hr', 'wbr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'code', 'kbd', 'samp', 'var'],
    ...['a', 'em', 'strong', 'b', 'i', 'u', 's', 'del', 'ins', 'strike', 'small', 'sub', 'sup', 'mark', 'q', 'cite', 'abbr', 'dfn', 'time'],
    ...[
      'ruby',
      'rt',
      'rp',
      'bdi',
      'bdo',
      'ul',
      'ol',
      'li',
      'dl',
      'dt',
      'dd',
      'table',
      'caption',
      'colgroup',
      'col',
      'thead',
      'tbody',
      'tfoot',
      'tr',
      'th',
      'td',
    ],
    ...['figure', 'figcaption', 'img', 'picture', 'source', 'video', 'audio', 'track', 'iframe', 'details', 'summary', 'section', 'aside', 'article'],
    ...['header', 'footer', 'label', 'input', 'center'],
    ...['svg', ...ICON_SHAPE_TAGS],
  ],
  attributes: {
    ...GLOBAL_ATTRIBUTES,
    a: ['href', 'hrefLang', ['target', '_blank', '_self'], 'dataFootnoteRef', 'dataFootnoteBackref'],
    img: ['src', 'alt', 'width', 'height', 'loading', 'decoding', 'align'],
    source: ['src', 'type', 'media', 'width', 'height'],
    video: ['src', 'poster', 'width', 'height', 'controls', 'autoPlay', 'loop', 'muted', 'playsInline', 'preload'],
    audio: ['src', 'controls', 'autoPlay', 'loop', 'muted', 'preload'],
    track: ['src', 'kind', 'srcLang', 'label', 'default'],
    iframe: ['src', 'width', 'height', 'allow', 'allowFullScreen', 'loading', 'referrerPolicy', 'frameBorder', 'sandbox'],
    // A card grid's column count; the only inline style docsite writes.
    div: [['style', /^--cols: [1-4]$/], 'dataTitle', 'align'],
    // A code block's label and icon (see codeBlock).
    figure: ['dataTitle', 'dataLanguage', 'dataIcon'],
    // A code block's <pre> takes focus, so a reader scrolls it with the keyboard (see highlightCode).
    pre: [['tabIndex', 0]],
    // A colour swatch's value (Color.Item); only a hex, rgb() or hsl() colour.
    span: ['dataIcon', ['style', SWATCH_STYLE]],
    details: ['open'],
    label: ['htmlFor'],
    // Tab sets (radio buttons named for their set) and task lists (checkboxes).
    input: [['type', 'radio', 'checkbox'], ['name', /^tabs-\d+$/], 'checked', 'disabled'],
    ol: ['start', 'reversed', 'type'],
    li: ['value'],
    section: ['dataFootnotes'],
    blockquote: ['cite'],
    q: ['cite'],
    del: ['cite', 'dateTime'],
    ins: ['cite', 'dateTime'],
    time: ['dateTime'],
    abbr: ['title'],
    col: ['span', 'width'],
    colgroup: ['span'],
    th: ['align', 'colSpan', 'rowSpan', 'scope', 'headers'],
    td: ['align', 'colSpan', 'rowSpan', 'headers'],
    table: ['align', 'width'],
    p: ['align'],
    // Icons (see components/icon.ts): geometry and paint, nothing that names a URL or runs script.
    svg: [
      ['viewBox', SVG_NUMBERS],
      ['width', SVG_NUMBERS],
      ['height', SVG_NUMBERS],
      ['fill', ICON_PAINT],
      ['stroke', ICON_PAINT],
      ['strokeWidth', SVG_NUMBERS],
      ['strokeLineCap', 'round', 'butt', 'square'],
      ['strokeLineJoin', 'round', 'miter', 'bevel'],
    ],
    path: [
      ['d', PATH_DATA],
      ['fill', ICON_PAINT],
    ],
    circle: [
      ['cx', SVG_NUMBERS],
      ['cy', SVG_NUMBERS],
      ['r', SVG_NUMBERS],
      ['fill', ICON_PAINT],
    ],
    ellipse: [
      ['cx', SVG_NUMBERS],
      ['cy', SVG_NUMBERS],
      ['rx', SVG_NUMBERS],
      ['ry', SVG_NUMBERS],
    ],
    line: [
      ['x1', SVG_NUMBERS],
      ['y1', SVG_NUMBERS],
      ['x2', SVG_NUMBERS],
      ['y2', SVG_NUMBERS],
    ],
    polygon: [['points', SVG_NUMBERS]],
    polyline: [['points', SVG_NUMBERS]],
    rect: [
      ['x', SVG_NUMBERS],
      ['y', SVG_NUMBERS],
      ['width', SVG_NUMBERS],
      ['height', SVG_NUMBERS],
      ['rx', SVG_NUMBERS],
      ['ry', SVG_NUMBERS],
    ],
  },
  // URLs keep only these schemes (relative URLs are always kept); a data: URL is an image's (see dropScriptUrls).
  protocols: {
    href: ['http', 'https', 'mailto', 'tel', 'irc', 'ircs', 'xmpp'],
    src: ['http', 'https', 'data'],
    poster: ['http', 'https'],
    cite: ['http', 'https'],
  },
  // Ids stay as written: they are the anchors links point at. Footnote ids are prefixed when made.
  clobber: [],
  ancestors: {
    thead: ['table'],
    tbody: ['table'],
    tfoot: ['table'],
    tr: ['table'],
    th: ['table'],
    td: ['table'],
    caption: ['table'],
    col: ['table'],
    colgroup: ['table'],
    ...Object.fromEntries(ICON_SHAPE_TAGS.map((tag) => [tag, ['svg']])),
  },
  strip: ['script', 'style', 'noscript', 'template', 'textarea', 'title', 'xmp', 'noembed', 'noframes', 'plaintext', 'object', 'embed', 'math'],
  // Nothing is added to elements (hast-util-sanitize's default would disable every input).
  required: {},
  allowComments: false,
  allowDoctypes: false,
};

/** Property names of URLs that a browser follows, frames or loads (the schema allows no other); `src` of an <img> may be a data: image. */
const URL_PROPERTIES = ['href', 'src', 'poster', 'cite'] as const;

/** The shapes an icon's `<svg>` may hold. */
const SHAPES: ReadonlySet<string> = new Set(ICON_SHAPE_TAGS);

/**
 * `tree` with only what BODY_SCHEMA allows. Beyond the schema: a URL that runs script is dropped
 * however it is spelt (scriptUrlScheme), a data: URL is kept only as an image's `src`, an iframe
 * keeps only an absolute http(s) `src` and never children (a browser reads them as raw text). An
 * `<svg>` is kept only as an icon (class `icon`, as components/icon.ts draws it) holding shapes
 * with empty shapes and nothing else; any other SVG goes with its content, as it always has.
 */
export function sanitizeBody(tree: Root): Root {
  dropSvgOtherThanIcons(tree);
  const clean = sanitize(tree, BODY_SCHEMA);
  const root: Root = clean.type === 'root' ? clean : { type: 'root', children: [clean as RootContent] };
  visitElements(root, dropScriptUrls);
  return root;
}

function dropSvgOtherThanIcons(node: Nodes): void {
  if (!('children' in node)) return;
  node.children = node.children.filter((child) => child.type !== 'element' || child.tagName !== 'svg' || isIconSvg(child)) as typeof node.children;
  for (const child of node.children) {
    if (child.type !== 'element' || child.tagName !== 'svg') dropSvgOtherThanIcons(child);
    else {
      child.children = child.children.filter((shape) => shape.type === 'element' && SHAPES.has(shape.tagName));
      // A shape's content is never drawn; kept, it could carry a link or text into the page.
      for (const shape of child.children) if (shape.type === 'element') shape.children = [];
    }
  }
}

function isIconSvg(element: Element): boolean {
  const classes = element.properties.className;
  return Array.isArray(classes) && classes.includes('icon');
}

function dropScriptUrls(element: Element): void {
  for (const name of URL_PROPERTIES) {
    const value = element.properties[name];
    if (typeof value !== 'string') continue;
    const use = name === 'src' && element.tagName === 'img' ? 'image' : 'link';
    if (scriptUrlScheme(value, use) !== undefined) delete element.properties[name];
  }
  if (element.tagName === 'iframe') {
    element.children = [];
    if (typeof element.properties.src !== 'string' || !/^https?:\/\//i.test(element.properties.src)) delete element.properties.src;
  }
}

function visitElements(node: Nodes, visit: (element: Element) => void): void {
  if (node.type === 'element') visit(node);
  if ('children' in node) for (const child of node.children) visitElements(child, visit);
}
