// Reading the estree nodes acorn gives: nothing about a node is assumed, what is read of it is checked where it is read.

/** An estree node as acorn gives it. */
export interface JsNode {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

/** `value` when it is a node. */
export function jsNode(value: unknown): JsNode | undefined {
  return value !== null && typeof value === 'object' && typeof (value as JsNode).type === 'string' ? (value as JsNode) : undefined;
}

/** The nodes of `value` when it is an array (of a node's children), else none. */
export function jsNodes(value: unknown): JsNode[] {
  return Array.isArray(value) ? value.filter((item): item is JsNode => jsNode(item) !== undefined) : [];
}

/** The text of a template literal's part, escapes read. */
export function cooked(quasi: JsNode | undefined): string | undefined {
  const value = quasi?.value as { cooked?: string } | undefined;
  return value?.cooked ?? undefined;
}

/** The name of an identifier node. */
export function identifier(value: unknown): string | undefined {
  const n = jsNode(value);
  return n?.type === 'Identifier' && typeof n.name === 'string' ? n.name : undefined;
}
