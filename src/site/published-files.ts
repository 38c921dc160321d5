// The files of a docs folder that a build publishes as they are (images, downloads, an author's own
// llms.txt), the places they may not take (those of what the build makes itself), and the
// symbolic links it leaves out.
import type { SkippedLink } from '../content/index.js';
import { diagnostic, START, type Diagnostic } from '../diagnostics/index.js';

/** Files of the docs folder that are configuration, partials or dotfiles (`.env`, tool state): never published. */
const NOT_PUBLISHED = /^(docs\.json|skill\.md|skills\/|snippets\/)|(^|\/)\./;

/** The bundle's folder of docsite's own files; `serve` also answers under it (sign-in, live reload). */
export const BUNDLE_FOLDER = '_docsite/';

/**
 * Root documents that `serve` makes for each reader unless the docs folder has its own: then that
 * file is published as it is and served in their place (an author's llms.txt, as on Mintlify).
 */
export const CUSTOM_FILES = ['llms.txt', 'llms-full.txt', 'sitemap.xml', 'robots.txt'] as const;
export type CustomFile = (typeof CUSTOM_FILES)[number];

/** Whether a file of the docs folder (not a page) goes into the bundle as it is. */
export function isPublishedFile(file: string): boolean {
  return !NOT_PUBLISHED.test(file);
}

/**
 * The docs folder's own stylesheets or scripts among `files`, in their order: every page includes
 * them, as Mintlify includes every `.css` and `.js` file of the folder.
 */
export function pageIncludes(files: readonly string[], kind: 'css' | 'js'): string[] {
  const extension = kind === 'css' ? /\.css$/i : /\.js$/i;
  return files.filter((file) => isPublishedFile(file) && !file.startsWith(BUNDLE_FOLDER) && extension.test(file));
}

/** The root documents that `files` (the docs folder's) supply themselves. */
export function customFilesOf(files: readonly string[]): CustomFile[] {
  const present = new Set(files);
  return CUSTOM_FILES.filter((name) => present.has(name));
}

/**
 * Reports each published file that would take the place of something the build writes: the HTML
 * of a page (`guide.html` beside `guide.mdx`), a file under `_docsite/`, or one in a folder named
 * like a root document (`llms.txt/x.png`: the build writes llms.txt there). Written over, the
 * page or the bundle would break without a word; left out, the file would be lost just as quietly.
 * `pageFiles` maps each page path to the file it is built from.
 */
export function checkPublishedFiles(files: readonly string[], pageFiles: ReadonlyMap<string, string>): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const file of files) {
    if (!isPublishedFile(file)) continue;
    if (file.startsWith(BUNDLE_FOLDER)) {
      diagnostics.push(diagnostic('file/reserved-path', file, START, `${file} is in ${BUNDLE_FOLDER}, the folder of the bundle's own files.`));
      continue;
    }
    const folder = file.slice(0, file.indexOf('/'));
    if (CUSTOM_FILES.some((name) => name === folder)) {
      diagnostics.push(diagnostic('file/reserved-path', file, START, `${file} is in a folder named ${folder}, where the build writes the site's ${folder}.`));
      continue;
    }
    const page = file.endsWith('.html') ? pageFiles.get(file.slice(0, -'.html'.length)) : undefined;
    if (page !== undefined) diagnostics.push(diagnostic('file/reserved-path', file, START, `${file} is where the build writes the HTML of the page ${page}.`));
  }
  return diagnostics;
}

const SKIPPED_BECAUSE: Record<SkippedLink['reason'], string> = {
  outside: 'leads out of the docs folder',
  broken: 'leads nowhere',
  loop: 'leads to a folder that holds it',
};

/** The warning for a symbolic link discovery did not follow: what it would have brought is not published. */
export function skippedLinkDiagnostic({ path, reason }: SkippedLink): Diagnostic {
  return diagnostic('file/symlink', path, START, `${path} is a symbolic link that ${SKIPPED_BECAUSE[reason]}; it is left out of the site.`);
}
