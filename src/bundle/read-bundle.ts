// Loads a built bundle into memory once, for `serve`: manifest, search index, sources and skills.
import { schemaValidator } from '../config/index.js';
import { ConfinedFolder } from '../content/index.js';
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
  /** When its source was last modified (ms since 1970); absent in bundles built before dates were kept. */
  modified?: number;
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
  /** The bundle folder, the only way its files are read: a link planted in it that leads out is refused. */
  folder: ConfinedFolder;
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
  /** The files that have brotli and gzip copies (Manifest.compressed, see precompressedPath). */
  compressed: ReadonlySet<string>;
}

/** The MCP filesystem path of a page: "/" -> "/index.mdx", "/guides/intro" -> "/guides/intro.mdx". */
export function sourcePathOf(url: string): string {
  return url === '/' ? '/index.mdx' : `${url}.mdx`;
}

/** Reads `dir` (a folder written by `docsite build`); `indexOptions` sets how its search index is kept. Throws UsageError when it is not a bundle. */
export async function readBundle(dir: string, indexOptions: IndexOptions = {}): Promise<LoadedBundle> {
  const folder = bundleFolder(dir);
  const manifest = await readManifest(folder, dir);
  // Synchronous reads: a bundle is read once, before serving, and fs/promises costs several
  // times more per file than readFileSync over a large site's hundreds of files.
  const text = (path: string): string => readText(folder, dir, path);
  const search = await readSearchIndex(folder, dir, manifest, indexOptions);
  const sourceTexts = readSourceParts(folder, manifest.pages);
  const sources = manifest.pages.map((page): [string, SourceFile] => [
    page.path,
    { path: sourcePathOf(page.url), content: sourceTexts.get(page.path)!, ...(page.modified !== undefined && { modified: page.modified }) },
  ]);
  const fileAccess = fileAccessOf(manifest);
  const openapi = manifest.openapi.map((file) => ({
    path: `/openapi/${file.replace(/^openapi\//, '')}`,
    file,
    content: text(file),
    access: fileAccess.get(file)!,
    ...(manifest.openapiModified?.[file] !== undefined && { modified: manifest.openapiModified[file] }),
  }));
  const skills = manifest.skills.map((skill) => ({ ...skill, content: text(skill.file) }));
  const sidebars = Object.entries(manifest.sidebars).map(([key, file]): [string, SidebarFile] => [key, sidebarOf(dir, file, text(file))]);
  return {
    dir,
    folder,
    manifest,
    search,
    pagesByUrl: new Map(manifest.pages.map((page) => [page.url, page])),
    sources: new Map(sources),
    openapi,
    fileAccess,
    skills,
    sidebars: new Map(sidebars),
    compressed: new Set(manifest.compressed ?? []),
  };
}

/** The search index of the bundle in `folder` (at `dir`), from the part files its manifest names. */
export async function readSearchIndex(folder: ConfinedFolder, dir: string, manifest: Manifest, indexOptions: IndexOptions = {}): Promise<SearchIndex> {
  return SearchIndex.load(
    manifest.searchIndex.map((part) => JSON.parse(readText(folder, dir, part)) as unknown),
    indexOptions,
  );
}

/** A bundle file's text; throws UsageError when it cannot be read. */
function readText(folder: ConfinedFolder, dir: string, path: string): string {
  try {
    return folder.read(path).toString('utf8');
  } catch (error) {
    throw new UsageError(`${dir}/${path} cannot be read: ${(error as Error).message}`, 'Rebuild the bundle with `docsite build`.');
  }
}

/** The access of each file pages use (ManifestPage.files) and of each OpenAPI file. */
export function fileAccessOf(manifest: Manifest): Map<string, PageAccess> {
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

function notABundle(dir: string): UsageError {
  return new UsageError(`${dir} is not a docsite bundle (no ${BUNDLE_PATHS.manifest}).`, 'Run `docsite build` first, or pass the docs folder to build it.');
}

function bundleFolder(dir: string): ConfinedFolder {
  try {
    return new ConfinedFolder(dir, 'bundle');
  } catch {
    throw notABundle(dir);
  }
}

async function readManifest(folder: ConfinedFolder, dir: string): Promise<Manifest> {
  let raw: string;
  try {
    raw = (await folder.readAsync(BUNDLE_PATHS.manifest)).toString('utf8');
  } catch {
    throw notABundle(dir);
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
