// The entries of a changelog page's RSS feed, read from its `<Update>` components as Mintlify makes them.
import type { Nodes, Parent, Root, RootContent } from 'mdast';
import { toMarkdown } from 'mdast-util-to-markdown';
import { gfmToMarkdown } from 'mdast-util-gfm';
import { toString as textOf } from 'mdast-util-to-string';
import { isJsxElement, stringAttribute, type JsxElement } from './mdx-nodes.js';
import type { ChangelogEntry } from './page-model.js';

/**
 * One entry per heading inside each `<Update>` (linking to the heading), or one for an update
 * without headings (titled by its label, linking to the update); an update's `rss={{ title,
 * description }}` makes its single entry instead (its content when it gives no description). Descriptions are Markdown without components,
 * code or HTML, as Mintlify's feeds carry. Run after outlinePage, which gives updates and
 * headings their ids.
 */
export function changelogEntries(tree: Root): ChangelogEntry[] {
  const entries: ChangelogEntry[] = [];
  const visit = (node: Nodes): void => {
    if (isJsxElement(node) && node.name === 'Update') {
      entries.push(...updateEntries(node));
      return;
    }
    if ('children' in node) for (const child of (node as Parent).children) visit(child as Nodes);
  };
  visit(tree);
  return entries;
}

function updateEntries(update: JsxElement): ChangelogEntry[] {
  const label = stringAttribute(update, 'label') ?? '';
  const anchor = stringAttribute(update, 'id') ?? '';
  const date = dateOf(label) ?? dateOf(stringAttribute(update, 'description') ?? '');
  const dated = date ? { date } : {};
  const children = update.children as RootContent[];
  const own = rssProp(update);
  if (own) return [{ anchor, title: own.title ?? label, description: own.description ?? markdownOf(children), ...dated }];

  const headings = children.flatMap((child, i) => (child.type === 'heading' ? [i] : []));
  if (headings.length === 0) return [{ anchor, title: label, description: markdownOf(children), ...dated }];
  return headings.map((at, n) => {
    const heading = children[at] as Extract<RootContent, { type: 'heading' }>;
    const id = heading.data?.hProperties?.id;
    return {
      anchor: typeof id === 'string' ? id : anchor,
      title: textOf(heading).trim(),
      description: markdownOf(children.slice(at + 1, headings[n + 1])),
      ...dated,
    };
  });
}

/** `rss={{ title: "…", description: "…" }}` as written: string literals only, nothing evaluated. */
function rssProp(update: JsxElement): { title?: string; description?: string } | undefined {
  for (const attr of update.attributes) {
    if (attr.type !== 'mdxJsxAttribute' || attr.name !== 'rss' || typeof attr.value !== 'object' || attr.value === null) continue;
    const statement = attr.value.data?.estree?.body[0];
    const object = statement?.type === 'ExpressionStatement' ? statement.expression : undefined;
    if (object?.type !== 'ObjectExpression') return undefined;
    const found: { title?: string; description?: string } = {};
    for (const property of object.properties) {
      if (property.type !== 'Property' || property.value.type !== 'Literal' || typeof property.value.value !== 'string') continue;
      const key = property.key.type === 'Identifier' ? property.key.name : property.key.type === 'Literal' ? property.key.value : undefined;
      if (key === 'title' || key === 'description') found[key] = property.value.value;
    }
    return found;
  }
  return undefined;
}

/** Node types a feed leaves out: components, code and HTML. */
const LEFT_OUT = new Set([
  'mdxJsxFlowElement',
  'mdxJsxTextElement',
  'mdxFlowExpression',
  'mdxTextExpression',
  'mdxjsEsm',
  'code',
  'inlineCode',
  'html',
  'math',
  'inlineMath',
]);

function markdownOf(nodes: readonly RootContent[]): string {
  const kept = nodes.map(withoutLeftOut).filter((node): node is RootContent => node !== undefined);
  return toMarkdown({ type: 'root', children: kept }, { extensions: [gfmToMarkdown()] }).trim();
}

function withoutLeftOut(node: RootContent): RootContent | undefined {
  if (LEFT_OUT.has(node.type)) return undefined;
  if (!('children' in node)) return node;
  const children = (node.children as RootContent[]).map(withoutLeftOut).filter((child) => child !== undefined);
  return { ...node, children } as RootContent;
}

const ISO_DATE = /^\s*\d{4}-\d{2}-\d{2}\s*$/;

/** A date a label names ("June 2025", "2025-06-23", "March 3, 2025"), as an ISO string; a label without a year names none. */
function dateOf(label: string): string | undefined {
  if (!/\b(?:19|20)\d{2}\b/.test(label)) return undefined;
  const parsed = new Date(label);
  if (Number.isNaN(parsed.getTime())) return undefined;
  // Date parses "2025-06-23" as UTC midnight and "June 23, 2025" as local midnight: either way the day written is kept.
  if (ISO_DATE.test(label)) return parsed.toISOString();
  return new Date(Date.UTC(parsed.getFullYear(), parsed.getMonth(), parsed.getDate())).toISOString();
}
