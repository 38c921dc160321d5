// Turns one MDX page's source into its page model and the diagnostics found on the way.
import type { Root } from 'mdast';
import { parseFrontmatter } from '../config/index.js';
import { diagnostic, START, type Diagnostic, type Position } from '../diagnostics/index.js';
import { parseApiDeclaration, parseOpenApiReference } from './api-declaration.js';
import { extractApiFields } from './api-fields.js';
import { extractHeadingIds } from './heading-ids.js';
import { parseMdx } from './mdx-processor.js';
import { MAX_NESTING, tooDeepAt } from './nesting.js';
import { inlineSnippets, NO_USE, type SnippetUse } from './snippets.js';
import { outlinePage } from './page-outline.js';
import type { PageModel } from './page-model.js';

export interface ParsedPage {
  page: PageModel;
  diagnostics: Diagnostic[];
}

/** The navigation path of a page file: `guides/intro.mdx` -> `guides/intro`. */
export function pagePathOf(file: string): string {
  return file.replace(/\.mdx?$/, '');
}

/** How a page is parsed. */
export interface ParseOptions {
  /** The docs folder, to read the snippets the page places from; without it they are left out. */
  root?: string;
}

/** Parses a page. Never throws for bad content: problems become diagnostics. */
export function parsePage(file: string, source: string, options: ParseOptions = {}): ParsedPage {
  return analysePage(file, source, options).parsed;
}

/** A page analysed for building: its parse result, its MDX tree to render, and the snippets it places. */
export interface PageAnalysis {
  parsed: ParsedPage;
  /** Undefined when the MDX did not parse. */
  tree: Root | undefined;
  /** What the page takes from snippets (see inlineSnippets); nothing without `root`. */
  snippets: SnippetUse;
}

/** Parses a page and also returns its MDX tree and snippets, for rendering. */
export function analysePage(file: string, source: string, options: ParseOptions = {}): PageAnalysis {
  const diagnostics: Diagnostic[] = [];
  const path = pagePathOf(file);
  const empty: PageModel = {
    path, file, parsed: false, frontmatter: {}, frontmatterPositions: {}, title: path,
    headings: [], sections: [], links: [], anchors: [], params: [], responses: [],
  };
  const { source: mdx, idsByLine } = extractHeadingIds(source.replace(/^\uFEFF/, ''));
  let tree: Root;
  let snippets = NO_USE;
  try {
    tree = parseMdx(mdx);
    if (options.root !== undefined) snippets = inlineSnippets(tree, file, options.root, (at, message) => diagnostics.push(diagnostic('mdx/snippet', file, at, message)));
    const deep = tooDeepAt(tree);
    if (deep) throw new TooDeepError(deep);
  } catch (error) {
    diagnostics.push(error instanceof TooDeepError || isStackOverflow(error) ? tooDeepDiagnostic(error, file) : syntaxDiagnostic(error, file));
    // Still check the frontmatter, so one run reports every problem of the page.
    const yaml = FRONTMATTER.exec(mdx)?.[1];
    if (yaml === undefined) return { parsed: { page: empty, diagnostics }, tree: undefined, snippets };
    const fm = parseFrontmatter(yaml, file, 2);
    diagnostics.push(...fm.diagnostics);
    const page = { ...empty, frontmatter: fm.data, frontmatterPositions: fm.positions, title: fm.data.title ?? path };
    declarations(page, file, diagnostics);
    return { parsed: { page, diagnostics }, tree: undefined, snippets };
  }

  const yaml = tree.children[0]?.type === 'yaml' ? tree.children[0] : undefined;
  const fm = yaml ? parseFrontmatter(yaml.value, file, (yaml.position?.start.line ?? 1) + 1) : undefined;
  if (fm) diagnostics.push(...fm.diagnostics);
  const frontmatter = fm?.data ?? {};

  const { unknownComponents, ...outline } = outlinePage(tree, idsByLine);
  for (const c of unknownComponents) {
    const what = c.from ? `<${c.name}> comes from ${c.from}, code docsite does not run` : `Unknown component <${c.name}>`;
    diagnostics.push(diagnostic('render/unknown-component', file, c, `${what}; its children are rendered as they are.`));
  }
  const fields = extractApiFields(tree, file, diagnostics);
  const page: PageModel = {
    ...empty,
    parsed: true,
    frontmatter,
    frontmatterPositions: fm?.positions ?? {},
    title: frontmatter.title ?? outline.headings[0]?.text ?? path,
    ...outline,
    ...fields,
  };
  declarations(page, file, diagnostics);
  return { parsed: { page, diagnostics }, tree, snippets };
}

const FRONTMATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?(?:\n|$)/;

/** Reads the `api` and `openapi` frontmatter declarations into the page. */
function declarations(page: PageModel, file: string, diagnostics: Diagnostic[]): void {
  const { frontmatter, frontmatterPositions: positions } = page;
  if (typeof frontmatter.api === 'string') {
    const result = parseApiDeclaration(frontmatter.api, file, positions.api ?? START);
    diagnostics.push(...result.diagnostics);
    if (result.api) page.api = result.api;
  }
  if (typeof frontmatter.openapi === 'string') {
    const result = parseOpenApiReference(frontmatter.openapi, file, positions.openapi ?? START);
    diagnostics.push(...result.diagnostics);
    if (result.openapi) page.openapi = result.openapi;
  }
}

/** A page nested deeper than MAX_NESTING: reported like a syntax error, and never rendered. */
class TooDeepError extends Error {
  constructor(readonly at: Position) {
    super('too deep');
  }
}

function isStackOverflow(error: unknown): error is RangeError {
  return error instanceof RangeError && /call stack/i.test(error.message);
}

/** Also for a stack overflow: the parser itself runs out of stack on nesting thousands of levels deep. */
function tooDeepDiagnostic(error: TooDeepError | RangeError, file: string): Diagnostic {
  const at = error instanceof TooDeepError ? error.at : START;
  return diagnostic('mdx/too-deep', file, at, `Elements are nested more than ${MAX_NESTING} levels deep${error instanceof TooDeepError ? ' here' : ''}; docsite does not render pages nested that deeply.`);
}

function syntaxDiagnostic(error: unknown, file: string): Diagnostic {
  const place = error as { line?: number; column?: number; reason?: string; message?: string };
  const at = { line: place.line ?? 1, column: place.column ?? 1 };
  const reason = (place.reason ?? place.message ?? String(error)).replace(/\s+/g, ' ').trim();
  return diagnostic('mdx/syntax', file, at, `MDX syntax error: ${reason}`);
}
