// The virtual filesystem: an immutable tree of the site's files, built once and shared by all calls.
import { baseName, resolvePath } from './paths.js';

/** A file to put in the virtual filesystem. */
export interface VirtualFile {
  /** Absolute POSIX path, e.g. `/guides/webhooks.mdx`; its directories are implied. */
  readonly path: string;
  readonly content: string;
  /** When the source file was last modified, in milliseconds since 1970 (unknown: 0). */
  readonly modified?: number;
}

/** A file in the tree. */
export interface VfsFile {
  readonly kind: 'file';
  /** Absolute, normalized path. */
  readonly path: string;
  /** Last part of the path. */
  readonly name: string;
  readonly content: string;
  /** Size of the content in UTF-8 bytes. */
  readonly size: number;
  /** When the source file was last modified, in milliseconds since 1970 (0 when unknown). */
  readonly modified: number;
}

/** A directory in the tree. */
export interface VfsDirectory {
  readonly kind: 'directory';
  /** Absolute, normalized path; `/` for the root. */
  readonly path: string;
  /** Last part of the path; `/` for the root. */
  readonly name: string;
  /** Entries sorted by name (code unit order, like `LC_ALL=C ls`). */
  readonly children: readonly VfsEntry[];
  /** The latest modification time of anything below it: a folder changes when a file in it does. */
  readonly modified: number;
}

/** A file or a directory. */
export type VfsEntry = VfsFile | VfsDirectory;

type DirectoryUnderConstruction = VfsDirectory & { children: VfsEntry[]; modified: number };

/**
 * The files of a site as a read-only tree rooted at `/`. Paths given to its methods may be
 * relative (to `/`) and may hold `..`, which never leads above `/`. Nothing changes after
 * construction, so one instance serves any number of concurrent calls.
 */
export class VirtualFs {
  /** The root directory. */
  readonly root: VfsDirectory;
  /** The directory relative paths start from: `/`, or the one given to `at`. */
  readonly cwd: string = '/';
  private readonly entries: ReadonlyMap<string, VfsEntry>;

  /** Builds the tree; throws on two files with the same path or a file where a directory is implied. */
  constructor(files: Iterable<VirtualFile>) {
    const root: DirectoryUnderConstruction = { kind: 'directory', path: '/', name: '/', children: [], modified: 0 };
    const entries = new Map<string, VfsEntry>([['/', root]]);
    for (const { path, content, modified = 0 } of files) {
      const resolved = resolvePath(path);
      if (entries.has(resolved)) throw new Error(`VirtualFs: ${resolved} is given twice, or is both a file and a directory`);
      const file: VfsFile = Object.freeze({ kind: 'file', path: resolved, name: baseName(resolved), content, size: Buffer.byteLength(content), modified });
      const parent = directoryOf(entries, resolved);
      parent.children.push(file);
      entries.set(resolved, file);
      for (let dir = parent; ; dir = directoryOf(entries, dir.path)) {
        dir.modified = Math.max(dir.modified, modified);
        if (dir === root) break;
      }
    }
    for (const entry of entries.values()) {
      if (entry.kind === 'directory') Object.freeze((entry as DirectoryUnderConstruction).children.sort(byName));
      Object.freeze(entry);
    }
    this.root = root;
    this.entries = entries;
  }

  /**
   * The same tree seen from the directory `path` (for `cd`): relative paths start there. The
   * view shares everything with this one; `..` still stops at `/`.
   */
  at(path: string): VirtualFs {
    const view: VirtualFs = Object.create(VirtualFs.prototype);
    return Object.freeze(Object.assign(view, { root: this.root, entries: this.entries, cwd: resolvePath(path, this.cwd) }));
  }

  /** The file or directory at `path`, if there is one. */
  get(path: string): VfsEntry | undefined {
    return this.entries.get(resolvePath(path, this.cwd));
  }

  /** Whether a file or directory exists at `path`. */
  exists(path: string): boolean {
    return this.get(path) !== undefined;
  }

  /** The content of the file at `path`; undefined when there is no file there (or it is a directory). */
  readFile(path: string): string | undefined {
    const entry = this.get(path);
    return entry?.kind === 'file' ? entry.content : undefined;
  }

  /** The entries of the directory at `path`, sorted by name; undefined when it is not a directory. */
  list(path: string): readonly VfsEntry[] | undefined {
    const entry = this.get(path);
    return entry?.kind === 'directory' ? entry.children : undefined;
  }
}

/** The directory that holds `path`, created (with its own parents) when missing. */
function directoryOf(entries: Map<string, VfsEntry>, path: string): DirectoryUnderConstruction {
  const parentPath = path.slice(0, path.lastIndexOf('/')) || '/';
  const known = entries.get(parentPath);
  if (known?.kind === 'file') throw new Error(`VirtualFs: ${parentPath} is both a file and a directory`);
  if (known) return known as DirectoryUnderConstruction;
  const created: DirectoryUnderConstruction = { kind: 'directory', path: parentPath, name: baseName(parentPath), children: [], modified: 0 };
  directoryOf(entries, parentPath).children.push(created);
  entries.set(parentPath, created);
  return created;
}

function byName(a: VfsEntry, b: VfsEntry): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}
