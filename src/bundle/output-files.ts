// Reading and writing the build's output folder without following links: docsite makes only regular
// files and folders there, so a link in it was planted (say in a dist/ committed to the docs repository).
import { closeSync, constants, fstatSync, lstatSync, mkdirSync, openSync, readFileSync, rmSync, unlinkSync, writevSync } from 'node:fs';
import { isAbsolute, join, posix, relative, sep } from 'node:path';

const NOFOLLOW = constants.O_NOFOLLOW ?? 0;
/** Never through a last link, never blocking on a FIFO. */
const READ = constants.O_RDONLY | NOFOLLOW | (constants.O_NONBLOCK ?? 0);
const WRITE = {
  w: constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | NOFOLLOW,
  a: constants.O_WRONLY | constants.O_CREAT | constants.O_APPEND | NOFOLLOW,
};

/** Whether an error is O_NOFOLLOW meeting a link (ELOOP; EMLINK on the BSDs). */
function isLink(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ELOOP' || code === 'EMLINK';
}

/** Opens the output file `full` to read, not through a link at its place; throws unless it is a regular file. */
export function openOutputToRead(full: string): number {
  const fd = openSync(full, READ);
  if (fstatSync(fd).isFile()) return fd;
  closeSync(fd);
  throw Object.assign(new Error(`${full} is not a regular file.`), { code: 'EINVAL' });
}

/** The bytes of the output file `full` (see openOutputToRead). */
export function readOutput(full: string): Buffer {
  const fd = openOutputToRead(full);
  try {
    return readFileSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Opens the output file `full` to write (`w`) or append (`a`); a link in its place is removed, never written through. */
export function openOutputToWrite(full: string, mode: 'w' | 'a'): number {
  try {
    return openSync(full, WRITE[mode], 0o666);
  } catch (error) {
    if (!isLink(error)) throw error;
    unlinkSync(full);
    return openSync(full, WRITE[mode], 0o666);
  }
}

/** Writes `content` to the output file `full` (see openOutputToWrite). */
export function writeOutput(full: string, content: string | readonly Uint8Array[]): void {
  const fd = openOutputToWrite(full, 'w');
  try {
    writevSync(fd, typeof content === 'string' ? [Buffer.from(content, 'utf8')] : (content as Uint8Array[]));
  } finally {
    closeSync(fd);
  }
}

/** Removes a link at `full`, so that what is written there next lands in the output folder. */
export function clearOutputPath(full: string): void {
  let linked: boolean;
  try {
    linked = lstatSync(full, { throwIfNoEntry: false })?.isSymbolicLink() ?? false;
  } catch {
    return; // a file in the way of a folder above it: the write that follows reports that
  }
  if (linked) unlinkSync(full);
}

/**
 * Makes `dir` (inside `outDir`) and every folder between them real folders: a link in the way is
 * removed first, so that nothing is written through it (a file in the way fails, as mkdir does).
 * `made` remembers the folders already made this build (one check per folder, not per file).
 */
export function makeOutputFolder(outDir: string, dir: string, made: Set<string>): void {
  if (made.has(dir)) return;
  let full = outDir;
  for (const part of relative(outDir, dir).split(sep)) {
    if (part === '' || part === '..') continue;
    full = join(full, part);
    clearOutputPath(full);
  }
  mkdirSync(dir, { recursive: true });
  made.add(dir);
}

/** Whether a bundle-relative path (as a saved record names it) stays inside the output folder. */
function isOutputPath(path: string): boolean {
  const normal = posix.normalize(path);
  return !isAbsolute(path) && normal !== '..' && !normal.startsWith('../') && !path.includes('\0');
}

/** Whether the folder `dir` (relative to `outDir`) and each one above it is a real folder, none of them a link. */
export function isRealOutputFolder(outDir: string, dir: string): boolean {
  let full = outDir;
  for (const part of posix.normalize(dir).split('/')) {
    if (part === '.' || part === '') continue;
    full = join(full, part);
    if (!lstatSync(full, { throwIfNoEntry: false })?.isDirectory()) return false;
  }
  return true;
}

/**
 * Removes the output file `path` of `outDir`, unless it names a place outside it: a saved record
 * may come with the folder, and must not make a build delete files elsewhere. A file under a
 * folder that is a link (or gone) is none of the build's.
 */
export function removeOutput(outDir: string, path: string): void {
  if (isOutputPath(path) && isRealOutputFolder(outDir, posix.dirname(path))) rmSync(join(outDir, path), { force: true });
}
