// The per-page work of a build: parse, render the body, export Markdown. Runs in worker threads.
import { createHash } from 'node:crypto';
import { analysePage, readPageSource, type ParsedPage, type PoolJob } from '../content/index.js';
import { pageMarkdown, renderBody } from '../render/index.js';
import { DOCSITE_VERSION } from '../version.js';

/** A page ready to be laid out: its parse result, body HTML and Markdown. */
export interface BuiltPage {
  parsed: ParsedPage;
  /** The body as HTML (no layout); empty when the MDX did not parse. */
  html: string;
  markdown: string;
  /** The page's original source, served by the MCP filesystem. */
  source: string;
  /** The page's cache key (see pageCacheKey); absent when its file could not be read. */
  key?: string;
}

/** Parses and renders one page file, read unless its text is `known`. */
export function buildPage(root: string, file: string, known?: string): BuiltPage {
  const read = readPageSource(root, file, known);
  if ('failed' in read) return { parsed: read.failed, html: '', markdown: '', source: '' };
  return buildPageSource(file, read.source);
}

/** Parses and renders a page from its source (a file's, or a generated OpenAPI page's). */
export function buildPageSource(file: string, source: string): BuiltPage {
  const { parsed, tree } = analysePage(file, source);
  const html = tree ? renderBody(tree, parsed.page) : '';
  const { title, frontmatter } = parsed.page;
  return { parsed, html, markdown: pageMarkdown(source, title, frontmatter.description), source, key: pageCacheKey(DOCSITE_VERSION, file, source) };
}

export const BUILD_PAGE_JOB: PoolJob<undefined, BuiltPage> = {
  workerUrl: new URL('./page-worker.js', import.meta.url),
  run: (root, file, _options, source) => buildPage(root, file, source),
};

/** The cache key of a page: what its build output depends on. */
export function pageCacheKey(generator: string, file: string, source: string): string {
  return createHash('sha256').update(generator).update('\0').update(file).update('\0').update(source).digest('hex');
}
