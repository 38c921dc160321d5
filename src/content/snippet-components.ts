// Components a snippet exports (`export const Banner = ({ title }) => <Note>{title}</Note>`), placed
// by static substitution: the JSX a component returns, its props filled in. Nothing is evaluated: a
// component that computes its markup (hooks, loops, conditions, local variables) is "dynamic".
import { Parser } from 'acorn';
import jsx from 'acorn-jsx';
import type { PhrasingContent, RootContent } from 'mdast';
import type { MdxJsxAttribute, MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx';
import { cooked, identifier, jsNode, jsNodes, type JsNode } from './js-nodes.js';

/** A component whose markup is static: its props (with defaults) and the JSX it returns, in `source`. */
export interface StaticComponent {
  kind: 'static';
  /** Destructured props and their literal defaults (`({ title = "x" })`); children included. */
  params: Record<string, string | undefined>;
  /** The name of a props object taken whole (`(props) => … props.title …`). */
  propsName?: string;
  /** The returned JSX; undefined when the component returns null. */
  body?: JsNode;
  source: string;
}

/** A component that computes its markup: why, as a message says it ("calls useState"). */
export interface DynamicComponent {
  kind: 'dynamic';
  reason: string;
}

export type SnippetComponent = StaticComponent | DynamicComponent;

/** What a snippet module exports: its components, and the names of everything it exports. */
export interface ComponentExports {
  components: Map<string, SnippetComponent>;
  names: Set<string>;
}

const JsxParser = Parser.extend(jsx());

/**
 * The components exported by the ES module `source` (a .jsx file, or one `export` block of an
 * MDX snippet). Throws acorn's SyntaxError (with `loc`) when it does not parse.
 */
export function componentExports(source: string): ComponentExports {
  const program = JsxParser.parse(source, { ecmaVersion: 'latest', sourceType: 'module', allowHashBang: true }) as unknown as JsNode;
  const components = new Map<string, SnippetComponent>();
  const names = new Set<string>();
  for (const statement of jsNodes(program.body)) {
    if (statement.type !== 'ExportNamedDeclaration') continue;
    for (const specifier of jsNodes(statement.specifiers)) {
      const exported = jsNode(specifier.exported);
      if (exported && typeof exported.name === 'string') names.add(exported.name);
    }
    const declaration = jsNode(statement.declaration);
    if (declaration?.type === 'FunctionDeclaration') {
      const name = identifier(declaration.id);
      if (name) {
        names.add(name);
        components.set(name, component(declaration, source));
      }
    } else if (declaration?.type === 'VariableDeclaration') {
      for (const declarator of jsNodes(declaration.declarations)) {
        const name = identifier(declarator.id);
        if (!name) continue;
        names.add(name);
        const init = jsNode(declarator.init);
        if (init && (init.type === 'ArrowFunctionExpression' || init.type === 'FunctionExpression')) components.set(name, component(init, source));
      }
    }
  }
  return { components, names };
}

/** A function as a component: static when it returns JSX or null (after constants at most) and calls no hook; its params are props. */
function component(fn: JsNode, source: string): SnippetComponent {
  const params: Record<string, string | undefined> = {};
  let propsName: string | undefined;
  const [first] = jsNodes(fn.params);
  if (first?.type === 'Identifier') propsName = identifier(first);
  else if (first?.type === 'ObjectPattern') {
    for (const property of jsNodes(first.properties)) {
      if (property.type !== 'Property') continue;
      const key = identifier(property.key);
      const value = jsNode(property.value);
      if (!key || !value) continue;
      params[key] = value.type === 'AssignmentPattern' ? staticString(jsNode(value.right)) : undefined;
    }
  }
  const hook = /\b(use[A-Z]\w*)\s*\(/.exec(source.slice(fn.start, fn.end))?.[1];
  if (hook) return { kind: 'dynamic', reason: `calls ${hook}` };
  let returned = jsNode(fn.body);
  if (returned?.type === 'BlockStatement') {
    // Constants may come before the return: markup that uses them is dynamic, attributes that do are left out.
    const statements = jsNodes(returned.body);
    const last = statements.at(-1);
    if (last?.type !== 'ReturnStatement' || !statements.slice(0, -1).every((statement) => statement.type === 'VariableDeclaration'))
      return { kind: 'dynamic', reason: 'computes its markup before returning it' };
    returned = jsNode(last.argument);
  }
  if (returned?.type === 'Literal' && returned.value === null) return { kind: 'static', params, ...(propsName ? { propsName } : {}), source };
  if (returned?.type !== 'JSXElement' && returned?.type !== 'JSXFragment') return { kind: 'dynamic', reason: 'returns no plain markup' };
  return { kind: 'static', params, ...(propsName ? { propsName } : {}), body: returned, source };
}

/** The value of a literal string, number or plain template, as text; undefined for anything else. */
function staticString(value: JsNode | undefined): string | undefined {
  if (value?.type === 'Literal' && (typeof value.value === 'string' || typeof value.value === 'number' || typeof value.value === 'boolean'))
    return String(value.value);
  if (value?.type === 'TemplateLiteral' && jsNodes(value.expressions).length === 0) return cooked(jsNodes(value.quasis)[0]);
  return undefined;
}

/** What a placement gives a component: its string props and its children. */
export interface Placement {
  props: ReadonlyMap<string, string>;
  children: RootContent[];
  /** Whether the component stands inside a line of text (its markup must be phrasing). */
  inline: boolean;
}

/**
 * The markup of a static component at a placement, as mdast: the JSX it returns with each prop
 * filled in (`{title}`, `href={href}`, `` `/docs/${slug}` ``), `{children}` replaced by the
 * placement's children. Undefined, with the reason, when the markup holds an expression that is
 * not a prop (`{items.map(…)}`, `{open && …}`): that is dynamic after all.
 */
export function instantiate(component: StaticComponent, placement: Placement): { nodes: RootContent[] } | { dynamic: string } {
  if (!component.body) return { nodes: [] };
  const values = new Map<string, string | RootContent[]>();
  for (const [name, fallback] of Object.entries(component.params)) {
    const given = placement.props.get(name);
    if (given !== undefined) values.set(name, given);
    else if (fallback !== undefined) values.set(name, fallback);
  }
  values.set('children', placement.children);
  const known = new Set([...Object.keys(component.params), 'children']);
  // A props object taken whole gives every prop of the placement (`props.title`).
  if (component.propsName) for (const [name, value] of placement.props) if (!values.has(name)) values.set(name, value);
  try {
    return { nodes: new Builder(component, values, known, placement.inline).content(component.body) };
  } catch (error) {
    if (error instanceof DynamicExpression) return { dynamic: `has {${error.expression}} in its markup` };
    throw error;
  }
}

/** An expression in a component's markup that is not a prop. */
class DynamicExpression extends Error {
  constructor(readonly expression: string) {
    super(expression);
  }
}

/** Missing props read as nothing: `{subtitle}` without a `subtitle` renders nothing. */
const NOTHING: unique symbol = Symbol('nothing');
type Resolved = string | RootContent[] | typeof NOTHING;

/** Turns a component's JSX into mdast JSX nodes, as if the page had written its markup. */
class Builder {
  constructor(
    readonly component: StaticComponent,
    readonly values: ReadonlyMap<string, string | RootContent[]>,
    readonly known: ReadonlySet<string>,
    readonly inline: boolean,
  ) {}

  content(jsxNode: JsNode): RootContent[] {
    if (jsxNode.type === 'JSXFragment') return jsNodes(jsxNode.children).flatMap((child) => this.child(child));
    if (jsxNode.type !== 'JSXElement') return [];
    const opening = jsNode(jsxNode.openingElement)!;
    const element = {
      type: this.inline ? 'mdxJsxTextElement' : 'mdxJsxFlowElement',
      name: jsxName(jsNode(opening.name)),
      attributes: jsNodes(opening.attributes).flatMap((attribute) => this.attribute(attribute)),
      children: jsNodes(jsxNode.children).flatMap((child) => this.child(child)),
    } as MdxJsxFlowElement | MdxJsxTextElement;
    return [element];
  }

  private child(child: JsNode): RootContent[] {
    if (child.type === 'JSXText') {
      const text = jsxText(String(child.value));
      return text ? [{ type: 'text', value: text }] : [];
    }
    if (child.type === 'JSXElement' || child.type === 'JSXFragment') return this.content(child);
    if (child.type !== 'JSXExpressionContainer') return [];
    const expression = jsNode(child.expression)!;
    if (expression.type === 'JSXEmptyExpression') return []; // a comment
    if (expression.type === 'JSXElement' || expression.type === 'JSXFragment') return this.content(expression);
    const value = this.resolve(expression);
    if (value === undefined) throw new DynamicExpression(this.source(expression));
    if (value === NOTHING) return [];
    if (typeof value === 'string') return value ? [{ type: 'text', value }] : [];
    const copies = structuredClone(value);
    return this.inline ? copies.flatMap((c) => (c.type === 'paragraph' ? c.children : [c as PhrasingContent])) : copies;
  }

  private attribute(attribute: JsNode): MdxJsxAttribute[] {
    if (attribute.type !== 'JSXAttribute') return []; // a spread: nothing to read statically
    const name = jsxName(jsNode(attribute.name));
    const value = jsNode(attribute.value);
    if (!value) return [{ type: 'mdxJsxAttribute', name, value: null }];
    if (value.type === 'Literal') return [{ type: 'mdxJsxAttribute', name, value: String(value.value) }];
    if (value.type !== 'JSXExpressionContainer') return [];
    const expression = jsNode(value.expression)!;
    const resolved = this.resolve(expression);
    if (typeof resolved === 'string') return [{ type: 'mdxJsxAttribute', name, value: resolved }];
    if (resolved !== undefined) return []; // a missing prop, or markup: no attribute
    // Left as the expression it is: renderers take literals from it (`cols={2}`) and drop the rest.
    return [{ type: 'mdxJsxAttribute', name, value: { type: 'mdxJsxAttributeValueExpression', value: this.source(expression) } }];
  }

  /** A prop, a literal or a template of them; undefined when it needs evaluating. */
  private resolve(expression: JsNode): Resolved | undefined {
    switch (expression.type) {
      case 'Literal':
        return expression.value === null ? NOTHING : staticString(expression);
      case 'Identifier':
        return this.prop(identifier(expression)!);
      case 'MemberExpression': {
        const object = identifier(expression.object);
        const property = identifier(expression.property);
        if (!object || object !== this.component.propsName || !property || expression.computed) return undefined;
        return this.values.get(property) ?? NOTHING;
      }
      case 'TemplateLiteral': {
        const quasis = jsNodes(expression.quasis);
        let text = cooked(quasis[0]) ?? '';
        for (const [i, part] of jsNodes(expression.expressions).entries()) {
          const value = this.resolve(part);
          if (value === undefined || Array.isArray(value)) return undefined;
          text += (value === NOTHING ? 'undefined' : value) + (cooked(quasis[i + 1]) ?? '');
        }
        return text;
      }
      case 'JSXElement':
      case 'JSXFragment':
        return this.content(expression);
      case 'LogicalExpression': {
        // `title ?? "Untitled"`, `title || "Untitled"`, `tag && <span>{tag}</span>`: decided by a prop.
        const left = this.resolve(jsNode(expression.left)!);
        if (left === undefined) return undefined;
        if (expression.operator === '&&') return truthy(left) ? this.resolve(jsNode(expression.right)!) : NOTHING;
        if (expression.operator === '??') return left === NOTHING ? this.resolve(jsNode(expression.right)!) : left;
        if (expression.operator === '||') return truthy(left) ? left : this.resolve(jsNode(expression.right)!);
        return undefined;
      }
      case 'ConditionalExpression': {
        const test = this.resolve(jsNode(expression.test)!);
        if (test === undefined) return undefined;
        return this.resolve(jsNode(truthy(test) ? expression.consequent : expression.alternate)!);
      }
      default:
        return undefined;
    }
  }

  private prop(name: string): Resolved | undefined {
    if (!this.known.has(name)) return undefined;
    return this.values.get(name) ?? NOTHING;
  }

  private source(expression: JsNode): string {
    return this.component.source.slice(expression.start, expression.end);
  }
}

/** Whether a resolved value is truthy in JavaScript: a non-empty string, or markup. */
function truthy(value: Resolved): boolean {
  return value !== NOTHING && value !== '';
}

/** JSX text as React renders it: lines trimmed and joined by a space, lines of blanks dropped. */
function jsxText(raw: string): string {
  const lines = raw.split(/\r\n|\r|\n/);
  if (lines.length === 1) return raw;
  return lines
    .map((line, i) => {
      let text = line;
      if (i > 0) text = text.replace(/^[ \t]+/, '');
      if (i < lines.length - 1) text = text.replace(/[ \t]+$/, '');
      return text;
    })
    .filter((line) => line !== '')
    .join(' ');
}

function jsxName(name: JsNode | undefined): string {
  if (!name) return '';
  if (name.type === 'JSXIdentifier') return String(name.name);
  if (name.type === 'JSXMemberExpression') return `${jsxName(jsNode(name.object))}.${jsxName(jsNode(name.property))}`;
  if (name.type === 'JSXNamespacedName') return `${jsxName(jsNode(name.namespace))}:${jsxName(jsNode(name.name))}`;
  return '';
}
