// Finds the files of a docs folder, honouring .docsiteignore, .mintignore and the always-ignored names.
import { access, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import ignore, { type Ignore } from 'ignore';
import { ConfinedFolder, RefusedPathError } from './confined-folder.js';

export const IGNORE_FILE = '.docsiteignore';

/** The ignore files read, in this order: docsite's own, and Mintlify's, so a Mintlify site keeps its exclusions. */
export const IGNORE_FILES = [IGNORE_FILE, '.mintignore'] as const;

/** Ignored in every site, whatever .docsiteignore says (REFERENCE.md). */
export const ALWAYS_IGNORED = [
  // Hidden files and folders at any level (.claude/, .agents/, .mintlify/, .vale/, the ignore files
  // themselves): tool settings and agent notes, never pages nor files to serve; Mintlify skips them too.
  '.*',
  '.git',
  '.github',
  '.idea',
  '.vscode',
  'node_modules',
  'build',
  'dist',
  'coverage',
  '.cache',
  'tmp',
  'temp',
  '.docsite',
  '/README.md',
  '/LICENSE.md',
  '/CHANGELOG.md',
  '/CONTRIBUTING.md',
  // The runtime config of `docsite serve`: never processed, never published.
  '/docsite.config.json',
];

/** Files that hold pages; `skill.md`, `skills/` and `snippets/` hold skills and partials instead. */
const PAGE_FILE = /\.mdx?$/;
const NOT_PAGES = /^(skill\.md$|skills\/|snippets\/)/i;

/** The files of a docs folder that docsite may read, all paths relative with `/` separators. */
export interface SiteFiles {
  /** Page files (.mdx, .md), sorted. */
  pages: string[];
  /** Every file that is not ignored, pages included, sorted. */
  files: string[];
  /** Whether a relative path is excluded by the ignore rules (whether or not it exists). */
  isIgnored(path: string): boolean;
  /** Symbolic links that were not followed, sorted by path. */
  skippedLinks: SkippedLink[];
  /** Files docsite itself reads (.docsiteignore, .mintignore) that it refused to (see ConfinedFolder). */
  refused: RefusedPathError[];
}

/**
 * A symbolic link left out: one leading out of the docs folder (a build must never publish what
 * lies outside it, such as a link to ~/.ssh), one leading nowhere, or one to a folder that holds it.
 */
export interface SkippedLink {
  path: string;
  reason: 'outside' | 'broken' | 'loop';
}

/** What a walk shares: the docs folder, the rules, and what it found. */
interface Walk {
  folder: ConfinedFolder;
  rules: Ignore;
  files: string[];
  skippedLinks: SkippedLink[];
}

/**
 * Walks `root`, skipping ignored folders without descending into them; `extra` adds ignore
 * patterns. Symbolic links are followed where they lead to a file or folder inside `root`.
 */
export async function discoverFiles(root: string, extra: readonly string[] = []): Promise<SiteFiles> {
  const folder = new ConfinedFolder(root);
  const refused: RefusedPathError[] = [];
  const rules = ignore()
    .add(ALWAYS_IGNORED)
    .add([...extra])
    .add((await Promise.all(IGNORE_FILES.map((name) => readIgnoreFile(folder, name, refused)))).join('\n'));
  const found: Walk = { folder, rules, files: [], skippedLinks: [] };
  await walk(root, '', found, [folder.realRoot]);
  const files = found.files.sort();
  return {
    pages: files.filter((f) => PAGE_FILE.test(f) && !NOT_PAGES.test(f)),
    files,
    isIgnored: (path) => rules.ignores(path.replace(/^\/+/, '')),
    skippedLinks: found.skippedLinks.sort((a, b) => (a.path < b.path ? -1 : 1)),
    refused,
  };
}

/** The rules of the ignore file `name`; none when there is none, or when it is refused (recorded in `refused`). */
async function readIgnoreFile(folder: ConfinedFolder, name: string, refused: RefusedPathError[]): Promise<string> {
  try {
    return (await folder.readAsync(name)).toString('utf8');
  } catch (error) {
    if (error instanceof RefusedPathError) {
      refused.push(error);
      return '';
    }
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return '';
    throw error;
  }
}

/** The file that marks a folder as a docsite bundle (see BUNDLE_PATHS.manifest). */
const BUNDLE_MARK = '_docsite/manifest.json';

/** Walks the folder `dir` of `root`; `ancestors` are the real paths of the folders it is in, itself last. */
async function walk(root: string, dir: string, found: Walk, ancestors: readonly string[]): Promise<void> {
  const entries = await readdir(join(root, dir), { withFileTypes: true });
  // A bundle built into the docs folder earlier (say with another --out) is output, not content:
  // its Markdown copies would come back as a second set of pages.
  if (dir && entries.some((e) => e.isDirectory() && e.name === '_docsite') && (await exists(join(root, dir, BUNDLE_MARK)))) return;
  const descend = async (path: string, real: string): Promise<void> => {
    if (!found.rules.ignores(`${path}/`)) await walk(root, path, found, [...ancestors, real]);
  };
  const add = (path: string): void => {
    if (!found.rules.ignores(path)) found.files.push(path);
  };
  const subdirs: Promise<void>[] = [];
  for (const entry of entries) {
    const path = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) subdirs.push(descend(path, join(ancestors.at(-1)!, entry.name)));
    else if (entry.isFile()) add(path);
    else if (entry.isSymbolicLink()) subdirs.push(followLink(path, found, ancestors, descend, add));
  }
  await Promise.all(subdirs);
}

/** Takes the link at `path` as the file or folder it leads to, if that is inside the docs folder; else records it as skipped. */
async function followLink(
  path: string,
  found: Walk,
  ancestors: readonly string[],
  descend: (path: string, real: string) => Promise<void>,
  add: (path: string) => void,
): Promise<void> {
  if (found.rules.ignores(path) || found.rules.ignores(`${path}/`)) return;
  let target: string;
  try {
    target = found.folder.resolve(path);
  } catch (error) {
    return void found.skippedLinks.push({ path, reason: error instanceof RefusedPathError ? 'outside' : 'broken' });
  }
  const info = await stat(target).catch(() => undefined);
  if (!info) return void found.skippedLinks.push({ path, reason: 'broken' });
  if (info.isDirectory()) {
    if (ancestors.includes(target)) return void found.skippedLinks.push({ path, reason: 'loop' });
    await descend(path, target);
  } else if (info.isFile()) add(path);
}

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}
