// Snippets: MDX files under snippets/ that a page imports and places as a component (`<Caution />`).
import { posix } from 'node:path';
import type { Nodes, Parent, Root, RootContent } from 'mdast';
import type { Position } from '../diagnostics/index.js';
import { RefusedPathError, type ConfinedFolder } from './confined-folder.js';
import { extractHeadingIds } from './heading-ids.js';
import { parseMdx } from './mdx-processor.js';
import { attributeString, isJsxElement, type JsxElement, markComponentMarkup, startOf } from './mdx-nodes.js';
import type { WrittenAt } from './page-model.js';
import { pageText } from './page-text.js';
import { componentExports, instantiate, type SnippetComponent } from './snippet-components.js';
import { toMarkdown } from 'mdast-util-to-markdown';
import { mdxToMarkdown } from 'mdast-util-mdx';
import { gfmToMarkdown } from 'mdast-util-gfm';
import { fillVariables, type ContentVariables } from './variables.js';

declare module 'mdast' {
  interface Data {
    /**
     * Where a node placed from a snippet is written: its position then is the placement's on the
     * page, so that the page's checks keep their lines, and this says what line to fix.
     */
    writtenAt?: WrittenAt;
  }
}

/** Where snippets live; nothing else may be imported. */
export const SNIPPETS_DIR = 'snippets/';

/** Snippets placing snippets: deeper than this is surely a mistake. */
const MAX_DEPTH = 8;

/** `import Name from "/snippets/name.mdx"` or `import { a, b as c } from …`: an import of an MDX, Markdown or JSX file. */
const IMPORT = /import\s+(?:([A-Za-z_$][\w$]*)|\{([^}]*)\})\s+from\s*(['"])([^'"]+\.(?:mdx?|jsx))\3/g;
/** A module of code, whose components are read (never run); it has no content of its own to place. */
const CODE_MODULE = /\.jsx$/;
/** `export const name = "text"`: a snippet's string variable (nothing else is read, nothing is run). */
const STRING_EXPORT = /^export\s+const\s+([A-Za-z_$][\w$]*)\s*=\s*(?:"((?:[^"\\\n]|\\.)*)"|'((?:[^'\\\n]|\\.)*)')\s*;?\s*$/gm;

/** What a page or snippet takes from snippets: the snippets it places and the variables it imports, by the names it uses. */
export interface SnippetUse {
  placed: ReadonlyMap<string, PlacedSnippet>;
  variables: ReadonlyMap<string, string>;
  /**
   * The Markdown of each component from a snippet placed on lines of its own, by the line the
   * placement starts on (in the file that places it): what the page's Markdown version shows there.
   */
  markup?: ReadonlyMap<number, PlacedMarkup>;
}

/** A component placed on lines `line`…`end` of a file, and its markup as Markdown. */
export interface PlacedMarkup {
  end: number;
  markdown: string;
}

/** A snippet a page placed: its source, its tree, and what it takes from snippets in turn. */
export interface PlacedSnippet {
  source: string;
  /** The snippet as parsed from `source` (without a BOM): its positions are offsets in that text. */
  tree: Root;
  uses: SnippetUse;
}

/** What a page without snippets takes. */
export const NO_USE: SnippetUse = { placed: new Map(), variables: new Map() };

/**
 * What `inlineSnippets` reports: a problem with an import, at the place in the page it concerns;
 * `refused` when the snippet's path leads out of the docs folder or is no regular file, `dynamic`
 * (a warning) for a component that computes its markup, which is left out.
 */
export type SnippetProblem = (at: Position, message: string, kind?: 'refused' | 'dynamic') => void;

/**
 * Replaces each element a page places by a snippet's imported name with that snippet's content,
 * read from `folder` (snippets may place snippets), each `{name}` of a variable imported from
 * a snippet (`export const name = "text"`) with its text, and each component imported from a
 * snippet (`export const Banner = ({ title }) => <Note>{title}</Note>`, in MDX or JSX) with the
 * markup it returns, its props filled in (see instantiate). Placed content takes the position
 * of the element it replaces, so whatever is reported about it points at the page's line.
 * Nothing is evaluated: other expressions stay as they are (and render nothing), a component
 * that computes its markup is reported and gives way to its children. Returns what the page
 * took, for its Markdown version.
 */
export function inlineSnippets(tree: Root, file: string, folder: ConfinedFolder, problem: SnippetProblem, variables?: ContentVariables): SnippetUse {
  return inline(tree, file, folder, problem, [file], undefined, variables);
}

/** A component a page may place: the file it comes from, and the other components of that file, which its markup may place. */
interface Placeable {
  path: string;
  component: SnippetComponent;
  module: ReadonlyMap<string, SnippetComponent>;
}

function inline(
  tree: Root,
  file: string,
  folder: ConfinedFolder,
  problem: SnippetProblem,
  chain: readonly string[],
  at: Position | undefined,
  docsVariables: ContentVariables | undefined,
): SnippetUse {
  const imports = snippetImports(tree, file, (where, message) => problem(at ?? where, message));
  // Components the file defines itself (`export const HeroCard = …` in a page) are placed alike.
  const local = localComponents(tree);
  if (imports.contents.size === 0 && imports.named.size === 0 && local.size === 0) return NO_USE;
  const variables = new Map<string, string>();
  const components = new Map<string, Placeable>();
  for (const [name, component] of local) components.set(name, { path: file, component, module: local });
  const exportsOf = new Map<string, ModuleExports | undefined>();
  for (const [name, { path, exported, where }] of imports.named) {
    if (!exportsOf.has(path))
      exportsOf.set(
        path,
        moduleExports(path, folder, (message, kind) => problem(at ?? where, message, kind), docsVariables),
      );
    const exports = exportsOf.get(path);
    if (!exports) continue;
    const value = exports.strings.get(exported);
    const component = exports.components.get(exported);
    if (value !== undefined) variables.set(name, value);
    else if (component) components.set(name, { path, component, module: exports.components });
    else if (!exports.names.has(exported))
      problem(
        at ?? where,
        /^[A-Z]/.test(exported)
          ? `The snippet ${path} exports no \`${exported}\` for <${name}>.`
          : `The snippet ${path} has no \`export const ${exported} = "…"\` for {${name}}.`,
      );
  }
  fillExpressions(tree, variables);
  const placed = new Map<string, PlacedSnippet>();
  const markup = new Map<number, PlacedMarkup>();
  const contentOf = new Map<string, RootContent[] | undefined>();
  const content = (name: string, where: Position): RootContent[] | undefined => {
    if (!contentOf.has(name)) {
      const snippet = snippetContent(imports.contents.get(name)!, folder, problem, chain, at ?? where, docsVariables);
      if (snippet) placed.set(name, snippet.placed);
      contentOf.set(name, snippet?.nodes);
    }
    return contentOf.get(name);
  };
  const reportedDynamic = new Set<string>();
  /**
   * A component's markup at `element`, the components of its file it places in turn placed too
   * (`depth` levels down already); its children (reported once a name) when it is dynamic.
   */
  const markupOf = (element: JsxElement, name: string, { path, component, module }: Placeable, depth: number): RootContent[] => {
    const inlinePlacement = element.type === 'mdxJsxTextElement';
    const result =
      component.kind === 'static'
        ? instantiate(component, { props: stringProps(element), children: element.children as RootContent[], inline: inlinePlacement })
        : { dynamic: component.reason };
    if ('nodes' in result) {
      const root: Root = { type: 'root', children: result.nodes };
      if (depth < MAX_DEPTH)
        placeComponents(root, (inner, innerName) => {
          const inside = module.get(innerName);
          return inside && markupOf(inner, innerName, { path, component: inside, module }, depth + 1);
        });
      if (depth === 0 && !inlinePlacement && element.position && root.children.length > 0)
        markup.set(element.position.start.line, { end: element.position.end.line, markdown: markdownOf(root.children) });
      return root.children;
    }
    if (!reportedDynamic.has(`${path}\0${name}`)) {
      reportedDynamic.add(`${path}\0${name}`);
      problem(at ?? startOf(element), `<${name}> from ${path} ${result.dynamic}, code docsite does not run; its children are rendered as they are.`, 'dynamic');
    }
    return element.children as RootContent[];
  };
  const replaceIn = (parent: Parent): void => {
    for (let i = 0; i < parent.children.length; i++) {
      const child = parent.children[i] as Nodes;
      if (isJsxElement(child) && child.name && imports.contents.has(child.name)) {
        const nodes = content(child.name, startOf(child));
        const placed = nodes && (child.type === 'mdxJsxTextElement' ? inlineContent(nodes) : nodes);
        const replacement = placed ? placedAt(placed, child.position, stringProps(child), imports.contents.get(child.name)!) : [];
        parent.children.splice(i, 1, ...(replacement as typeof parent.children));
        i += replacement.length - 1;
      } else if (isJsxElement(child) && child.name && components.has(child.name)) {
        // Its children first: they may place snippets too, and are placed inside its markup.
        replaceIn(child);
        const replacement = placedAt(markupOf(child, child.name, components.get(child.name)!, 0), child.position, new Map());
        for (const node of replacement) markComponentMarkup(node);
        parent.children.splice(i, 1, ...(replacement as typeof parent.children));
        i += replacement.length - 1;
      } else if ('children' in child) replaceIn(child);
    }
  };
  replaceIn(tree);
  return { placed, variables, ...(markup.size > 0 ? { markup } : {}) };
}

/** Replaces each JSX element of `tree` that `place` gives markup for (children first) with that markup. */
function placeComponents(tree: Parent, place: (element: JsxElement, name: string) => RootContent[] | undefined): void {
  for (let i = 0; i < tree.children.length; i++) {
    const child = tree.children[i] as Nodes;
    if (!('children' in child)) continue;
    placeComponents(child, place);
    const replacement = isJsxElement(child) && child.name ? place(child, child.name) : undefined;
    if (!replacement) continue;
    tree.children.splice(i, 1, ...(replacement as typeof tree.children));
    i += replacement.length - 1;
  }
}

/** The components a page or snippet defines in its own `export` blocks; none when they do not parse (MDX reported that). */
function localComponents(tree: Root): ReadonlyMap<string, SnippetComponent> {
  const components = new Map<string, SnippetComponent>();
  for (const node of tree.children) {
    if (node.type !== 'mdxjsEsm' || !/\bexport\b/.test(node.value)) continue;
    try {
      for (const [name, component] of componentExports(node.value).components) components.set(name, component);
    } catch {
      // Not JavaScript acorn reads: nothing to place from it.
    }
  }
  return components;
}

/** Markdown of placed markup, as the page's Markdown version shows it (JSX kept as JSX). */
function markdownOf(nodes: RootContent[]): string {
  return toMarkdown({ type: 'root', children: nodes }, { extensions: [mdxToMarkdown(), gfmToMarkdown()] }).trim();
}

/** Where a tree imports a name from: the snippet, the name it exports, the import's line. */
interface NamedImport {
  path: string;
  exported: string;
  where: Position;
}

/**
 * What a tree imports from snippets, by local name: snippets whose content it places (default
 * imports of MDX) and names a snippet exports (variables and components); bad imports are
 * reported and left out. A default import of code (`.jsx`) is left to the unknown-component check.
 */
function snippetImports(tree: Root, file: string, problem: SnippetProblem): { contents: Map<string, string>; named: Map<string, NamedImport> } {
  const contents = new Map<string, string>();
  const named = new Map<string, NamedImport>();
  for (const node of tree.children) {
    if (node.type !== 'mdxjsEsm') continue;
    for (const match of node.value.matchAll(IMPORT)) {
      const [, name, names, , specifier] = match;
      const path = specifier!.startsWith('/') ? posix.normalize(specifier!.slice(1)) : posix.join(posix.dirname(file), specifier!);
      // One ESM block holds all the imports: each is reported at its own line.
      const where = { line: startOf(node).line + (node.value.slice(0, match.index).match(/\n/g)?.length ?? 0), column: 1 };
      if (!path.startsWith(SNIPPETS_DIR)) {
        problem(
          where,
          `"${specifier}" is not under ${SNIPPETS_DIR}: pages import MDX only from there, so ${name ? `<${name}>` : `{${names!.trim()}}`} renders nothing.`,
        );
      } else if (name) {
        if (!CODE_MODULE.test(path)) contents.set(name, path);
      } else {
        for (const part of names!.split(',')) {
          const [exported, local = exported] = part.trim().split(/\s+as\s+/);
          if (exported) named.set(local!, { path, exported, where });
        }
      }
    }
  }
  return { contents, named };
}

/** What a snippet module exports: string constants, components, and every name it exports. */
interface ModuleExports {
  strings: Map<string, string>;
  components: Map<string, SnippetComponent>;
  names: Set<string>;
}

/** The exports of an MDX or JSX snippet; undefined (and reported) when it cannot be read or parsed. */
function moduleExports(
  path: string,
  folder: ConfinedFolder,
  problem: (message: string, kind?: 'refused') => void,
  variables: ContentVariables | undefined,
): ModuleExports | undefined {
  const source = snippetSource(path, folder, problem, variables);
  if (source === undefined) return undefined;
  const strings = stringExports(source);
  const components = new Map<string, SnippetComponent>();
  const names = new Set(strings.keys());
  const blocks: { code: string; line: number }[] = [];
  if (CODE_MODULE.test(path)) blocks.push({ code: source, line: 1 });
  else {
    let tree: Root;
    try {
      tree = parseMdx(source.replace(/^\uFEFF/, ''));
    } catch (error) {
      const place = error as { line?: number; reason?: string };
      return void problem(`The snippet ${path} is not valid MDX (line ${place.line ?? 1}): ${place.reason ?? String(error)}`);
    }
    for (const node of tree.children) if (node.type === 'mdxjsEsm') blocks.push({ code: node.value, line: startOf(node).line });
  }
  for (const { code, line } of blocks) {
    try {
      const found = componentExports(code);
      for (const [name, component] of found.components) components.set(name, component);
      for (const name of found.names) names.add(name);
    } catch (error) {
      const place = error as { loc?: { line: number }; message?: string };
      return void problem(`The snippet ${path} is not valid JavaScript (line ${line - 1 + (place.loc?.line ?? 1)}): ${place.message ?? String(error)}`);
    }
  }
  return { strings, components, names };
}

/** A snippet file's text, docs.json variables filled in; undefined (and reported) when it cannot be read or may not be. */
function snippetSource(
  path: string,
  folder: ConfinedFolder,
  problem: (message: string, kind?: 'refused') => void,
  variables: ContentVariables | undefined,
): string | undefined {
  try {
    return fillVariables(pageText(folder.read(path)), variables);
  } catch (error) {
    if (error instanceof RefusedPathError) return void problem(`The snippet ${error.message}`, 'refused');
    return void problem(`The snippet ${path} cannot be read: ${(error as Error).message}`);
  }
}

/** The string constants a snippet exports. */
function stringExports(source: string): Map<string, string> {
  const values = new Map<string, string>();
  for (const [, name, double, single] of source.matchAll(STRING_EXPORT)) values.set(name!, (double ?? single!).replace(/\\(.)/g, '$1'));
  return values;
}

/** A snippet's content, its own snippets in place; undefined (and reported) when it cannot be had. */
function snippetContent(
  path: string,
  folder: ConfinedFolder,
  problem: SnippetProblem,
  chain: readonly string[],
  at: Position,
  variables: ContentVariables | undefined,
): { nodes: RootContent[]; placed: PlacedSnippet } | undefined {
  if (chain.includes(path)) return void problem(at, `The snippet ${path} places itself (${[...chain, path].join(' → ')}).`);
  if (chain.length > MAX_DEPTH) return void problem(at, `Snippets are placed more than ${MAX_DEPTH} deep (${chain.join(' → ')}).`);
  const source = snippetSource(path, folder, (message, kind) => problem(at, message, kind), variables);
  if (source === undefined) return undefined;
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
  const uses = inline(tree, path, folder, problem, [...chain, path], at, variables);
  return { nodes: tree.children.filter((node) => node.type !== 'yaml' && node.type !== 'mdxjsEsm'), placed: { source, tree, uses } };
}

/** A snippet placed inside a line of text: a lone paragraph's words, not the paragraph. */
function inlineContent(nodes: RootContent[]): RootContent[] {
  return nodes.length === 1 && nodes[0]!.type === 'paragraph' ? (nodes[0].children as RootContent[]) : nodes;
}

/**
 * Copies of `nodes` (a snippet placed twice must not share nodes) with every position set to
 * `position`, and the `{name}` of each string prop given at the placement filled:
 * `<Plan name="Team" />` fills `{name}`. Nodes of the snippet file `from` keep where they are
 * written in it (see WrittenAt); those placed into it from another snippet keep theirs.
 */
function placedAt(nodes: RootContent[], position: Nodes['position'], props: ReadonlyMap<string, string>, from?: string): RootContent[] {
  const copies: Root = { type: 'root', children: structuredClone(nodes) };
  fillExpressions(copies, props);
  const stack: Nodes[] = [...copies.children];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (from !== undefined && node.position && !node.data?.writtenAt)
      node.data = { ...node.data, writtenAt: { file: from, line: node.position.start.line, column: node.position.start.column } };
    if (position) node.position = position;
    else delete node.position;
    if ('children' in node) stack.push(...node.children);
  }
  return copies.children;
}

/** Replaces each `{name}` expression whose name has a value with that text (nothing is evaluated). */
function fillExpressions(tree: Root, values: ReadonlyMap<string, string>): void {
  if (values.size === 0) return;
  const parents: Parent[] = [tree];
  while (parents.length > 0) {
    const parent = parents.pop()!;
    parent.children.forEach((node, i) => {
      const value = (node.type === 'mdxTextExpression' || node.type === 'mdxFlowExpression') && values.get(node.value.trim());
      if (typeof value !== 'string') {
        if ('children' in node) parents.push(node);
        return;
      }
      const text = { type: 'text' as const, value, position: node.position };
      parent.children[i] = node.type === 'mdxFlowExpression' ? { type: 'paragraph', children: [text], position: node.position } : text;
    });
  }
}

/** The props of a placement given as strings (`name="Team"`, `name={"Team"}`) or number literals (`cols={2}`). */
function stringProps(element: Nodes): Map<string, string> {
  const props = new Map<string, string>();
  if (!isJsxElement(element)) return props;
  for (const attr of element.attributes) {
    if (attr.type !== 'mdxJsxAttribute') continue;
    const value = attributeString(attr.value) ?? (typeof attr.value === 'object' ? /^\s*(-?\d+(?:\.\d+)?)\s*$/.exec(attr.value?.value ?? '')?.[1] : undefined);
    if (value !== undefined) props.set(attr.name, value);
  }
  return props;
}
