// Reads and parses one page file; an unreadable file becomes a diagnostic, not a crash.
import { isUtf8 } from 'node:buffer';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { diagnostic, type Position } from '../diagnostics/index.js';
import { pagePathOf, parsePage, type ParsedPage } from './parse-page.js';

/** A page file whose bytes are not UTF-8 (saved as Latin-1 or Windows-1252, say). */
class NotUtf8Error extends Error {
  constructor(readonly line: number) {
    super(`The page is not UTF-8 text: line ${line} has bytes that are not UTF-8.`);
  }
}

/**
 * A page file's bytes as text. Bytes that are not UTF-8 throw instead of turning into U+FFFD
 * characters, which would publish the page with its accented letters lost.
 */
export function pageText(bytes: Buffer): string {
  if (isUtf8(bytes)) return bytes.toString('utf8');
  // A line feed byte is never part of a multibyte character, so lines can be checked one by one.
  let line = 1;
  for (let start = 0; ; line++) {
    const end = bytes.indexOf(0x0a, start);
    if (!isUtf8(bytes.subarray(start, end === -1 ? bytes.length : end)) || end === -1) break;
    start = end + 1;
  }
  throw new NotUtf8Error(line);
}

/**
 * Reads a page file's text, unless the caller has it (`known`: a worker pool reads ahead).
 * Synchronous on purpose: parsing is CPU-bound, and awaiting each small read left the thread
 * idle between pages. An unreadable file gives the page to report.
 */
export function readPageSource(root: string, file: string, known?: string): { source: string } | { failed: ParsedPage } {
  if (known !== undefined) return { source: known };
  try {
    return { source: pageText(readFileSync(join(root, file))) };
  } catch (error) {
    const path = pagePathOf(file);
    const at: Position = { line: error instanceof NotUtf8Error ? error.line : 1, column: 1 };
    const message = error instanceof NotUtf8Error ? error.message : `Cannot read the page: ${(error as Error).message}`;
    return {
      failed: {
        page: { path, file, parsed: false, frontmatter: {}, frontmatterPositions: {}, title: path, headings: [], sections: [], links: [], anchors: [], params: [], responses: [] },
        diagnostics: [diagnostic('mdx/read-error', file, at, message)],
      },
    };
  }
}

/** Reads `file` (relative to `root`), unless its text is `known`, and parses it. */
export function readPage(root: string, file: string, known?: string): ParsedPage {
  const read = readPageSource(root, file, known);
  return 'failed' in read ? read.failed : parsePage(file, read.source);
}
