// Finds the files of a docs folder, honouring .docsiteignore and the always-ignored names.
import { access, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import ignore, { type Ignore } from 'ignore';

export const IGNORE_FILE = '.docsiteignore';

/** Ignored in every site, whatever .docsiteignore says (REFERENCE.md). */
export const ALWAYS_IGNORED = [
  '.git', '.github', '.idea', '.vscode', 'node_modules', 'build', 'dist', 'coverage', '.cache', 'tmp', 'temp', '.docsite',
  '/README.md', '/LICENSE.md', '/CHANGELOG.md', '/CONTRIBUTING.md',
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
}

/** Walks `root`, skipping ignored folders without descending into them; `extra` adds ignore patterns. */
export async function discoverFiles(root: string, extra: readonly string[] = []): Promise<SiteFiles> {
  const rules = ignore().add(ALWAYS_IGNORED).add([...extra]).add(await readIgnoreFile(root));
  const files: string[] = [];
  await walk(root, '', rules, files);
  files.sort();
  return {
    pages: files.filter((f) => PAGE_FILE.test(f) && !NOT_PAGES.test(f)),
    files,
    isIgnored: (path) => rules.ignores(path.replace(/^\/+/, '')),
  };
}

async function readIgnoreFile(root: string): Promise<string> {
  try {
    return await readFile(join(root, IGNORE_FILE), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return '';
    throw error;
  }
}

/** The file that marks a folder as a docsite bundle (see BUNDLE_PATHS.manifest). */
const BUNDLE_MARK = '_docsite/manifest.json';

async function walk(root: string, dir: string, rules: Ignore, out: string[]): Promise<void> {
  const entries = await readdir(join(root, dir), { withFileTypes: true });
  // A bundle built into the docs folder earlier (say with another --out) is output, not content:
  // its Markdown copies would come back as a second set of pages.
  if (dir && entries.some((e) => e.isDirectory() && e.name === '_docsite') && (await exists(join(root, dir, BUNDLE_MARK)))) return;
  const subdirs: Promise<void>[] = [];
  for (const entry of entries) {
    const path = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      if (!rules.ignores(`${path}/`)) subdirs.push(walk(root, path, rules, out));
    } else if (entry.isFile() && !rules.ignores(path)) {
      out.push(path);
    }
  }
  await Promise.all(subdirs);
}

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}
