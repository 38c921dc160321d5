// What a page holds that needs browser assets beyond every page's: math and diagrams.
import type { Code, Nodes, Root } from 'mdast';
import { isJsxElement } from './mdx-nodes.js';

/** `math`: `$…$` or `$$…$$` (KaTeX's stylesheet and fonts); `diagrams`: a Mermaid diagram (the Mermaid script). */
export type PageFeature = 'math' | 'diagrams';

/** A ```` ```mermaid ```` fence: a diagram's source, not code to show. */
export function isMermaidFence(node: Code): boolean {
  return node.lang === 'mermaid';
}

/** The features of a page's tree (snippets it places included), in a fixed order. */
export function pageFeatures(tree: Root): PageFeature[] {
  let math = false;
  let diagrams = false;
  const visit = (node: Nodes): void => {
    if (node.type === 'math' || node.type === 'inlineMath') math = true;
    else if ((node.type === 'code' && isMermaidFence(node)) || (isJsxElement(node) && node.name === 'Mermaid')) diagrams = true;
    if ('children' in node) for (const child of node.children) visit(child);
  };
  visit(tree);
  return [...(math ? (['math'] as const) : []), ...(diagrams ? (['diagrams'] as const) : [])];
}
