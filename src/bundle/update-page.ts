// `docsite dev`'s edit of one page: the page built again and put into the written bundle and the
// site in memory, without loading the site or writing and reading back the whole bundle.
import { ConfinedFolder } from '../content/index.js';
import { createSiteLayout, type SiteLayout } from '../render/index.js';
import { partitionPages, recordsOf, type SearchIndex } from '../search/index.js';
import { asBuildDiagnostics, bySeverity, compareDiagnostics, type Diagnostic } from '../diagnostics/index.js';
import type { BuildReport, BuiltSite } from './build.js';
import { manifestPage, pageModified, treeOf } from './emit-bundle.js';
import { replaceOutputs } from './output-writer.js';
import { bytesOf } from './page-job.js';
import { fileAccessOf, readSearchIndex, sourcePathOf, type LoadedBundle } from './read-bundle.js';
import { searchIndexFile } from './search-index-job.js';

/** What `updatePage` made. */
export interface UpdatedPage {
  /** The bundle with the page updated, but for the search index (see `searchPart`). */
  bundle: LoadedBundle;
  /** The report of the last build with the page's problems as they are now. */
  report: BuildReport;
  /**
   * The search index part that holds the page, now out of date (undefined when the page is not
   * searched): `reindexParts` makes it again. Apart, so that the page can be served first, and
   * several edits in a row index once.
   */
  searchPart: number | undefined;
}

/** The layout of each site `updatePage` has laid a page out in: its lookups cost more than the page. */
const layouts = new WeakMap<BuiltSite['site'], SiteLayout>();

/**
 * Builds the page file `file` again and updates what shows it: its HTML and Markdown files, its
 * source for the MCP filesystem, its manifest entry, and (see `search`) its part of the search
 * index, written as a full build would write it. `built` (the site model) is updated in place.
 *
 * Returns undefined, having changed nothing, when the edit reaches past the page and the site
 * must be built whole: a new title or frontmatter (navigation, sidebars, tabs and llms.txt show
 * them), an endpoint page (its operation comes from an OpenAPI file), a page that cannot be read,
 * or one that now needs a feature's assets (diagrams, math) it did not use before.
 *
 * The files a full build makes of every page (llms.txt, llms-full.txt, the source parts) are not
 * written here: the caller builds the site whole before serving those (see dev.ts).
 */
export function updatePage(built: BuiltSite, bundle: LoadedBundle, report: BuildReport, file: string): UpdatedPage | undefined {
  const { site } = built;
  const at = site.pages.findIndex((page) => page.file === file);
  const before = site.pages[at];
  if (!before || before.endpoint) return undefined;
  const rebuilt = built.pages.buildAgain(file);
  const parsed = rebuilt.parsed.page;
  if (rebuilt.key === undefined || parsed.path !== before.path || parsed.title !== before.title) return undefined;
  if (JSON.stringify(parsed.frontmatter) !== JSON.stringify(before.frontmatter)) return undefined;
  const { page, diagnostics } = built.sitePageOf(rebuilt.parsed);

  const tree = treeOf(before, site);
  // The layout of the site as it was: the page's title, frontmatter and place in it are the same.
  let layout = layouts.get(site);
  if (!layout) layouts.set(site, (layout = createSiteLayout(site)));
  const inputs = layout.inputs(page, tree);
  const usedBefore = new Set(layout.inputs(before, tree).features);
  if (inputs.features.some((feature) => !usedBefore.has(feature))) return undefined;
  site.pages[at] = page;

  const previous = bundle.manifest.pages.find((entry) => entry.path === page.path)!;
  const entry = manifestPage(
    page,
    tree,
    { html: previous.html, markdown: previous.markdown, source: previous.source },
    pageModified(new ConfinedFolder(site.root), page),
  );
  const [frameBefore, frameAfter] = layout.frame(inputs);
  const outputs = new Map<string, string | Buffer>([
    [entry.html, `${frameBefore}${bytesOf(rebuilt.html).toString('utf8')}${frameAfter}`],
    [entry.markdown, bytesOf(rebuilt.markdown)],
  ]);
  replaceOutputs(built.outDir, outputs);

  const pages = bundle.manifest.pages.map((other) => (other.path === page.path ? entry : other));
  const manifest = { ...bundle.manifest, pages };
  const sources = new Map(bundle.sources).set(page.path, { path: sourcePathOf(page.url), content: bytesOf(rebuilt.source).toString('utf8') });
  return {
    bundle: {
      ...bundle,
      manifest,
      pagesByUrl: new Map(pages.map((other) => [other.url, other])),
      sources,
      fileAccess: fileAccessOf(manifest),
    },
    report: reportWithPage(report, file, diagnostics, outputs.size),
    searchPart: searchPartOf(site.pages, page.url),
  };
}

/**
 * Writes the search index parts `parts` of the site as its pages are now, as a full build would
 * write them, and reads the index of `bundle` again.
 */
export async function reindexParts(built: BuiltSite, bundle: LoadedBundle, parts: Iterable<number>): Promise<SearchIndex> {
  const partPages = partitionPages(built.site.pages.filter((page) => page.searchable));
  const files = new Map([...parts].map((part) => [bundle.manifest.searchIndex[part]!, searchIndexFile(JSON.stringify(recordsOf(partPages[part]!))).text]));
  replaceOutputs(built.outDir, files);
  return readSearchIndex(bundle.folder, bundle.dir, bundle.manifest);
}

/** `report` with the problems of `file` replaced by `found` (as a build reports them: see build.ts). */
function reportWithPage(report: BuildReport, file: string, found: readonly Diagnostic[], filesWritten: number): BuildReport {
  const { errors, warnings } = bySeverity(asBuildDiagnostics(found));
  const others = (list: readonly Diagnostic[]): Diagnostic[] => list.filter((d) => d.file !== file);
  const merged = {
    errors: [...others(report.errors), ...errors].sort(compareDiagnostics),
    warnings: [...others(report.warnings), ...warnings].sort(compareDiagnostics),
  };
  return { ...report, ...merged, ok: merged.errors.length === 0, cacheHits: report.pageCount - 1, filesWritten };
}

/** The search index part holding the page at `url`, as the build partitions them; undefined when the page is not searched. */
function searchPartOf(pages: readonly BuiltSite['site']['pages'][number][], url: string): number | undefined {
  const index = partitionPages(pages.filter((page) => page.searchable)).findIndex((part) => part.some((page) => page.url === url));
  return index === -1 ? undefined : index;
}
