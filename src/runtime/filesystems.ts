// The MCP filesystem as each kind of reader sees it: one virtual tree per set of readable pages.
import type { LoadedBundle } from '../bundle/index.js';
import type { FilesystemRunner } from '../mcp/index.js';
import { runCommand, VirtualFs } from '../vfs/index.js';
import type { ReaderView } from './reader-view.js';

/**
 * Returns the filesystem runner for a reader. Trees are built lazily, once per distinct set of
 * readable pages (anonymous, signed in, each combination of the site's groups), and shared by
 * every request of that set: a reader's tree never holds a page, or an OpenAPI file, they may not read.
 */
export function filesystems(bundle: LoadedBundle, authentication: boolean): (view: ReaderView) => FilesystemRunner {
  const trees = new Map<string, VirtualFs>();
  const siteGroups = [...new Set(bundle.manifest.pages.flatMap((page) => page.access.groups))].sort();
  const keyOf = (view: ReaderView): string => {
    const { principal } = view;
    const groups = principal.kind === 'user' ? siteGroups.filter((group) => principal.groups.includes(group)) : [];
    const signedIn = principal.kind !== 'anonymous' || !authentication;
    return `${signedIn ? 'login' : 'public'}:${groups.join(',')}`;
  };
  return (view) => {
    const key = keyOf(view);
    let tree = trees.get(key);
    if (!tree) {
      const pages = bundle.manifest.pages.filter((page) => view.canRead(page)).map((page) => bundle.sources.get(page.path)!);
      const openapi = bundle.openapi.filter((file) => view.canRead(file));
      trees.set(key, (tree = new VirtualFs([...pages, ...openapi])));
    }
    const fs = tree;
    return (command) => {
      const result = runCommand(fs, command);
      return { output: result.output, isError: result.exitCode !== 0 };
    };
  };
}
