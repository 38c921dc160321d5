// Reads and parses one page file; an unreadable file becomes a diagnostic, not a crash.
import { diagnostic, type Position } from '../diagnostics/index.js';
import { ConfinedFolder, RefusedPathError } from './confined-folder.js';
import { NotUtf8Error, pageText } from './page-text.js';
import { analyseTree, completePage, pagePathOf, type ParsedPage } from './parse-page.js';
import { fillVariables, type ContentVariables } from './variables.js';

/**
 * Reads a page file's text, unless the caller has it (`known`: a worker pool reads ahead).
 * Synchronous on purpose: parsing is CPU-bound, and awaiting each small read left the thread
 * idle between pages. An unreadable file gives the page to report.
 */
export function readPageSource(folder: ConfinedFolder, file: string, known?: string): { source: string } | { failed: ParsedPage } {
  if (known !== undefined) return { source: known };
  try {
    return { source: pageText(folder.read(file)) };
  } catch (error) {
    const path = pagePathOf(file);
    const at: Position = { line: error instanceof NotUtf8Error ? error.line : 1, column: 1 };
    const message = error instanceof NotUtf8Error || error instanceof RefusedPathError ? error.message : `Cannot read the page: ${(error as Error).message}`;
    return {
      failed: {
        page: {
          path,
          file,
          parsed: false,
          frontmatter: {},
          frontmatterPositions: {},
          title: path,
          headings: [],
          sections: [],
          links: [],
          anchors: [],
          params: [],
          responses: [],
        },
        diagnostics: [diagnostic(error instanceof RefusedPathError ? 'file/refused' : 'mdx/read-error', file, at, message)],
      },
    };
  }
}

/**
 * Reads and parses `files` (relative to `root`), each unless its text is `known`, in two rounds (see PendingPage):
 * each page's tree, one page at a time, then the frontmatter of them all.
 */
export function readPages(root: string, files: readonly string[], known: readonly (string | undefined)[] = [], variables?: ContentVariables): ParsedPage[] {
  const folder = new ConfinedFolder(root);
  return files
    .map((file, i) => {
      const read = readPageSource(folder, file, known[i]);
      return 'failed' in read ? read.failed : analyseTree(file, fillVariables(read.source, variables), { folder, ...(variables ? { variables } : {}) }).pending;
    })
    .map((page) => ('page' in page ? page : completePage(page)));
}
