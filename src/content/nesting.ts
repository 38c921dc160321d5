// How deep a page's elements may nest: rendering and the tree walks recurse once per level.
import type { Nodes, Root } from 'mdast';
import type { Position } from '../diagnostics/index.js';
import { startOf } from './mdx-nodes.js';

/**
 * The deepest nesting a page may have. No real page comes close (ten nested lists are about
 * thirty levels), and well below it every walk of the tree stays far from the stack's limit.
 */
export const MAX_NESTING = 256;

/** A place where `tree` nests deeper than MAX_NESTING, or undefined. Iterative, so it cannot overflow itself. */
export function tooDeepAt(tree: Root): Position | undefined {
  const nodes: Nodes[] = [tree];
  const depths: number[] = [0];
  while (nodes.length > 0) {
    const node = nodes.pop()!;
    const depth = depths.pop()!;
    if (depth > MAX_NESTING) return startOf(node);
    if (!('children' in node)) continue;
    for (const child of node.children) {
      nodes.push(child);
      depths.push(depth + 1);
    }
  }
  return undefined;
}
