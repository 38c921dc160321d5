// Depth-first traversal of the tree, and how to show the paths it finds.
import type { CallBudget } from './limits/call-budget.js';
import { joinPath } from './paths.js';
import type { VfsEntry } from './virtual-fs.js';

/** An entry found by `walk`, with its depth below the starting entry (0 for the start itself). */
export interface WalkStep {
  readonly entry: VfsEntry;
  readonly depth: number;
}

/**
 * `start` and every entry below it to `maxDepth`, depth first, each directory's children in name
 * order; each entry is charged to `budget` as it is visited. Entries below `start` for which
 * `skip` holds are left out with everything under them.
 */
export function* walk(
  start: VfsEntry,
  budget: Pick<CallBudget, 'visit'>,
  maxDepth = Infinity,
  skip: (entry: VfsEntry) => boolean = () => false,
): Generator<WalkStep> {
  const stack: WalkStep[] = [{ entry: start, depth: 0 }];
  for (let step = stack.pop(); step; step = stack.pop()) {
    budget.visit();
    yield step;
    const { entry, depth } = step;
    if (entry.kind !== 'directory' || depth >= maxDepth) continue;
    for (let i = entry.children.length - 1; i >= 0; i--) {
      const child = entry.children[i]!;
      if (!skip(child)) stack.push({ entry: child, depth: depth + 1 });
    }
  }
}

/**
 * How to show `entry`, found below `start`, when the user named `start` as `shown`: GNU tools
 * keep the spelling of the argument (`grep -r x guides` prints `guides/a.mdx`).
 */
export function shownPath(shown: string, start: VfsEntry, entry: VfsEntry): string {
  return entry === start ? shown : joinPath(shown, relativePath(start, entry));
}

/** The path of `entry` below `start`, without a leading slash (`''` for `start` itself). */
export function relativePath(start: VfsEntry, entry: VfsEntry): string {
  return entry.path.slice(start.path === '/' ? 1 : start.path.length + 1);
}

/** Whether `entry` is hidden (its name starts with a dot): globs and `rg` pass over it, as bash and ripgrep do. */
export function isHidden(entry: VfsEntry): boolean {
  return entry.name.startsWith('.');
}
