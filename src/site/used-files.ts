// The files of the docs folder each page uses (its OpenAPI file, its images and linked files): their readers are the pages'.
import type { PageModel, ParsedPage } from '../content/index.js';
import { resolveLink } from './check-links.js';
import type { EndpointEntry } from './navigation-model.js';
import { openApiPath, type OpenApiDocument } from './openapi.js';
import { isPublishedFile } from './published-files.js';

/**
 * Page path -> the local OpenAPI file whose operation the page documents: the spec of each
 * generated endpoint page, and `pageSpecs`, the spec of each page's `openapi` frontmatter.
 */
export function documentedFiles(
  endpoints: readonly EndpointEntry[],
  generated: readonly ParsedPage[],
  pageSpecs: ReadonlyMap<string, string>,
  documents: ReadonlyMap<string, OpenApiDocument>,
): Map<string, string> {
  const files = new Map<string, string>();
  const add = (path: string, reference: string | undefined): void => {
    const file = reference === undefined ? undefined : openApiPath(reference);
    if (file !== undefined && documents.has(file) && !files.has(path)) files.set(path, file);
  };
  const generatedPaths = new Set(generated.map(({ page }) => page.path));
  for (const endpoint of endpoints) if (generatedPaths.has(endpoint.page)) add(endpoint.page, endpoint.openapi);
  for (const [path, file] of pageSpecs) add(path, file);
  return files;
}

/** What a page's links may point at, to tell the files it uses. */
export interface FileTargets {
  /** Page paths: a link to a page is not a file. */
  pages: ReadonlySet<string>;
  /** The docs folder's files. */
  files: ReadonlySet<string>;
  /** Files every page shows (the logo, the favicon): the site's, never one page's. */
  siteFiles: ReadonlySet<string>;
}

/**
 * The published files `page` uses, sorted: `documented` (its OpenAPI file) and the files its
 * images and links point at, but for pages and the site's own files.
 */
export function usedFiles(page: Pick<PageModel, 'path' | 'links'>, documented: string | undefined, targets: FileTargets): string[] {
  const used = new Set<string>(documented === undefined ? [] : [documented]);
  for (const link of page.links) {
    const path = resolveLink(link.url, page.path)?.path;
    if (!path || !targets.files.has(path) || !isPublishedFile(path) || targets.siteFiles.has(path)) continue;
    const bare = path.replace(/\.mdx?$/, '');
    if (!targets.pages.has(bare) && !targets.pages.has(`${bare}/index`)) used.add(path);
  }
  return [...used].sort();
}
