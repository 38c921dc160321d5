// The same page in another version or language of the site: `/quickstart` in Spanish is `/es/quickstart`.
import type { NavigationTree } from '../../site/index.js';

/**
 * Paths that would be `path`'s counterpart in the version or language named `to`, as sites lay
 * them out (names compared in any letter case): a folder named like the tree swapped for the
 * target's (`es/a` → `fr/a`), added (`a` → `es/a`) or dropped (`es/a` → `a`, a default language
 * kept at the root); else a segment named like it swapped inside (`spec/2025-06-18/x` →
 * `spec/2024-11-05/x`).
 */
export function counterpartPaths(path: string, from: string | null | undefined, to: string): string[] {
  const segments = path.split('/');
  const named = (segment: string | undefined, name: string | null | undefined): boolean => !!name && segment?.toLowerCase() === name.toLowerCase();
  const rest = named(segments[0], from) ? segments.slice(1) : segments;
  const candidates = [[to, ...rest], [to.toLowerCase(), ...rest], rest];
  const at = segments.findIndex((segment, i) => i > 0 && named(segment, from));
  if (at > 0) candidates.push([...segments.slice(0, at), to, ...segments.slice(at + 1)]);
  return [...new Set(candidates.map((c) => c.join('/')))].filter((candidate) => candidate !== path && candidate !== '');
}

/** The pages each tree lists, made once per tree. */
const listed = new WeakMap<NavigationTree, ReadonlySet<string>>();

function listedIn(tree: NavigationTree): ReadonlySet<string> {
  let paths = listed.get(tree);
  if (!paths) listed.set(tree, (paths = new Set(tree.order)));
  return paths;
}

/** The counterpart of `path` (in the tree named `from`) that one of `targets` (named `to`) lists, if any. */
export function counterpartIn(path: string, from: string | null | undefined, to: string, targets: readonly NavigationTree[]): string | undefined {
  return counterpartPaths(path, from, to).find((candidate) => targets.some((tree) => listedIn(tree).has(candidate)));
}
