// Extracts a page's headings, search sections, links and anchors from its mdast tree.
import type { Nodes, Parent, Root } from 'mdast';
import { toString as textOf } from 'mdast-util-to-string';
import { scriptUrlScheme } from '../config/index.js';
import { isUnknownComponent } from './components.js';
import { fieldIdMaker, headingIdMaker, titleIdMaker } from './heading-ids.js';
import { attributeString, isComponentMarkup, isJsxElement, plainText, stringAttribute, urlAttributes, urlUse, type JsxElement } from './mdx-nodes.js';
import type { Heading, IconUse, PageLink, Section, WrittenAt } from './page-model.js';

/** A URL written in a page that would run script (see scriptUrlScheme), and where. */
export interface ScriptUrl {
  url: string;
  scheme: string;
  line: number;
  column: number;
  writtenAt?: WrittenAt;
}

export interface PageOutline {
  headings: Heading[];
  sections: Section[];
  links: PageLink[];
  anchors: string[];
  /** Unknown components used, with where (first use of each name) and, for one the page imports from code (`.jsx`), that module. */
  unknownComponents: { name: string; line: number; column: number; from?: string }[];
  /** URLs of links, images, elements and components that would run script. */
  scriptUrls: ScriptUrl[];
  /** Icons named by components (`icon` and `iconType`); absent when there are none. */
  icons?: IconUse[];
}

/** Where something is on the page, and where it is written when a snippet placed it there. */
type Place = Pick<PageLink, 'line' | 'column' | 'writtenAt'>;

/** Where a node placed from a snippet is written in it. */
function writtenAt(node: Nodes): Pick<PageLink, 'writtenAt'> {
  const at = node.data?.writtenAt;
  return at ? { writtenAt: at } : {};
}

/** Reads headings (with `{#id}` overrides from `idsByLine`), sections, links and anchors; marks each heading node with its id. */
export function outlinePage(tree: Root, idsByLine: ReadonlyMap<number, string>): PageOutline {
  const make: IdMakers = { heading: headingIdMaker(), tab: headingIdMaker(), accordion: titleIdMaker(), field: fieldIdMaker() };
  const headings: Heading[] = [];
  const links: PageLink[] = [];
  const anchors = new Set<string>();
  const headingOf = new Map<Nodes, Heading>();
  const imported = importedNames(tree);
  // Imported MDX is placed by inlineSnippets (or reported there); imported code is never run.
  const placeable = new Set([...imported].filter(([, from]) => MDX_MODULE.test(from)).map(([name]) => name));
  const unknownComponents: PageOutline['unknownComponents'] = [];
  const scriptUrls: ScriptUrl[] = [];
  const icons: IconUse[] = [];
  const checkUrl = (url: string | undefined, use: 'link' | 'image', place: Place): void => {
    const scheme = url === undefined ? undefined : scriptUrlScheme(url, use);
    if (scheme) scriptUrls.push({ url: url!, scheme, ...place });
  };

  const visit = (node: Nodes): void => {
    const line = node.position?.start.line ?? 1;
    const column = node.position?.start.column ?? 1;
    const place: Place = { line, column, ...writtenAt(node) };
    if (node.type === 'heading') {
      const given = node.data?.hProperties?.id;
      const written = typeof given === 'string' ? given : idsByLine.get(line);
      // Mintlify anchors headings of levels 1 to 4 only: an h5 without a `{#id}` has no anchor, and its text stays in the section above.
      if (node.depth <= MAX_ANCHORED_DEPTH || written !== undefined) {
        // Markup a component placed in the heading (`## Routing <Since version="5.5" />`) is not part of its text, nor of its anchor.
        const text = textOf({ ...node, children: node.children.filter((child) => !isComponentMarkup(child)) }).trim();
        const id = written ?? make.heading(text);
        // The renderer takes the id from the node: headings placed from a snippet share one line.
        node.data = { ...node.data, hProperties: { ...node.data?.hProperties, id } };
        const heading = { depth: node.depth, text, id, line };
        headings.push(heading);
        headingOf.set(node, heading);
        anchors.add(id);
      }
    } else if (node.type === 'link' || node.type === 'definition') {
      links.push({ kind: 'link', url: node.url, ...place });
      checkUrl(node.url, 'link', place);
    } else if (node.type === 'image') {
      links.push({ kind: 'image', url: node.url, ...place });
      checkUrl(node.url, 'image', place);
    } else if (isJsxElement(node)) {
      for (const attr of node.attributes) {
        if (attr.type !== 'mdxJsxAttribute') continue;
        const use = urlUse(node, attr.name);
        if (use) checkUrl(attributeString(attr.value), use, place);
      }
      if (isUnknownComponent(node.name, placeable) && !unknownComponents.some((c) => c.name === node.name)) {
        const from = imported.get(node.name!.split('.')[0]!);
        unknownComponents.push({ name: node.name!, line, column, ...(from ? { from } : {}) });
      }
      const icon = isComponentName(node.name) ? stringAttribute(node, 'icon') : undefined;
      if (icon) {
        const style = stringAttribute(node, 'iconType');
        icons.push({ name: icon, ...(style ? { style } : {}), ...place });
      }
      const written = stringAttribute(node, 'id');
      const id = written !== undefined ? (carriesId(node) ? written : undefined) : generatedId(node, make);
      if (id) anchors.add(id);
      for (const { name, kind } of urlAttributes(node)) {
        const url = stringAttribute(node, name);
        if (url) links.push({ kind, url, ...place });
      }
    }
    if ('children' in node) for (const child of (node as Parent).children) visit(child as Nodes);
  };
  visit(tree);

  return {
    headings,
    sections: sectionsOf(tree, headingOf),
    links,
    anchors: [...anchors],
    unknownComponents,
    scriptUrls,
    ...(icons.length > 0 ? { icons } : {}),
  };
}

/** The deepest heading level Mintlify gives an anchor (its HEADING_LEVELS). */
const MAX_ANCHORED_DEPTH = 4;

/** Makers of a page's generated ids, each numbering its own kind (updates share the headings' numbers). */
interface IdMakers {
  heading: (text: string) => string;
  tab: (title: string) => string;
  accordion: (title: string) => string;
  field: (name: string) => string;
}

/**
 * The id Mintlify gives an element without one: an accordion from its title, a tab from its
 * title, an update from its label, a field from its name. It is written onto the element, so
 * that the page renders it; undefined for other elements.
 */
function generatedId(node: JsxElement, make: IdMakers): string | undefined {
  let id: string | undefined;
  if (node.name === 'Accordion') id = idOf(stringAttribute(node, 'title'), make.accordion);
  else if (node.name === 'Tab') id = idOf(stringAttribute(node, 'title'), make.tab);
  else if (node.name === 'Update') id = idOf(stringAttribute(node, 'label'), make.heading);
  else if (node.name && FIELDS.has(node.name)) id = idOf(fieldName(node), make.field);
  if (id) node.attributes.push({ type: 'mdxJsxAttribute', name: 'id', value: id });
  return id || undefined;
}

function idOf(text: string | undefined, make: (text: string) => string): string | undefined {
  return text ? make(text) : undefined;
}

const FIELDS: ReadonlySet<string> = new Set(['ParamField', 'ResponseField']);

/** Components whose element carries the `id` written on them; others (a Note, a Card) drop it, so a link to it finds nothing. */
const ID_CARRIERS: ReadonlySet<string> = new Set(['Accordion', 'Tab', 'Update', ...FIELDS]);

/** Whether a JSX name is a component's (`Card`, `Color.Item`), not an HTML element's (`img`, whose `icon` would mean nothing). */
function isComponentName(name: string | null | undefined): boolean {
  return name !== null && name !== undefined && /^[A-Z]/.test(name);
}

/** Whether the rendered page has the `id` written on this element: an HTML element's, or an ID_CARRIERS component's. */
function carriesId(node: JsxElement): boolean {
  return node.name !== null && node.name !== undefined && (/^[a-z]/.test(node.name) || ID_CARRIERS.has(node.name));
}

/** A field's name: a ResponseField's `name`, a ParamField's `query`, `path`, `body` or `header` (in that order), else its `name`. */
function fieldName(node: JsxElement): string | undefined {
  const keys = node.name === 'ResponseField' ? ['name'] : ['query', 'path', 'body', 'header', 'name'];
  for (const key of keys) {
    const value = stringAttribute(node, key);
    if (value) return value;
  }
  return undefined;
}

/** Modules whose components a page may place: MDX snippets. */
const MDX_MODULE = /\.mdx?$/;

/** Component names bound by the page's `import` statements, and the module each comes from (`import { Chart } from '/snippets/chart.jsx'`). */
function importedNames(tree: Root): Map<string, string> {
  const names = new Map<string, string>();
  for (const node of tree.children) {
    if (node.type !== 'mdxjsEsm') continue;
    for (const match of node.value.matchAll(/import\s+([^'"]+?)\s+from\s*['"]([^'"]*)['"]/g)) {
      for (const name of match[1]!.replace(/[{}*]/g, ' ').split(/[\s,]+/)) if (/^[A-Z]/.test(name) && name !== 'as') names.set(name, match[2]!);
    }
  }
  return names;
}

/** Content for agents only (`<Visibility for="agents">`): in the page's Markdown version, not in the page or its search text. */
function isForAgents(node: Nodes): boolean {
  return isJsxElement(node) && node.name === 'Visibility' && stringAttribute(node, 'for') === 'agents';
}

/** Splits the top level of a page at its headings; nested headings stay inside their section. */
function sectionsOf(tree: Root, headingOf: ReadonlyMap<Nodes, Heading>): Section[] {
  const sections: Section[] = [];
  const path: Heading[] = [];
  let current: Section = { anchor: null, headingPath: [], text: '' };
  const texts: string[] = [];
  const close = (): void => {
    current.text = texts.join('\n\n').trim();
    texts.length = 0;
    if (current.text || current.anchor !== null) sections.push(current);
  };
  for (const node of tree.children) {
    const heading = headingOf.get(node);
    if (heading) {
      close();
      while (path.length > 0 && path[path.length - 1]!.depth >= heading.depth) path.pop();
      path.push(heading);
      current = { anchor: heading.id, headingPath: path.map((h) => h.text), text: '' };
      continue;
    }
    const text = plainText(node, isForAgents);
    if (text) texts.push(text);
  }
  close();
  return sections;
}
