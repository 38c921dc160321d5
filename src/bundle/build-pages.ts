// Builds every page through the cache and the worker pool; the site loader calls this to parse.
import { join } from 'node:path';
import { ConfinedFolder, readPageSource, runPool, snippetsDigest, type FrontmatterDefaults, type ParsedPage } from '../content/index.js';
import type { PageSettings } from '../site/index.js';
import { SourceStamps } from './source-stamps.js';
import {
  BUILD_PAGE_JOB,
  buildPages,
  buildPageSource,
  bytesOf,
  pageCacheKey,
  renderer,
  sourceCacheKey,
  textOf,
  type BuiltPage,
  type PageContext,
  type PageText,
} from './page-job.js';
import { PageCache, type CachedPage } from './page-cache.js';

/** A built page as the build holds it until the bundle is written. */
export interface HeldPage {
  parsed: ParsedPage;
  /** The page's Markdown: text when built now, UTF-8 bytes when taken from the cache. */
  markdown: string | Buffer;
  /** The page's source (read when first asked for: an unchanged page's is not needed). */
  source(): string;
  /**
   * The body HTML, as UTF-8 bytes when a worker built it (written out as they are). A page from
   * the cache reads it from there, so a rebuild holds the bodies of only the pages it lays out.
   */
  html(): PageText;
}

export interface PageBuilder {
  /**
   * The `parse` option of loadSite: builds pages and hands their parse results to the loader.
   * `onMisses` learns how many pages the cache lacks, before they are built.
   */
  parse(
    root: string,
    files: readonly string[],
    onProgress: (done: number) => void,
    onMisses?: (count: number) => void,
    settings?: PageSettings,
  ): Promise<ParsedPage[]>;
  /** The `parseSource` option of loadSite: builds a generated or composed page (in this thread; there are few). */
  parseSource(file: string, source: string, defaults?: FrontmatterDefaults): ParsedPage;
  /** Built pages by file, after `parse` ran. */
  readonly built: Map<string, HeldPage>;
  /** The cache key of each built page by file: a hash of everything the page was built from. */
  readonly keys: Map<string, string>;
  readonly cacheHits: number;
  /** Saves this build's new pages to the cache and drops entries it did not use; call only when the build succeeds. */
  commitCache(): void;
  /**
   * Builds the page file `file` again, in this thread, with the snippets and settings of the last
   * `parse`, and holds it in place of the one built before: `docsite dev`'s edit of one page,
   * sooner than any worker would start. The cache is left as it is (the next build finds the page changed).
   */
  buildAgain(file: string): BuiltPage;
}

/** A page builder caching under `<outDir>/.cache/pages`, running misses on up to `jobs` threads. */
export function createPageBuilder(outDir: string, jobs?: number): PageBuilder {
  const cache = new PageCache(join(outDir, '.cache', 'pages'), outDir);
  cache.preload();
  const stampsFile = join(outDir, '.cache', 'sources.json');
  /** Made when the docs folder is known: a stamp vouches for a page only under the same snippets. */
  let stamps: SourceStamps | undefined;
  /** The docs folder and its snippets, known once `parse` ran. */
  let pageContext: PageContext | undefined;
  const built = new Map<string, HeldPage>();
  // A page from a worker holds its texts as bytes until they are written.
  const hold = (page: BuiltPage): HeldPage => ({
    parsed: page.parsed,
    markdown: typeof page.markdown === 'string' ? page.markdown : bytesOf(page.markdown),
    source: () => textOf(page.source),
    html: () => page.html,
  });
  const keys = new Map<string, string>();
  let cacheHits = 0;
  return {
    built,
    keys,
    get cacheHits() {
      return cacheHits;
    },
    commitCache() {
      cache.commit();
      stamps?.save();
    },
    buildAgain(file) {
      if (!pageContext) throw new Error('buildAgain runs after parse.');
      const [page] = buildPages(pageContext, [file]);
      built.set(file, hold(page!));
      if (page!.key === undefined) keys.delete(file);
      else keys.set(file, page!.key);
      return page!;
    },
    parseSource(file, source, defaults) {
      // A page file with its operation added places snippets like any page; a generated page has none.
      const context = defaults ? pageContext : undefined;
      const iconLibrary = pageContext?.iconLibrary;
      const rebuild = (): BuiltPage => buildPageSource(file, source, context, defaults, iconLibrary);
      // Cached like page files: an API reference of a few hundred operations costs seconds to render again on every save.
      const key = sourceCacheKey(file, source, context, defaults, iconLibrary);
      const hit = cache.get(key);
      keys.set(file, key);
      if (hit) {
        built.set(
          file,
          heldFromCache(key, hit, () => source, rebuild),
        );
        cacheHits++;
        return hit.parsed;
      }
      const page = rebuild();
      built.set(file, hold(page));
      cache.set(key, page);
      return page.parsed;
    },
    async parse(root, files, onProgress, onMisses, settings) {
      const { variables, iconLibrary } = settings ?? {};
      const folder = new ConfinedFolder(root);
      // docs.json variables shape every page as much as its snippets do: a change rebuilds them all.
      const digest = `${snippetsDigest(folder)}${variables ? `\0${JSON.stringify(variables)}` : ''}`;
      const context: PageContext = { folder, snippets: digest, ...(variables ? { variables } : {}), ...(iconLibrary ? { iconLibrary } : {}) };
      pageContext = context;
      const sourceStamps = new SourceStamps(stampsFile, `${renderer(iconLibrary)}\0${context.snippets}`, outDir);
      stamps = sourceStamps;
      // Each file's stat is taken while the cache's log is still being read; a file the folder
      // refuses has no stamp, so it is read, and reported, below.
      const stampedKeys = files.map((file) => sourceStamps.keyOf(file, () => folder.file(file).stats));
      await cache.loaded();
      // With nothing cached, reading and hashing every file here would only hold the workers back: they read it anyway.
      const cold = cache.isEmpty();
      const misses: string[] = [];
      for (const [i, file] of files.entries()) {
        const stamped = stampedKeys[i];
        const hit = stamped === undefined ? undefined : cache.get(stamped);
        if (stamped !== undefined && hit) {
          keys.set(file, stamped);
          const read = (): string => folder.read(file).toString('utf8');
          built.set(
            file,
            heldFromCache(stamped, hit, read, () => buildPageSource(file, read(), context)),
          );
          cacheHits++;
          continue;
        }
        if (cold) {
          misses.push(file);
          continue;
        }
        const read = readPageSource(folder, file);
        if ('failed' in read) {
          built.set(file, hold({ parsed: read.failed, html: '', markdown: '', source: '' }));
          continue;
        }
        const key = pageCacheKey(renderer(iconLibrary), file, read.source, context.snippets);
        const cached = cache.get(key);
        if (cached) {
          keys.set(file, key);
          sourceStamps.record(file, key);
          built.set(
            file,
            heldFromCache(
              key,
              cached,
              () => read.source,
              () => buildPageSource(file, read.source, context),
            ),
          );
          cacheHits++;
        } else misses.push(file);
      }
      onProgress(files.length - misses.length);
      onMisses?.(misses.length);
      const shared = { snippets: context.snippets, ...(variables ? { variables } : {}), ...(iconLibrary ? { iconLibrary } : {}) };
      const fresh = await runPool(BUILD_PAGE_JOB, root, misses, shared, jobs, (done) => onProgress(files.length - misses.length + done));
      fresh.forEach((page, i) => {
        const file = misses[i]!;
        built.set(file, hold(page));
        if (page.key === undefined) return; // unreadable: reported, never cached
        keys.set(file, page.key);
        sourceStamps.record(file, page.key);
        cache.set(page.key, page);
      });
      return files.map((file) => built.get(file)!.parsed);
    },
  };

  /** A page the cache had; its body is read from the cache when laid out, or rendered again (`rebuild`) if that file went missing. */
  function heldFromCache(key: string, hit: CachedPage, source: () => string, rebuild: () => BuiltPage): HeldPage {
    return { ...hit, source, html: () => cache.html(key) ?? rebuild().html };
  }
}
