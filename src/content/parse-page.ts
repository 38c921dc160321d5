// Turns one MDX page's source into its page model and the diagnostics found on the way.
import type { Root } from 'mdast';
import { parseFrontmatter, scriptUrlScheme, type Frontmatter } from '../config/index.js';
import { diagnostic, pageDiagnostic, START, type Diagnostic, type PagePosition, type Position } from '../diagnostics/index.js';
import { parseApiDeclaration, parseOpenApiReference } from './api-declaration.js';
import { extractApiFields } from './api-fields.js';
import { extractHeadingIds } from './heading-ids.js';
import { parseMdx } from './mdx-processor.js';
import { MAX_NESTING, tooDeepAt } from './nesting.js';
import type { ConfinedFolder } from './confined-folder.js';
import { inlineSnippets, NO_USE, type SnippetUse } from './snippets.js';
import { outlinePage } from './page-outline.js';
import { changelogEntries } from './changelog-entries.js';
import { pageFeatures } from './page-features.js';
import { texProblems } from './tex.js';
import type { PageModel } from './page-model.js';
import type { ContentVariables } from './variables.js';

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
  folder?: ConfinedFolder;
  /** Frontmatter the page's own overrides (an OpenAPI operation's title, description and `api`), placed `at` for diagnostics. */
  defaults?: FrontmatterDefaults;
  /** docs.json `variables`, filled into the snippets the page places (the caller fills the page's own text). */
  variables?: ContentVariables;
}

/** Frontmatter a page takes unless it writes the key itself. */
export interface FrontmatterDefaults {
  data: Frontmatter;
  /** Where the defaults came from in the page (its `openapi` key), for diagnostics of their values. */
  at: Position;
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
  /** What the page takes from snippets (see inlineSnippets); nothing without `folder`. */
  snippets: SnippetUse;
}

/** Parses a page and also returns its MDX tree and snippets, for rendering. */
export function analysePage(file: string, source: string, options: ParseOptions = {}): PageAnalysis {
  const { tree, pending } = analyseTree(file, source, options);
  return { parsed: completePage(pending), tree, snippets: pending.snippets };
}

/**
 * A page analysed as far as its MDX tree goes; `completePage` finishes it without the tree. A
 * build worker parses and renders a batch of pages one by one, each tree garbage before the next
 * is made, then finishes them one after another: small steps such as the frontmatter's YAML run
 * about three times as fast in a row as each squeezed between two parses.
 */
export interface PendingPage {
  file: string;
  path: string;
  /** Whether the MDX parsed. */
  parsed: boolean;
  /** The frontmatter's YAML and the line of the file it starts on. */
  yaml: { text: string; line: number } | undefined;
  /** What the tree gave: outline and API fields; nothing when the MDX did not parse. */
  found: Partial<PageModel>;
  /** Diagnostics in the order a page lists them: these before the frontmatter's, `after` after them. */
  before: Diagnostic[];
  after: Diagnostic[];
  /** What the page takes from snippets (see inlineSnippets); nothing without `folder`. */
  snippets: SnippetUse;
  defaults?: FrontmatterDefaults;
}

/** The part of analysePage that needs the MDX tree: the tree (undefined when the MDX did not parse) and what completes the page. */
export function analyseTree(file: string, source: string, options: ParseOptions = {}): { tree: Root | undefined; pending: PendingPage } {
  const before: Diagnostic[] = [];
  const after: Diagnostic[] = [];
  const path = pagePathOf(file);
  const { source: mdx, idsByLine } = extractHeadingIds(source.replace(/^\uFEFF/, ''));
  let tree: Root;
  let snippets = NO_USE;
  try {
    tree = parseMdx(mdx);
    if (options.folder !== undefined)
      snippets = inlineSnippets(
        tree,
        file,
        options.folder,
        (at, message, kind) =>
          before.push(diagnostic(kind === 'refused' ? 'file/refused' : kind === 'dynamic' ? 'render/dynamic-component' : 'mdx/snippet', file, at, message)),
        options.variables,
      );
    const deep = tooDeepAt(tree);
    if (deep) throw new TooDeepError(deep);
  } catch (error) {
    before.push(error instanceof TooDeepError || isStackOverflow(error) ? tooDeepDiagnostic(error, file) : syntaxDiagnostic(error, file));
    // Still check the frontmatter, so one run reports every problem of the page.
    const text = FRONTMATTER.exec(mdx)?.[1];
    const pending = {
      file,
      path,
      parsed: false,
      yaml: text === undefined ? undefined : { text, line: 2 },
      found: {},
      before,
      after,
      snippets,
      ...(options.defaults ? { defaults: options.defaults } : {}),
    };
    return { tree: undefined, pending };
  }

  const yaml = tree.children[0]?.type === 'yaml' ? tree.children[0] : undefined;
  const { unknownComponents, scriptUrls, ...outline } = outlinePage(tree, idsByLine);
  for (const c of unknownComponents) {
    const what = c.from ? `<${c.name}> comes from ${c.from}, code docsite does not run` : `Unknown component <${c.name}>`;
    after.push(diagnostic('render/unknown-component', file, c, `${what}; its children are rendered as they are.`));
  }
  for (const u of scriptUrls) after.push(scriptUrlDiagnostic(file, u, `"${shortened(u.url)}"`, u.scheme));
  const fields = extractApiFields(tree, file, after);
  const changelog = changelogEntries(tree);
  const features = pageFeatures(tree);
  if (features.includes('math'))
    for (const problem of texProblems(tree))
      after.push(diagnostic('render/invalid-math', file, problem, `KaTeX cannot typeset this math: ${problem.message}; the page shows its TeX in red.`));
  const pending = {
    file,
    path,
    parsed: true,
    yaml: yaml ? { text: yaml.value, line: (yaml.position?.start.line ?? 1) + 1 } : undefined,
    found: { ...outline, ...fields, ...(changelog.length > 0 ? { changelog } : {}), ...(features.length > 0 ? { features } : {}) },
    before,
    after,
    snippets,
    ...(options.defaults ? { defaults: options.defaults } : {}),
  };
  return { tree, pending };
}

/** Finishes a page analysed by analyseTree: reads its frontmatter and what depends on it. */
export function completePage({ file, path, parsed, yaml, found, before, after, defaults }: PendingPage): ParsedPage {
  const fm = yaml ? parseFrontmatter(yaml.text, file, yaml.line) : undefined;
  const diagnostics = [...before, ...(fm?.diagnostics ?? []), ...after];
  const frontmatter = { ...defaults?.data, ...fm?.data };
  const defaultPositions = Object.fromEntries(Object.keys(defaults?.data ?? {}).map((key) => [key, defaults!.at]));
  const page: PageModel = {
    path,
    file,
    parsed,
    frontmatter,
    frontmatterPositions: { ...defaultPositions, ...fm?.positions },
    title: frontmatter.title ?? found.headings?.[0]?.text ?? path,
    headings: [],
    sections: [],
    links: [],
    anchors: [],
    params: [],
    responses: [],
    ...found,
  };
  declarations(page, file, diagnostics);
  return { page, diagnostics };
}

const FRONTMATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?(?:\n|$)/;

/** The diagnostic of a URL that would run script: `what` names it. */
function scriptUrlDiagnostic(file: string, at: PagePosition, what: string, scheme: string): Diagnostic {
  return pageDiagnostic('link/script-url', file, at, `${what} is a ${scheme}: URL, which runs script in the reader's browser.`);
}

/** A URL as a message quotes it: its first 60 characters, control characters shown as escapes. */
function shortened(url: string): string {
  return JSON.stringify(url.length > 60 ? `${url.slice(0, 60)}…` : url).slice(1, -1);
}

/** Reads the `api` and `openapi` frontmatter declarations into the page, and checks the `url` it may link to. */
function declarations(page: PageModel, file: string, diagnostics: Diagnostic[]): void {
  const { frontmatter, frontmatterPositions: positions } = page;
  const scheme = typeof frontmatter.url === 'string' ? scriptUrlScheme(frontmatter.url) : undefined;
  if (scheme) diagnostics.push(scriptUrlDiagnostic(file, positions.url ?? START, 'The frontmatter `url`', scheme));
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
  return diagnostic(
    'mdx/too-deep',
    file,
    at,
    `Elements are nested more than ${MAX_NESTING} levels deep${error instanceof TooDeepError ? ' here' : ''}; docsite does not render pages nested that deeply.`,
  );
}

function syntaxDiagnostic(error: unknown, file: string): Diagnostic {
  const place = error as { line?: number; column?: number; reason?: string; message?: string };
  const reason = (place.reason ?? place.message ?? String(error)).replace(/\s+/g, ' ').trim();
  // A tag never closed is reported at the end of the file, without a place; its message says where the tag is.
  const tag = place.line === undefined ? TAG_PLACE.exec(reason) : null;
  const at = tag ? { line: Number(tag[1]), column: Number(tag[2]) } : { line: place.line ?? 1, column: place.column ?? 1 };
  return diagnostic('mdx/syntax', file, at, `MDX syntax error: ${reason}`);
}

/** `(line:column-line:column)` in a message of mdast-util-mdx-jsx. */
const TAG_PLACE = /\((\d+):(\d+)-\d+:\d+\)/;
