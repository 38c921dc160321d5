// Expands a glob against the tree, one path segment at a time, the way bash expands arguments.
import { joinPath, resolvePath } from '../paths.js';
import type { CallBudget } from '../limits/call-budget.js';
import type { VirtualFs, VfsEntry } from '../virtual-fs.js';
import { isHidden, relativePath, walk } from '../walk.js';
import { compileGlob, hasGlobChars, unescapeGlob } from './glob-pattern.js';

/** A path found so far, and how to show it. */
interface Found {
  readonly entry: VfsEntry;
  readonly shown: string;
}

/**
 * The paths matching glob `pattern`, sorted, spelled like the pattern (relative patterns give
 * relative paths, from the working directory; `..` stays written but never leaves `/`). `**`
 * matches any number of directories, as with bash's `globstar`; like `*` and `?`, it passes
 * over hidden names. Empty when nothing matches.
 */
export function expandGlob(fs: VirtualFs, pattern: string, budget: CallBudget): string[] {
  const absolute = pattern.startsWith('/');
  let found: Found[] = [{ entry: absolute ? fs.root : fs.get('.')!, shown: absolute ? '/' : '' }];
  for (const segment of pattern.split('/').filter((s) => s !== '')) {
    const next = new Map<string, Found>();
    const add = (entry: VfsEntry, shown: string): void => void next.set(shown, { entry, shown });
    const matchName = hasGlobChars(segment) ? compileGlob(segment, { crossSlash: false, ignoreCase: false }, budget) : undefined;
    for (const { entry, shown } of found) {
      if (entry.kind !== 'directory') continue;
      const below = (name: string): string => (shown === '' ? name : joinPath(shown, name));
      if (segment === '**') {
        for (const step of walk(entry, budget, Infinity, isHidden)) add(step.entry, step.depth === 0 ? shown : below(relativePath(entry, step.entry)));
      } else if (matchName) {
        const dotted = segment.startsWith('.');
        budget.visit(entry.children.length);
        for (const child of entry.children) if ((dotted || !child.name.startsWith('.')) && matchName(child.name)) add(child, below(child.name));
      } else {
        const name = unescapeGlob(segment);
        const target = fs.get(resolvePath(`${entry.path}/${name}`));
        if (target) add(target, below(name));
      }
    }
    found = [...next.values()];
  }
  const directoriesOnly = pattern.endsWith('/');
  return found
    .filter((f) => !directoriesOnly || f.entry.kind === 'directory')
    .map((f) => (directoriesOnly ? joinPath(f.shown, '') : f.shown))
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}
