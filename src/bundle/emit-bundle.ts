// Lays out the bundle: pages, Markdown, sources, search index, agent files and the manifest.
import { statSync } from 'node:fs';
import { ConfinedFolder, RefusedPathError, type PageFeature } from '../content/index.js';
import {
  createSiteLayout,
  featureFiles,
  llmsFullParts,
  llmsTxt,
  siteStyle,
  sitemapXml,
  summaryOf,
  templateAsset,
  TEMPLATE_ASSETS,
  type LlmsEntry,
} from '../render/index.js';
import {
  ANONYMOUS,
  BUNDLE_FOLDER,
  canRead,
  customFilesOf,
  defaultTree,
  endpointOrigins,
  homeRedirect,
  isPublishedFile,
  type NavigationTree,
  type ResolvedEndpoint,
  type SiteModel,
  type SitePage,
} from '../site/index.js';
import { DOCSITE_VERSION } from '../version.js';
import { discoveryDocument, discoveryInputOf, serverCard, serverCards } from './discovery.js';
import { generatedSkill } from './generated-skill.js';
import { MANIFEST_VERSION, type Manifest, type ManifestEndpoint, type ManifestPage } from './manifest.js';
import type { OutputWriter } from './output-writer.js';
import type { HeldPage } from './build-pages.js';
import { Precompressor } from './precompress.js';
import { projectIdOf } from './project-id.js';
import { addSearchIndex, type SearchIndexWorker } from './search-index-job.js';
import { addSourceParts } from './source-parts.js';
import { readerTools, readerVariants, siteTools } from './tools.js';

/** Bundle-relative locations docsite owns. */
export const BUNDLE_PATHS = {
  manifest: `${BUNDLE_FOLDER}manifest.json`,
  searchIndex: `${BUNDLE_FOLDER}search/`,
  notFound: `${BUNDLE_FOLDER}404.html`,
  assets: BUNDLE_FOLDER,
  sources: `${BUNDLE_FOLDER}sources/`,
  skills: `${BUNDLE_FOLDER}skills/`,
  sidebars: `${BUNDLE_FOLDER}nav/`,
} as const;

/** The built pages of a build: what each page file gave, and the key of what it was built from. */
export interface BuiltPages {
  built: ReadonlyMap<string, HeldPage>;
  keys: ReadonlyMap<string, string>;
}

/** What `emitBundle` added: the manifest, the search index parts once `indexed` settles, and the compressed copies once `compressed` does. */
export interface EmittedBundle {
  manifest: Manifest;
  indexed: Promise<void>;
  compressed: Promise<void>;
}

/** How `emitBundle` may spread its work. */
export interface EmitOptions {
  /** Where to build the search index while the pages are laid out; default: this thread, after them. */
  searchWorker?: SearchIndexWorker | undefined;
}

/**
 * Adds every file of the bundle to `out`. `siteUrl` has no trailing slash. A page's files are
 * added by key (see OutputWriter.addKeyed): a rebuild neither lays out nor hashes the pages whose
 * layout inputs and sources did not change. Returns once every file but the search index parts
 * is added; `indexed` settles when those are too (on a worker, they may still be in the making).
 */
export function emitBundle(site: SiteModel, { built, keys }: BuiltPages, out: OutputWriter, siteUrl: string, options: EmitOptions = {}): EmittedBundle {
  const json = (path: string, value: unknown): void => out.add(path, `${JSON.stringify(value, null, 2)}\n`);
  const tools = siteTools(site.config.name, site.navigation);
  const pageFiles = new Set(site.pages.map((p) => p.file));
  // Started first and awaited last: on a worker it is built while this thread writes everything else;
  // without one, after this thread has written everything else.
  const searchIndex = addSearchIndex(out, BUNDLE_PATHS.searchIndex, site.pages, (page) => keys.get(page.file)!, options.searchWorker);
  // If a write below fails first, the build ends with that error and never awaits `indexed`:
  // its own failure (the same unwritable folder, say) must not then crash the process as unhandled.
  searchIndex.written.catch(() => undefined);

  const sourceParts = addSourceParts(
    out,
    BUNDLE_PATHS.sources,
    site.pages,
    (page) => keys.get(page.file)!,
    (page) => built.get(page.file)!.source(),
  );

  const folder = new ConfinedFolder(site.root);
  const layout = createSiteLayout(site);
  const manifestPages: ManifestPage[] = [];
  const sidebarKeys = new Set<string>();
  /** What the pages load assets for: the bundle carries those assets. */
  const features = new Set<PageFeature>();
  for (const page of site.pages) {
    const result = built.get(page.file)!;
    const bodyKey = keys.get(page.file)!;
    const tree = treeOf(page, site);
    const inputs = layout.inputs(page, tree);
    if (inputs.sidebar !== undefined) sidebarKeys.add(inputs.sidebar);
    for (const feature of inputs.features) features.add(feature);
    const html = `${page.path}.html`;
    const markdown = `${page.path}.md`;
    out.addKeyed(html, layout.key(inputs, bodyKey), () => {
      const [before, after] = layout.frame(inputs);
      return [before, result.html(), after];
    });
    out.addKeyed(markdown, bodyKey, () => result.markdown);
    manifestPages.push(manifestPage(page, tree, { html, markdown, source: sourceParts.get(page.path)! }, pageModified(folder, page)));
  }
  const sidebars = Object.fromEntries([...sidebarKeys].sort().map((key) => [key, `${BUNDLE_PATHS.sidebars}${key}.json`]));
  for (const [key, file] of Object.entries(sidebars)) out.addKeyed(file, layout.sidebarContentKey(key), () => `${JSON.stringify(layout.sidebar(key))}\n`);
  out.add(BUNDLE_PATHS.notFound, layout.notFound());
  // The files served as they are, compressed at build (pages and .md pages are made or filtered per request).
  const precompressor = new Precompressor(out);
  const addServedAsIs = (path: string, content: string): void => {
    out.add(path, content);
    precompressor.add(path, content);
  };
  const copyServedAsIs = (path: string, from: string, stamp: string, bytes: number): void => {
    out.copy(path, from, stamp);
    precompressor.addCopy(path, from, stamp, bytes);
  };
  for (const name of TEMPLATE_ASSETS) addServedAsIs(`${BUNDLE_PATHS.assets}${name}`, templateAsset(name));
  for (const file of featureFiles(features))
    if ('content' in file) addServedAsIs(file.path, file.content);
    else copyServedAsIs(file.path, file.copyOf, file.stamp, statSync(file.copyOf).size);
  for (const file of site.files) {
    if (pageFiles.has(file) || !isPublishedFile(file)) continue;
    const copied = publishedFile(folder, file);
    if (copied) copyServedAsIs(file, copied.real, `file:${copied.stats.size}:${copied.stats.mtimeMs}:${copied.stats.ctimeMs}`, copied.stats.size);
  }
  const compressed = precompressor.done();
  // As for the search index: a write that fails first ends the build before `compressed` is awaited.
  compressed.catch(() => undefined);

  const skills = site.skills.length > 0 ? site.skills.map((s) => ({ ...s, generated: false })) : [{ ...generatedSkill(site, tools), generated: true }];
  for (const skill of skills) out.add(`${BUNDLE_PATHS.skills}${skill.name}.md`, skill.content);

  const order = readingOrder(site);
  const llms = llmsEntries(site, order, manifestPages, built);
  const llmsSite = { name: site.config.name, siteUrl, ...(site.config.description ? { description: site.config.description } : {}) };
  // The docs folder's own llms.txt (and the like) went in above, as it is, in place of the one made here.
  const customFiles = customFilesOf(site.files);
  if (!customFiles.includes('llms.txt')) out.add('llms.txt', llmsTxt(llmsSite, llms));
  if (!customFiles.includes('llms-full.txt')) out.add('llms-full.txt', llmsFullParts(llmsSite, llms));
  if (!customFiles.includes('sitemap.xml'))
    out.add(
      'sitemap.xml',
      sitemapXml(
        siteUrl,
        manifestPages.filter((p) => p.indexed).map((p) => p.url),
      ),
    );

  const manifest: Manifest = {
    manifestVersion: MANIFEST_VERSION,
    generator: { name: 'docsite', version: DOCSITE_VERSION },
    site: {
      name: site.config.name,
      ...(site.config.description ? { description: site.config.description } : {}),
      projectId: projectIdOf(site.config.name),
      url: siteUrl,
    },
    versions: site.navigation.versions,
    languages: site.navigation.languages,
    pages: manifestPages,
    readingOrder: order,
    navigation: site.navigation.trees,
    redirects: siteRedirects(site),
    tools,
    skills: skills.map(({ name, description, groups, generated }) => ({ name, description, groups, generated, file: `${BUNDLE_PATHS.skills}${name}.md` })),
    openapi: [...site.openapi.keys()].sort(),
    openapiModified: Object.fromEntries(
      [...site.openapi.keys()].sort().flatMap((file) => {
        const modified = modifiedOf(folder, file);
        return modified === undefined ? [] : [[file, modified]];
      }),
    ),
    sidebars,
    searchIndex: searchIndex.files,
    notFound: BUNDLE_PATHS.notFound,
    customFiles,
    compressed: precompressor.compressedFiles(),
    ...fontOriginsOf(site.config),
    ...(site.customScripts.origins.length > 0 ? { scriptOrigins: site.customScripts.origins } : {}),
    ...(site.customScripts.handlers.length > 0 ? { scriptHandlers: site.customScripts.handlers } : {}),
  };
  json(BUNDLE_PATHS.manifest, manifest);

  // The static files describe the site as a visitor of a host without docsite serve finds it: no sign-in.
  const visitorTools = readerTools(
    tools,
    readerVariants(manifest, (page) => canRead(ANONYMOUS, page.access, false)),
  );
  const discovery = discoveryInputOf(manifest, siteUrl, { public: visitorTools, authenticated: visitorTools });
  json('.well-known/mcp.json', discoveryDocument(discovery, false));
  json('.well-known/mcp/server-card.json', serverCard(discovery, 'public'));
  json('.well-known/mcp/server-cards.json', serverCards(discovery, false));
  return { manifest, indexed: searchIndex.written, compressed };
}

/**
 * Where a published file really is. Discovery listed it as inside the docs folder; one that has
 * since become a link leading out of it (or a FIFO) is left out rather than copied.
 */
function publishedFile(folder: ConfinedFolder, file: string): ReturnType<ConfinedFolder['file']> | undefined {
  try {
    return folder.file(file);
  } catch (error) {
    if (error instanceof RefusedPathError) return undefined;
    throw error;
  }
}

/** The tree a page is shown in: its placement in the default version and language, else its first. */
export function treeOf(page: SitePage, site: SiteModel): NavigationTree | undefined {
  const preferred = defaultTree(site.navigation);
  const placement = page.placements.find((p) => p.version === preferred?.version && p.language === preferred?.language) ?? page.placements[0];
  if (!placement) return undefined;
  return site.navigation.trees.find((t) => t.version === placement.version && t.language === placement.language);
}

/** When the docs folder's `file` was last modified, in whole milliseconds; undefined when it is not there or refused (a link leading out). */
function modifiedOf(folder: ConfinedFolder, file: string): number | undefined {
  try {
    const stats = publishedFile(folder, file)?.stats;
    return stats ? Math.trunc(stats.mtimeMs) : undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** When a page last changed: its source file's date, or for a page made from an OpenAPI operation (no file of its own), its spec's. */
export function pageModified(folder: ConfinedFolder, page: SitePage): number | undefined {
  return modifiedOf(folder, page.file) ?? page.files?.map((file) => modifiedOf(folder, file)).find((modified) => modified !== undefined);
}

export function manifestPage(
  page: SitePage,
  tree: NavigationTree | undefined,
  files: Pick<ManifestPage, 'html' | 'markdown' | 'source'>,
  modified: number | undefined,
): ManifestPage {
  const placement = page.placements.find((p) => p.version === tree?.version && p.language === tree?.language);
  const description = page.frontmatter.description;
  return {
    path: page.path,
    url: page.url,
    title: page.title,
    ...(description ? { description } : {}),
    versions: page.versions,
    languages: page.languages,
    access: page.access,
    inNavigation: page.inNavigation,
    hidden: page.hidden,
    noindex: page.noindex,
    indexed: page.indexed,
    ...files,
    section: placement?.breadcrumbs[0] ?? 'Other pages',
    summary: description ?? summaryOf(page.sections[0]?.text ?? ''),
    ...(page.files ? { files: page.files } : {}),
    ...(page.endpoint ? { endpoint: manifestEndpoint(page.endpoint) } : {}),
    ...(page.changelog ? { changelog: page.changelog } : {}),
    ...(modified !== undefined ? { modified } : {}),
  };
}

function manifestEndpoint(endpoint: ResolvedEndpoint): ManifestEndpoint {
  const { method, url, authMethod, playground } = endpoint;
  const proxied = endpoint.sending.via === 'proxy' && (playground === 'interactive' || playground === 'auth');
  return { method, url, authMethod, playground, ...(proxied ? { proxyOrigins: endpointOrigins(endpoint) } : {}) };
}

/** Paths of the indexed pages in reading order: the default tree, the other trees, then pages outside navigation. */
function readingOrder(site: SiteModel): string[] {
  const first = defaultTree(site.navigation);
  const candidates = [...(first?.order ?? []), ...site.navigation.trees.flatMap((t) => t.order), ...site.pages.map((p) => p.path)];
  const indexed = new Set(site.pages.filter((p) => p.indexed).map((p) => p.path));
  return [...new Set(candidates)].filter((path) => indexed.has(path));
}

/** llms.txt entries of the pages anyone may read (the runtime makes the lists of signed-in readers). */
function llmsEntries(site: SiteModel, order: readonly string[], pages: ManifestPage[], built: ReadonlyMap<string, HeldPage>): LlmsEntry<string | Buffer>[] {
  const byPath = new Map(pages.map((p) => [p.path, p]));
  const files = new Map(site.pages.map((p) => [p.path, p.file]));
  return order
    .map((path) => byPath.get(path)!)
    .filter((page) => page.access.groups.length === 0)
    .map((page) => ({ url: page.url, title: page.title, summary: page.summary, section: page.section, markdown: built.get(files.get(page.path)!)!.markdown }));
}

/** The font origins docs.json names (see FontOrigins), for the manifest; nothing when it names none. */
function fontOriginsOf(config: SiteModel['config']): Pick<Manifest, 'fontOrigins'> {
  const { fontOrigins } = siteStyle(config);
  return fontOrigins.style.length + fontOrigins.font.length > 0 ? { fontOrigins } : {};
}

/** The redirects `serve` follows: docs.json's, then `/` to the first page when no page is there (homeRedirect). */
function siteRedirects(site: SiteModel): Manifest['redirects'] {
  const home = homeRedirect(site.navigation, new Set(site.pages.map((page) => page.path)));
  const written = (site.config.redirects ?? []).map((r) => ({ source: r.source, destination: r.destination, permanent: r.permanent ?? true }));
  return home ? [...written, home] : written;
}
