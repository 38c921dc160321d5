// Snippets: MDX files under snippets/ that a page imports and places as a component (`<Caution />`).
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, posix, relative, sep } from 'node:path';
import type { Nodes, Parent, Root, RootContent } from 'mdast';
import type { Position } from '../diagnostics/index.js';
import { extractHeadingIds } from './heading-ids.js';
import { parseMdx } from './mdx-processor.js';
import { isJsxElement } from './mdx-nodes.js';
import { pageText } from './page-text.js';

/** Where snippets live; nothing else may be imported. */
export const SNIPPETS_DIR = 'snippets/';

/** Snippets placing snippets: deeper than this is surely a mistake. */
const MAX_DEPTH = 8;

/** `import Name from "/snippets/name.mdx"`: a default import of an MDX or Markdown file. */
const DEFAULT_IMPORT = /import\s+([A-Za-z_$][\w$]*)\s+from\s*(['"])([^'"]+\.mdx?)\2/g;

/**
 * Whether a page's source may place a snippet: the build's cache keys of such pages include the
 * snippets' content. A cheap test on the text, before any parsing; false alarms cost nothing.
 */
export function mayUseSnippets(source: string): boolean {
  return source.includes(SNIPPETS_DIR);
}

/**
 * A hash of every file under snippets/ (names and content): part of the cache key of each page
 * that may place snippets, so that editing a snippet rebuilds the pages that show it.
 */
export function snippetsDigest(root: string): string {
  let files: string[];
  try {
    files = readdirSync(join(root, SNIPPETS_DIR), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'))
      .sort();
  } catch {
    return ''; // no snippets folder
  }
  const hash = createHash('sha256');
  for (const file of files) hash.update(file).update('\0').update(readFileSync(join(root, file))).update('\0');
  return hash.digest('hex');
}

/** A snippet a page placed: its source, and the snippets it places in turn, by name. */
export interface PlacedSnippet {
  source: string;
  places: ReadonlyMap<string, PlacedSnippet>;
}

/** What `inlineSnippets` reports: a problem with an import, at the place in the page it concerns. */
export type SnippetProblem = (at: Position, message: string) => void;

/**
 * Replaces each element a page places by a snippet's imported name with that snippet's content,
 * read under `root` (snippets may place snippets). The content takes the position of the element
 * it replaces, so whatever is reported about it points at the page's line. Expressions (`{prop}`)
 * are not evaluated, here as anywhere in docsite. Returns the snippets placed, by name, for the
 * page's Markdown version.
 */
export function inlineSnippets(tree: Root, file: string, root: string, problem: SnippetProblem): Map<string, PlacedSnippet> {
  return inline(tree, file, root, problem, [file], undefined);
}

function inline(tree: Root, file: string, root: string, problem: SnippetProblem, chain: readonly string[], at: Position | undefined): Map<string, PlacedSnippet> {
  const placed = new Map<string, PlacedSnippet>();
  const imports = snippetImports(tree, file, (where, message) => problem(at ?? where, message));
  if (imports.size === 0) return placed;
  const contentOf = new Map<string, RootContent[] | undefined>();
  const content = (name: string, where: Position): RootContent[] | undefined => {
    if (!contentOf.has(name)) {
      const snippet = snippetContent(imports.get(name)!, root, problem, chain, at ?? where);
      if (snippet) placed.set(name, snippet.placed);
      contentOf.set(name, snippet?.nodes);
    }
    return contentOf.get(name);
  };
  const replaceIn = (parent: Parent): void => {
    for (let i = 0; i < parent.children.length; i++) {
      const child = parent.children[i] as Nodes;
      if (isJsxElement(child) && child.name && imports.has(child.name)) {
        const where = positionOf(child);
        const nodes = content(child.name, where);
        const replacement = nodes ? placedAt(child.type === 'mdxJsxTextElement' ? inlineContent(nodes) : nodes, child.position, stringProps(child)) : [];
        parent.children.splice(i, 1, ...(replacement as typeof parent.children));
        i += replacement.length - 1;
      } else if ('children' in child) replaceIn(child);
    }
  };
  replaceIn(tree);
  return placed;
}

/** The snippet files a tree imports, by local name; bad imports are reported and left out. */
function snippetImports(tree: Root, file: string, problem: SnippetProblem): Map<string, string> {
  const imports = new Map<string, string>();
  for (const node of tree.children) {
    if (node.type !== 'mdxjsEsm') continue;
    for (const match of node.value.matchAll(DEFAULT_IMPORT)) {
      const [, name, , specifier] = match;
      const path = specifier!.startsWith('/') ? posix.normalize(specifier!.slice(1)) : posix.join(posix.dirname(file), specifier!);
      // One ESM block holds all the imports: each is reported at its own line.
      const at = { line: positionOf(node).line + (node.value.slice(0, match.index).match(/\n/g)?.length ?? 0), column: 1 };
      if (!path.startsWith(SNIPPETS_DIR)) problem(at, `"${specifier}" is not under ${SNIPPETS_DIR}: pages import MDX only from there, so <${name}> renders nothing.`);
      else imports.set(name!, path);
    }
  }
  return imports;
}

/** A snippet's content, its own snippets in place; undefined (and reported) when it cannot be had. */
function snippetContent(path: string, root: string, problem: SnippetProblem, chain: readonly string[], at: Position): { nodes: RootContent[]; placed: PlacedSnippet } | undefined {
  if (chain.includes(path)) return void problem(at, `The snippet ${path} places itself (${[...chain, path].join(' → ')}).`);
  if (chain.length > MAX_DEPTH) return void problem(at, `Snippets are placed more than ${MAX_DEPTH} deep (${chain.join(' → ')}).`);
  let source: string;
  try {
    source = pageText(readFileSync(join(root, path)));
  } catch (error) {
    return void problem(at, `The snippet ${path} cannot be read: ${(error as Error).message}`);
  }
  const { source: mdx, idsByLine } = extractHeadingIds(source.replace(/^\uFEFF/, ''));
  let tree: Root;
  try {
    tree = parseMdx(mdx);
  } catch (error) {
    const place = error as { line?: number; reason?: string };
    return void problem(at, `The snippet ${path} is not valid MDX (line ${place.line ?? 1}): ${place.reason ?? String(error)}`);
  }
  // Custom heading ids ({#id}) go by line, and the snippet's lines are about to be the page's.
  for (const node of tree.children) {
    const id = node.type === 'heading' ? idsByLine.get(node.position?.start.line ?? 0) : undefined;
    if (id) node.data = { ...node.data, hProperties: { ...node.data?.hProperties, id } };
  }
  const places = inline(tree, path, root, problem, [...chain, path], at);
  return { nodes: tree.children.filter((node) => node.type !== 'yaml' && node.type !== 'mdxjsEsm'), placed: { source, places } };
}

/** A snippet placed inside a line of text: a lone paragraph's words, not the paragraph. */
function inlineContent(nodes: RootContent[]): RootContent[] {
  return nodes.length === 1 && nodes[0]!.type === 'paragraph' ? (nodes[0].children as RootContent[]) : nodes;
}

/**
 * Copies of `nodes` (a snippet placed twice must not share nodes) with every position set to
 * `position`, and each `{name}` expression of a string prop given at the placement replaced by
 * its text: `<Plan name="Team" />` fills `{name}`. Nothing is evaluated; other expressions stay
 * as they are (and render nothing).
 */
function placedAt(nodes: RootContent[], position: Nodes['position'], props: ReadonlyMap<string, string>): RootContent[] {
  const copies = structuredClone(nodes);
  const parents: Parent[] = [{ type: 'root', children: copies } as Root];
  while (parents.length > 0) {
    const parent = parents.pop()!;
    parent.children.forEach((node, i) => {
      const value = (node.type === 'mdxTextExpression' || node.type === 'mdxFlowExpression') && props.get(node.value.trim());
      if (typeof value === 'string') {
        const text = { type: 'text', value } as const;
        parent.children[i] = node.type === 'mdxFlowExpression' ? { type: 'paragraph', children: [text] } : text;
        node = parent.children[i] as RootContent;
      }
      if (position) node.position = position;
      else delete node.position;
      if ('children' in node) parents.push(node);
    });
  }
  return copies;
}

/** The props of a placement given as plain strings (`name="Team"`). */
function stringProps(element: Nodes): Map<string, string> {
  const props = new Map<string, string>();
  if (isJsxElement(element)) for (const attr of element.attributes) if (attr.type === 'mdxJsxAttribute' && typeof attr.value === 'string') props.set(attr.name, attr.value);
  return props;
}

function positionOf(node: Nodes): Position {
  return { line: node.position?.start.line ?? 1, column: node.position?.start.column ?? 1 };
}
