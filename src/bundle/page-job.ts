// The per-page work of a build: parse, render the body, export Markdown. Runs in worker threads.
import { createHash } from 'node:crypto';
import {
  analyseTree,
  completePage,
  ConfinedFolder,
  type FrontmatterDefaults,
  mayUseSnippets,
  mayUseVariables,
  readPageSource,
  type ParsedPage,
  type PendingPage,
  type PoolJob,
  fillVariables,
  type ContentVariables,
} from '../content/index.js';
import type { IconLibrary } from '../icons/index.js';
import { pageMarkdown, renderBody, resolveBrowserUrls, resolveSnippetUrls, withUrlEdits, type UrlEdit } from '../render/index.js';
import { DOCSITE_VERSION } from '../version.js';

/**
 * Text, or its UTF-8 bytes. A worker sends a page's texts as bytes: handed over whole,
 * they never become strings that the build's thread must copy in from the message, keep through
 * its collections and encode again to write (see BUILD_PAGE_JOB.pack).
 */
export type PageText = string | Uint8Array;

/** A page ready to be laid out: its parse result, body HTML and Markdown. */
export interface BuiltPage {
  parsed: ParsedPage;
  /** The body as HTML (no layout); empty when the MDX did not parse. */
  html: PageText;
  markdown: PageText;
  /** The page's original source, served by the MCP filesystem. */
  source: PageText;
  /** The page's cache key (see pageCacheKey); absent when its file could not be read. */
  key?: string;
}

/** What a page file's build reads besides the file: the docs folder's snippets. */
export interface PageContext {
  /** The docs folder, the only place its page and snippets are read from. */
  folder: ConfinedFolder;
  /** snippetsDigest of the docs folder, with docs.json variables when it has some. */
  snippets: string;
  /** docs.json `variables`, filled into pages and snippets. */
  variables?: ContentVariables;
  /** docs.json `icons.library`: the library page icons are drawn from (Font Awesome when absent). */
  iconLibrary?: IconLibrary;
}

/**
 * Parses and renders page files, each read unless its text is `known`. In two rounds (see
 * PendingPage): each page's tree is parsed, rendered and dropped, then every page is finished.
 */
export function buildPages(context: PageContext, files: readonly string[], known: readonly (string | undefined)[] = []): BuiltPage[] {
  return files.map((file, i) => renderPage(context, file, known[i])).map(finishPage);
}

/**
 * Parses and renders a page from its source: a generated OpenAPI page's, or a page file's with its
 * operation added (then with its context, and the operation's frontmatter as `defaults`).
 */
export function buildPageSource(
  file: string,
  source: string,
  context?: PageContext,
  defaults?: FrontmatterDefaults,
  iconLibrary: IconLibrary | undefined = context?.iconLibrary,
): BuiltPage {
  return finishPage(renderSource(file, source, context, defaults, iconLibrary));
}

/** A page parsed and rendered, its tree gone: what finishPage needs. */
type RenderedPage =
  | { built: BuiltPage }
  | {
      pending: PendingPage;
      html: string;
      source: string;
      text: string;
      urlEdits: UrlEdit[];
      context: PageContext | undefined;
      iconLibrary: IconLibrary | undefined;
    };

function renderPage(context: PageContext, file: string, known: string | undefined): RenderedPage {
  const read = readPageSource(context.folder, file, known);
  if ('failed' in read) return { built: { parsed: read.failed, html: '', markdown: '', source: '' } };
  return renderSource(file, read.source, context, undefined, context.iconLibrary);
}

function renderSource(
  file: string,
  written: string,
  context: PageContext | undefined,
  defaults: FrontmatterDefaults | undefined,
  iconLibrary: IconLibrary | undefined,
): RenderedPage {
  const variables = context?.variables;
  const source = fillVariables(written, variables);
  const { tree, pending } = analyseTree(file, source, {
    ...(context ? { folder: context.folder } : {}),
    ...(defaults ? { defaults } : {}),
    ...(variables ? { variables } : {}),
  });
  // Links as validate resolved them, in the HTML and the Markdown alike (the tree was parsed from the text without a BOM).
  const text = source.replace(/^\uFEFF/, '');
  const urlEdits = tree ? resolveBrowserUrls(tree, pending.path, text) : [];
  // The written source keys the cache (variables are in the context's digest) and is what the MCP filesystem serves.
  return { pending, html: tree ? renderBody(tree, iconLibrary) : '', source: written, text, urlEdits, context, iconLibrary };
}

function finishPage(page: RenderedPage): BuiltPage {
  if ('built' in page) return page.built;
  const { pending, html, source, text, urlEdits, context, iconLibrary } = page;
  const parsed = completePage(pending);
  const { title, frontmatter } = parsed.page;
  const markdown = pageMarkdown(withUrlEdits(text, urlEdits), title, frontmatter.description, resolveSnippetUrls(pending.snippets, pending.path));
  return { parsed, html, markdown, source, key: sourceCacheKey(pending.file, source, context, pending.defaults, iconLibrary) };
}

/** The cache key of a page built from `source` (see buildPageSource), known before it is built. */
export function sourceCacheKey(
  file: string,
  source: string,
  context: PageContext | undefined,
  defaults: FrontmatterDefaults | undefined,
  iconLibrary: IconLibrary | undefined,
): string {
  // The frontmatter defaults shape the page as much as its source does.
  const keyed = defaults ? `${source}\0${JSON.stringify(defaults.data)}` : source;
  return pageCacheKey(renderer(iconLibrary), file, keyed, context?.snippets);
}

/**
 * What renders a page, for its cache key: this docsite, and the site-wide settings every page's
 * body depends on (the icon library: a page of icons looks different in another).
 */
export function renderer(iconLibrary: IconLibrary | undefined): string {
  return iconLibrary && iconLibrary !== 'fontawesome' ? `${DOCSITE_VERSION}\0icons:${iconLibrary}` : DOCSITE_VERSION;
}

export const BUILD_PAGE_JOB: PoolJob<{ snippets: string; variables?: ContentVariables; iconLibrary?: IconLibrary }, BuiltPage> = {
  workerUrl: new URL('./page-worker.js', import.meta.url),
  run: (root, files, { snippets, variables, iconLibrary }, sources) =>
    buildPages({ folder: new ConfinedFolder(root), snippets, ...(variables ? { variables } : {}), ...(iconLibrary ? { iconLibrary } : {}) }, files, sources),
  pack(page) {
    const [html, markdown, source] = [encode(page.html), encode(page.markdown), encode(page.source)];
    return { result: { ...page, html, markdown, source }, transfer: [html.buffer, markdown.buffer, source.buffer] };
  },
};

const utf8 = new TextEncoder();

/** The UTF-8 bytes of `text` in a buffer of their own, so it can be handed over (Buffer.from may share a pool). */
function encode(text: PageText): Uint8Array<ArrayBuffer> {
  return utf8.encode(textOf(text)) as Uint8Array<ArrayBuffer>;
}

/** A page's text as a string, decoded when it came as bytes. */
export function textOf(text: PageText): string {
  return typeof text === 'string' ? text : bytesOf(text).toString('utf8');
}

/** A page's text as UTF-8 bytes: a view of them when it came as bytes, else encoded. */
export function bytesOf(text: PageText): Buffer {
  return typeof text === 'string' ? Buffer.from(text, 'utf8') : Buffer.from(text.buffer, text.byteOffset, text.byteLength);
}

/** The cache key of a page: what its build output depends on (with the snippets and variables digest, if it may use either). */
export function pageCacheKey(generator: string, file: string, source: string, snippets?: string): string {
  const hash = createHash('sha256').update(generator).update('\0').update(file).update('\0').update(source);
  if (snippets && (mayUseSnippets(source) || mayUseVariables(source))) hash.update('\0').update(snippets);
  return hash.digest('hex');
}
