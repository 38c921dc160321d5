// The one door to the files of a folder docsite reads (a docs folder, a bundle): every path goes
// through `resolve`, which refuses any path that leads out of the folder.
import { closeSync, constants, fstatSync, lstatSync, openSync, readFileSync, realpathSync, statSync, type Stats } from 'node:fs';
import { open } from 'node:fs/promises';
import { isAbsolute, join, posix, relative, resolve as resolvePath, sep } from 'node:path';

/**
 * Why a path is refused: its `..` segments climb out of the folder; a symbolic link on the way
 * (the file itself, a folder it is in, or any link of a chain) leads out of it; or it is not a
 * regular file (a FIFO would hang the reader, a device never ends).
 */
export type RefusalReason = 'outside' | 'link-outside' | 'special';

/** A path `ConfinedFolder` will not read; the message says which path and why, never what lies beyond. */
export class RefusedPathError extends Error {
  /** Why, as words that follow the path: "leads out of the docs folder". */
  readonly because: string;

  constructor(
    /** The path as it was named. */
    readonly path: string,
    readonly reason: RefusalReason,
    folderName: string,
  ) {
    const because = becauseOf(reason, folderName);
    super(`"${path}" ${because}; it is not read.`);
    this.name = 'RefusedPathError';
    this.because = because;
  }
}

function becauseOf(reason: RefusalReason, folderName: string): string {
  switch (reason) {
    case 'outside':
      return `leads out of the ${folderName}`;
    case 'link-outside':
      return `goes through a symbolic link that leads out of the ${folderName}`;
    case 'special':
      return 'is not a regular file (it is a FIFO, a device or a socket)';
  }
}

/**
 * Opens a file to read: never through a last link (the path is already resolved, so a link there
 * now was swapped in since), never blocking on a FIFO, never taking a terminal as the controlling one.
 * Flags the platform lacks are left out.
 */
const READ_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0) | (constants.O_NOCTTY ?? 0);

/**
 * A folder whose files are read only through `resolve`. Paths are relative to the folder, or
 * absolute in the site (`/snippets/a.mdx`); either way they never name a place outside it. The
 * real paths of its folders are remembered: make one per build (or bundle), not one per process.
 */
export class ConfinedFolder {
  /** The folder as given, made absolute. */
  readonly root: string;
  /** The folder as the file system resolves it: what every real path must be inside. */
  readonly realRoot: string;
  /** Real paths of the folders inside resolved so far, by relative path (see `realDir`). */
  private readonly realDirs = new Map<string, string>();

  /** `name` says what the folder is in messages ("docs folder", "bundle"). Throws when `root` does not exist. */
  constructor(
    root: string,
    private readonly name = 'docs folder',
  ) {
    this.root = resolvePath(root);
    this.realRoot = realpathSync.native(this.root);
  }

  /**
   * The real path of the file or folder `path` names, with every symbolic link followed. Throws a
   * RefusedPathError when `path` or where its links lead is outside the folder, and the file
   * system's error (ENOENT…) when there is nothing there.
   */
  resolve(path: string): string {
    return this.locate(path).real;
  }

  /** `resolve`, with the status of what is there when no link had to be followed to it (then lstat was stat). */
  private locate(path: string): { real: string; stats: Stats | undefined } {
    const inside = posix.normalize(path.replace(/^\/+/, '') || '.');
    if (inside === '..' || inside.startsWith('../')) throw new RefusedPathError(path, 'outside', this.name);
    if (inside === '.') return { real: this.realRoot, stats: undefined };
    const slash = inside.lastIndexOf('/');
    const full = join(this.realDir(slash === -1 ? '' : inside.slice(0, slash), path), inside.slice(slash + 1));
    // In a real folder, only a link as the last part can lead elsewhere (lstat throws ENOENT when nothing is there).
    const stats = lstatSync(full);
    if (!stats.isSymbolicLink()) return { real: full, stats };
    const real = realpathSync.native(full);
    if (!isWithin(this.realRoot, real)) throw new RefusedPathError(path, 'link-outside', this.name);
    return { real, stats: undefined };
  }

  /**
   * The real path of the folder `dir` (normalized, relative) that `path` is in, remembered: pages
   * share folders, and resolving each of their paths whole took as long as reading them.
   */
  private realDir(dir: string, path: string): string {
    if (dir === '') return this.realRoot;
    let real = this.realDirs.get(dir);
    if (real === undefined) {
      real = realpathSync.native(join(this.realRoot, dir));
      if (!isWithin(this.realRoot, real)) throw new RefusedPathError(path, 'link-outside', this.name);
      this.realDirs.set(dir, real);
    }
    return real;
  }

  /** The bytes of the regular file `path` names (see `resolve`); a FIFO, device or socket is refused. */
  read(path: string): Buffer {
    const fd = openSync(this.resolve(path), READ_FLAGS);
    try {
      assertRegular(fstatSync(fd), path, this.name);
      return readFileSync(fd);
    } finally {
      closeSync(fd);
    }
  }

  /** `read`, with the file's bytes read off this thread. */
  async readAsync(path: string): Promise<Buffer> {
    const handle = await open(this.resolve(path), READ_FLAGS);
    try {
      assertRegular(await handle.stat(), path, this.name);
      return await handle.readFile();
    } finally {
      await handle.close();
    }
  }

  /** The real path and status of the regular file `path` names, for a copy or a stamp (see `resolve`). */
  file(path: string): { real: string; stats: Stats } {
    const located = this.locate(path);
    const stats = located.stats ?? statSync(located.real);
    assertRegular(stats, path, this.name);
    return { real: located.real, stats };
  }

  /** Why `path` would be refused, if it would; a path that merely does not exist is not refused. */
  refusalOf(path: string): RefusedPathError | undefined {
    try {
      this.file(path);
      return undefined;
    } catch (error) {
      return error instanceof RefusedPathError ? error : undefined;
    }
  }
}

/** Throws unless `stats` are a regular file's: reading a folder fails as fs does, anything else is refused. */
function assertRegular(stats: Stats, path: string, folderName: string): void {
  if (stats.isFile()) return;
  if (stats.isDirectory()) throw Object.assign(new Error(`EISDIR: illegal operation on a directory, read '${path}'`), { code: 'EISDIR' });
  throw new RefusedPathError(path, 'special', folderName);
}

/** Whether the real path `real` is `realRoot` or inside it. */
function isWithin(realRoot: string, real: string): boolean {
  const rel = relative(realRoot, real);
  return rel === '' || !(rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel));
}
