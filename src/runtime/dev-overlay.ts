// `docsite dev`'s error overlay: a build's errors, each with the source lines around it, drawn over the pages they concern.
import { ConfinedFolder } from '../content/index.js';
import type { Diagnostic } from '../diagnostics/index.js';

/** Lines shown before and after the failing one. */
const CONTEXT_LINES = 3;

/** The errors of the last build, as the pages being served show them. */
export interface DevProblems {
  /** The overlay for the page at `pagePath` (undefined: not a page): its own errors, and those of files that are no page. */
  overlayFor(pagePath: string | undefined): string;
  /** Whether any error is left. */
  readonly count: number;
}

/** No errors: no overlay anywhere. */
export const NO_PROBLEMS: DevProblems = { overlayFor: () => '', count: 0 };

/**
 * Groups `errors` by the page they belong to (a page's file is its path with `.mdx` or `.md`;
 * one in a snippet's text belongs to the pages that place it); an error in any other file
 * (docs.json, a snippet that is no MDX, an OpenAPI file) shows on every page. The
 * source lines are read from `dir` now, as the build saw them.
 */
export function devProblems(dir: string, errors: readonly Diagnostic[], pagePaths: ReadonlySet<string>): DevProblems {
  if (errors.length === 0) return NO_PROBLEMS;
  const folder = new ConfinedFolder(dir);
  const sources = new Map<string, string[] | undefined>();
  const linesOf = (file: string): string[] | undefined => {
    if (!sources.has(file)) sources.set(file, readLines(folder, file));
    return sources.get(file);
  };
  const byPage = new Map<string, string[]>();
  const everywhere: string[] = [];
  for (const error of errors) {
    const item = errorItem(error, linesOf(error.file));
    // A problem in a snippet shows on the pages that place it.
    const files = error.placedOn?.map((placement) => placement.file) ?? [error.file];
    const pages = files.map(pagePathOf).filter((page): page is string => page !== undefined && pagePaths.has(page));
    for (const page of pages) byPage.set(page, [...(byPage.get(page) ?? []), item]);
    if (pages.length === 0) everywhere.push(item);
  }
  return {
    count: errors.length,
    overlayFor(pagePath) {
      const items = [...(pagePath === undefined ? [] : (byPage.get(pagePath) ?? [])), ...everywhere];
      return items.length === 0 ? '' : overlay(items, errors.length);
    },
  };
}

/** The page path of a page file: `guides/intro.mdx` → `guides/intro`. */
function pagePathOf(file: string): string | undefined {
  return /^(.*)\.mdx?$/i.exec(file)?.[1];
}

function readLines(folder: ConfinedFolder, file: string): string[] | undefined {
  try {
    return folder.read(file).toString('utf8').split(/\r?\n/);
  } catch {
    return undefined;
  }
}

const escapeHtml = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** One error: where, what, the hint, and the lines around it with the failing one marked. */
function errorItem(error: Diagnostic, lines: string[] | undefined): string {
  const where = `${error.file}:${error.line}:${error.column}`;
  return `<li><p class="docsite-dev-where"><code>${escapeHtml(where)}</code> <span class="docsite-dev-code">${escapeHtml(error.code)}</span></p><p class="docsite-dev-message">${escapeHtml(error.message)}</p>${excerpt(lines, error.line)}<p class="docsite-dev-hint">${escapeHtml(error.hint)}</p></li>`;
}

function excerpt(lines: string[] | undefined, line: number): string {
  if (!lines || line < 1 || line > lines.length) return '';
  const first = Math.max(1, line - CONTEXT_LINES);
  const last = Math.min(lines.length, line + CONTEXT_LINES);
  const width = String(last).length;
  const rows: string[] = [];
  for (let n = first; n <= last; n++) {
    const failing = n === line;
    const text = `${failing ? '>' : ' '} ${String(n).padStart(width)} | ${lines[n - 1]}`;
    rows.push(failing ? `<mark data-failing-line>${escapeHtml(text)}</mark>` : escapeHtml(text));
  }
  return `<pre class="docsite-dev-source">${rows.join('\n')}</pre>`;
}

/** The overlay's markup; its style travels with it (pages allow inline styles, not inline scripts). */
function overlay(items: string[], total: number): string {
  const heading = `${items.length} error${items.length === 1 ? '' : 's'}${items.length < total ? ` here, ${total} in the docs` : ''}`;
  return `<div id="docsite-dev-overlay" role="alertdialog" aria-modal="true" aria-labelledby="docsite-dev-title"><style>${OVERLAY_STYLE}</style><div class="docsite-dev-panel"><h2 id="docsite-dev-title">${heading}</h2><p>Fix the file and save: this page reloads by itself.</p><ol>${items.join('')}</ol><button type="button" data-docsite-dev-close>Close</button></div></div>`;
}

const OVERLAY_STYLE = [
  '#docsite-dev-overlay{position:fixed;inset:0;z-index:2147483647;background:rgba(15,17,21,.72);overflow:auto;padding:4vh 16px;box-sizing:border-box;font:15px/1.5 system-ui,sans-serif;color:#1f2328}',
  '#docsite-dev-overlay .docsite-dev-panel{max-width:960px;margin:0 auto;background:#fff;border-top:6px solid #d1242f;border-radius:8px;padding:20px 24px;box-shadow:0 12px 40px rgba(0,0,0,.35)}',
  '#docsite-dev-overlay h2{margin:0 0 4px;color:#b42318;font-size:20px}',
  '#docsite-dev-overlay ol{padding:0;list-style:none;margin:16px 0}',
  '#docsite-dev-overlay li{margin:0 0 20px}',
  '#docsite-dev-overlay p{margin:4px 0}',
  '#docsite-dev-overlay code{font:13px/1.4 ui-monospace,monospace;background:#f3f4f6;padding:1px 4px;border-radius:4px}',
  '#docsite-dev-overlay .docsite-dev-code{color:#57606a;font-size:13px}',
  '#docsite-dev-overlay .docsite-dev-message{font-weight:600}',
  '#docsite-dev-overlay .docsite-dev-hint{color:#57606a}',
  '#docsite-dev-overlay pre{font:13px/1.5 ui-monospace,monospace;background:#0d1117;color:#e6edf3;padding:12px;border-radius:6px;overflow:auto;margin:8px 0;white-space:pre}',
  '#docsite-dev-overlay mark{display:inline-block;min-width:100%;background:#8b1a1a;color:#fff}',
  '#docsite-dev-overlay button{font:inherit;padding:4px 14px;border:1px solid #d0d7de;border-radius:6px;background:#f6f8fa;cursor:pointer}',
].join('');
