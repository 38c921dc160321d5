// Path helpers for the virtual filesystem: every path resolves inside `/`, like in a chroot.

/**
 * The absolute, normalized form of `path`. Relative paths start at `cwd` (`/`, where every call
 * starts, until `cd`), and `..` at the root stays at the root, so no path leads outside the tree.
 */
export function resolvePath(path: string, cwd = '/'): string {
  const parts: string[] = [];
  for (const part of (path.startsWith('/') ? path : `${cwd}/${path}`).split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '' && part !== '.') parts.push(part);
  }
  return `/${parts.join('/')}`;
}

/** The last part of a resolved path; `/` for the root. */
export function baseName(path: string): string {
  return path === '/' ? '/' : path.slice(path.lastIndexOf('/') + 1);
}

/** `name` under the path `base` as the user wrote it, with one slash between them. */
export function joinPath(base: string, name: string): string {
  return base.endsWith('/') ? base + name : `${base}/${name}`;
}
