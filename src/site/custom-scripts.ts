// What a site's own JavaScript files need of the pages' Content-Security-Policy. Mintlify runs every
// `.js` file of the docs folder on every page, with no such policy: a file loads a third-party
// script (a `<script>` element made with document.createElement, its `src` set, as Mintlify
// documents), or writes markup with inline event handlers (`<button onclick="accept()">`, as
// cookie banners do). Read from the files before they are served, those origins and those exact
// handlers are allowed, and nothing else.
import { createHash } from 'node:crypto';
import { parse } from 'acorn';
import { cooked, identifier, jsNode, jsNodes, type ConfinedFolder, type JsNode } from '../content/index.js';
import { diagnostic, type Diagnostic } from '../diagnostics/index.js';

/** What the site's scripts need allowed, and what could not be read. */
export interface CustomScripts {
  /** Origins they load scripts from: `https://widget.example.com`, sorted, each once. */
  origins: string[];
  /** CSP hashes of the inline event handlers their markup holds (`'sha256-…'`), sorted, each once. */
  handlers: string[];
  diagnostics: Diagnostic[];
}

/** A URL's origin, written out up to its path: `https://host[:port]/…` (or `//host/…`, the page's scheme: taken as https). */
const ORIGIN = /^(https?:)?\/\/([a-z0-9.-]+(?::\d{1,5})?)([/?#]|$)/i;
/** The start of a path of the site's own. */
const SITE_PATH = /^(\/(?!\/)|\.\.?\/)/;
/** A URL with a scheme or a host: not the site's own. */
const OFF_SITE = /^([a-z][a-z0-9+.-]*:|\/\/)/i;

/** What the JavaScript files `scripts` (paths in `folder`) need allowed: the origins they load scripts from, their inline handlers. */
export function readCustomScripts(folder: ConfinedFolder, scripts: readonly string[]): CustomScripts {
  const origins = new Set<string>();
  const handlers = new Set<string>();
  const diagnostics: Diagnostic[] = [];
  for (const file of scripts) {
    let program: JsNode;
    try {
      program = parse(folder.read(file).toString('utf8'), {
        ecmaVersion: 'latest',
        sourceType: 'script',
        allowHashBang: true,
        locations: true,
      }) as unknown as JsNode;
    } catch (error) {
      const { loc, message } = error as { loc?: { line: number; column: number }; message: string };
      const at = { line: loc?.line ?? 1, column: (loc?.column ?? 0) + 1 };
      diagnostics.push(diagnostic('script/syntax', file, at, `${file} is not JavaScript a browser runs as a script: ${message.replace(/ \(\d+:\d+\)$/, '')}.`));
      continue;
    }
    for (const handler of inlineHandlers(program)) handlers.add(`'sha256-${createHash('sha256').update(handler).digest('base64')}'`);
    for (const source of scriptSources(program)) {
      const origin = originOf(source);
      if (origin === 'site') continue;
      if (origin) origins.add(origin);
      else {
        const what = source.text === undefined ? 'a value' : `"${source.text}${source.whole ? '' : '…'}"`;
        // acorn's `locations`: 1-based line, 0-based column.
        const start = (source.node.loc as { start: { line: number; column: number } } | undefined)?.start;
        const at = { line: start?.line ?? 1, column: (start?.column ?? 0) + 1 };
        diagnostics.push(
          diagnostic(
            'script/unknown-origin',
            file,
            at,
            `A script's src is set to ${what}, whose origin docsite cannot read before serving: the pages do not allow it.`,
          ),
        );
      }
    }
  }
  return { origins: [...origins].sort(), handlers: [...handlers].sort(), diagnostics };
}

/** An event handler attribute in markup a script writes: ` onclick="…"` or ` onclick='…'`. */
const HANDLER_ATTRIBUTE = /\son[a-z]+\s*=\s*(?:"([^"]*)"|'([^']*)')/gi;
/** The character references a handler's attribute value may hold, as the HTML parser reads them. */
const REFERENCES: Readonly<Record<string, string>> = { '&quot;': '"', '&#39;': "'", '&apos;': "'", '&lt;': '<', '&gt;': '>', '&amp;': '&' };

/**
 * The inline event handlers of the markup a script's strings and templates hold (`'<button
 * onclick="accept()">'`), and those it sets with `setAttribute("onclick", "…")`, as the browser
 * hashes them: the attribute's value, character references read.
 */
function inlineHandlers(program: JsNode): string[] {
  const handlers: string[] = [];
  visit(program, (node) => {
    const text = node.type === 'Literal' && typeof node.value === 'string' ? node.value : node.type === 'TemplateElement' ? cooked(node) : undefined;
    if (text?.includes('on'))
      for (const [, double, single] of text.matchAll(HANDLER_ATTRIBUTE))
        handlers.push((double ?? single!).replace(/&(?:quot|#39|apos|lt|gt|amp);/g, (ref) => REFERENCES[ref]!));
    if (node.type === 'CallExpression' && isMember(node.callee, 'setAttribute')) {
      const [name, value] = jsNodes(node.arguments);
      if (name?.type === 'Literal' && /^on[a-z]+$/i.test(String(name.value)) && value?.type === 'Literal' && typeof value.value === 'string')
        handlers.push(value.value);
    }
  });
  return handlers;
}

/** A `src` given to a script element: the node of its value, and its text as far as it is written out. */
interface ScriptSource extends WrittenText {
  node: JsNode;
}

/** The text an expression's value starts with (undefined: none is written out), and whether that is all of it. */
interface WrittenText {
  text: string | undefined;
  whole: boolean;
}

/**
 * The origin a script source loads from; `site` for one of the site's own paths, undefined when it
 * is not written out far enough to tell: a value that goes on after its host (`"https://cdn." + x`)
 * must have come to its path.
 */
function originOf({ text, whole }: WrittenText): string | 'site' | undefined {
  if (text === undefined) return undefined;
  // A path of the site; what goes on after a start such as `"cdn"` may still name a host.
  if (!OFF_SITE.test(text)) return whole || SITE_PATH.test(text) ? 'site' : undefined;
  const match = ORIGIN.exec(text);
  if (!match || (!whole && match[3] === '')) return undefined;
  return `${(match[1] ?? 'https:').toLowerCase()}//${match[2]!.toLowerCase()}`;
}

/**
 * The `src` values given to script elements: `el.src = …` and `el.setAttribute("src", …)` where
 * `el` is a name given `document.createElement("script")` in the file.
 */
function scriptSources(program: JsNode): ScriptSource[] {
  const elements = new Set<string>();
  const uses: { target: string | undefined; value: JsNode }[] = [];
  visit(program, (node) => {
    const declared = node.type === 'VariableDeclarator' && isScriptElement(node.init) ? identifier(node.id) : undefined;
    if (declared) elements.add(declared);
    const right = node.type === 'AssignmentExpression' ? jsNode(node.right) : undefined;
    if (right) {
      const assigned = isScriptElement(right) ? identifier(node.left) : undefined;
      if (assigned) elements.add(assigned);
      if (isMember(node.left, 'src')) uses.push({ target: identifier(node.left.object), value: right });
    }
    if (node.type === 'CallExpression' && isMember(node.callee, 'setAttribute')) {
      const [name, value] = jsNodes(node.arguments);
      if (name?.type === 'Literal' && String(name.value).toLowerCase() === 'src' && value) uses.push({ target: identifier(node.callee.object), value });
    }
  });
  return uses
    .filter(({ target }) => target !== undefined && elements.has(target))
    .sort((a, b) => a.value.start - b.value.start)
    .map(({ value }) => ({ node: value, ...writtenText(value) }));
}

/** `document.createElement("script")`. */
function isScriptElement(value: unknown): boolean {
  const call = jsNode(value);
  if (call?.type !== 'CallExpression' || !isMember(call.callee, 'createElement')) return false;
  const [tag] = jsNodes(call.arguments);
  return tag?.type === 'Literal' && String(tag.value).toLowerCase() === 'script';
}

/** `x.name` or `x["name"]`. */
function isMember(value: unknown, name: string): value is JsNode & { object: unknown } {
  const member = jsNode(value);
  const property = jsNode(member?.property);
  if (member?.type !== 'MemberExpression' || !property) return false;
  return member.computed ? property.type === 'Literal' && property.value === name : identifier(property) === name;
}

/** What an expression's value starts with, as far as it is written out: a string, a template's first part, the left of a `+`. */
function writtenText(node: JsNode): WrittenText {
  if (node.type === 'Literal' && typeof node.value === 'string') return { text: node.value, whole: true };
  if (node.type === 'TemplateLiteral') return { text: cooked(jsNodes(node.quasis)[0]), whole: jsNodes(node.expressions).length === 0 };
  const left = node.type === 'BinaryExpression' && node.operator === '+' ? jsNode(node.left) : undefined;
  const right = jsNode(node.right);
  if (left && right) {
    const start = writtenText(left);
    if (!start.whole) return { text: start.text, whole: false };
    const rest = writtenText(right);
    return { text: `${start.text}${rest.text ?? ''}`, whole: rest.whole };
  }
  return { text: undefined, whole: false };
}

/** Calls `enter` on every node of the tree under `node`. */
function visit(node: JsNode, enter: (node: JsNode) => void): void {
  const stack: JsNode[] = [node];
  while (stack.length > 0) {
    const current = stack.pop()!;
    enter(current);
    for (const [key, value] of Object.entries(current)) {
      if (key === 'loc') continue;
      if (Array.isArray(value)) stack.push(...jsNodes(value));
      else {
        const child = jsNode(value);
        if (child) stack.push(child);
      }
    }
  }
}
