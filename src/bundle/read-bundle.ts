// Loads a built bundle into memory once, for `serve`: manifest, search index, sources and skills.
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { schemaValidator } from '../config/index.js';
import { UsageError } from '../errors.js';
import { isConsistentSidebar, type SidebarFile } from '../render/index.js';
import { SearchIndex, type IndexOptions } from '../search/index.js';
import { accessOfFileUsedBy, type PageAccess } from '../site/index.js';
import { BUNDLE_PATHS } from './emit-bundle.js';
import type { Manifest, ManifestPage, ManifestSkill } from './manifest.js';
import { readSourceParts } from './source-parts.js';

/** A file of the MCP filesystem: an absolute virtual path and its text. */
export interface SourceFile {
  path: string;
  content: string;
}

/** An OpenAPI file of the site: at `path` in the MCP filesystem, at `file` in the bundle, readable with `access`. */
export interface OpenApiFile extends SourceFile {
  file: string;
  access: PageAccess;
}

/** A skill ready to serve as an MCP resource. */
export interface LoadedSkill extends ManifestSkill {
  content: string;
}

/** A bundle in memory. Immutable once loaded: requests share it. */
export interface LoadedBundle {
  /** Absolute path of the bundle folder. */
  dir: string;
  manifest: Manifest;
  search: SearchIndex;
  pagesByUrl: ReadonlyMap<string, ManifestPage>;
  /** Each page's source, keyed by page path, for the MCP filesystem (`/<url-path>.mdx`). */
  sources: ReadonlyMap<string, SourceFile>;
  /** OpenAPI files, at `/openapi/<name>` in the MCP filesystem. */
  openapi: OpenApiFile[];
  /**
   * Who may read the bundle's files that pages use and its OpenAPI files, by bundle-relative path
   * (see accessOfFileUsedBy): whoever may read a page that uses the file. The other files are the
   * site's (its logo, say) or used by no page: everyone's, but for an OpenAPI file, which then
   * needs a login.
   */
  fileAccess: ReadonlyMap<string, PageAccess>;
  skills: LoadedSkill[];
  /** The sidebars pages show, by key (see `readPageHtml`). */
  sidebars: ReadonlyMap<string, SidebarFile>;
}

/** The MCP filesystem path of a page: "/" -> "/index.mdx", "/guides/intro" -> "/guides/intro.mdx". */
export function sourcePathOf(url: string): string {
  return url === '/' ? '/index.mdx' : `${url}.mdx`;
}

/** Reads `dir` (a folder written by `docsite build`); `indexOptions` sets how its search index is kept. Throws UsageError when it is not a bundle. */
export async function readBundle(dir: string, indexOptions: IndexOptions = {}): Promise<LoadedBundle> {
  const manifest = await readManifest(dir);
  // Synchronous reads: a bundle is read once, before serving, and fs/promises costs several
  // times more per file than readFileSync over a large site's hundreds of files.
  const text = (path: string): string => readFileSync(join(dir, path), 'utf8');
  const search = await SearchIndex.load(
    manifest.searchIndex.map((part) => JSON.parse(text(part)) as unknown),
    indexOptions,
  );
  const sourceTexts = readSourceParts(dir, manifest.pages);
  const sources = manifest.pages.map((page): [string, SourceFile] => [page.path, { path: sourcePathOf(page.url), content: sourceTexts.get(page.path)! }]);
  const fileAccess = fileAccessOf(manifest);
  const openapi = manifest.openapi.map((file) => ({
    path: `/openapi/${file.replace(/^openapi\//, '')}`,
    file,
    content: text(file),
    access: fileAccess.get(file)!,
  }));
  const skills = manifest.skills.map((skill) => ({ ...skill, content: text(skill.file) }));
  const sidebars = Object.entries(manifest.sidebars).map(([key, file]): [string, SidebarFile] => [key, sidebarOf(dir, file, text(file))]);
  return {
    dir,
    manifest,
    search,
    pagesByUrl: new Map(manifest.pages.map((page) => [page.url, page])),
    sources: new Map(sources),
    openapi,
    fileAccess,
    skills,
    sidebars: new Map(sidebars),
  };
}

/** The access of each file pages use (ManifestPage.files) and of each OpenAPI file. */
function fileAccessOf(manifest: Manifest): Map<string, PageAccess> {
  const users = new Map<string, PageAccess[]>(manifest.openapi.map((file) => [file, []]));
  for (const page of manifest.pages) for (const file of page.files ?? []) users.set(file, [...(users.get(file) ?? []), page.access]);
  return new Map([...users].map(([file, accesses]) => [file, accessOfFileUsedBy(accesses)]));
}

/** Parses a sidebar file; throws UsageError when it is not one whose marks fit its HTML. */
function sidebarOf(dir: string, file: string, json: string): SidebarFile {
  const sidebar = JSON.parse(json) as SidebarFile;
  if (typeof sidebar?.html !== 'string' || typeof sidebar.pages !== 'object' || sidebar.pages === null || !isConsistentSidebar(sidebar)) {
    throw new UsageError(`${dir}/${file} is not a valid sidebar file.`, 'Rebuild the bundle with this version of docsite.');
  }
  return sidebar;
}

async function readManifest(dir: string): Promise<Manifest> {
  let raw: string;
  try {
    raw = await readFile(join(dir, BUNDLE_PATHS.manifest), 'utf8');
  } catch {
    throw new UsageError(`${dir} is not a docsite bundle (no ${BUNDLE_PATHS.manifest}).`, 'Run `docsite build` first, or pass the docs folder to build it.');
  }
  const manifest: unknown = JSON.parse(raw);
  const validate = schemaValidator('manifest');
  if (!validate(manifest)) {
    const first = validate.errors?.[0];
    throw new UsageError(
      `${dir}/${BUNDLE_PATHS.manifest} is not a valid manifest: ${first?.instancePath || '/'} ${first?.message ?? ''}.`,
      'Rebuild the bundle with this version of docsite.',
    );
  }
  return manifest as Manifest;
}
