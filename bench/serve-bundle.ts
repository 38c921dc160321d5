// The built 10,000-page bundle the serving benchmarks load: one built here once (bench/.corpus/serve-N/)
// and kept while its stamp matches, else the build benchmark's (bench/.corpus/build-N/) when it is
// current, else built now. The build benchmark rebuilds its folder from scratch on every run, so a
// bundle of our own is preferred once there.
// CLI (builds or finds it, prints the folder): npx tsx bench/serve-bundle.ts [pages] [--own] [--rebuild]
import { readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { BUNDLE_PATHS } from '../src/bundle/index.js';
import { schemaValidator } from '../src/config/index.js';
import { INDEX_FORMAT_VERSION } from '../src/search/index.js';
import { DOCSITE_VERSION } from '../src/version.js';
import { benchCorpus, CORPUS_ROOT, GENERATOR_VERSION, type Corpus } from './corpus.js';
import { childBuild } from './dist-runs.js';

const STAMP_FILE = '.serve-bundle-stamp.json';

export interface BenchBundle {
  /** The bundle folder, for readBundle / `docsite serve`. */
  dir: string;
  corpus: Corpus;
  /** How it was found: built now, kept from an earlier run of this benchmark, or the build benchmark's. */
  origin: 'built' | 'kept' | 'build benchmark';
  /** Seconds the build took, when built now. */
  buildSeconds?: number;
}

interface Stamp {
  pages: number;
  generator: number;
  docsite: string;
  corpusBytes: number;
}

export interface BenchBundleOptions {
  /** Never use the build benchmark's bundle. */
  own?: boolean;
  /** Build ours again even when its stamp matches (e.g. after it failed to load). */
  rebuild?: boolean;
}

/** The bundle of the `pages`-page corpus, built when no current one exists. */
export async function benchBundle(pages: number, log: (message: string) => void = () => {}, options: BenchBundleOptions = {}): Promise<BenchBundle> {
  const corpus = benchCorpus(pages);
  const stamp: Stamp = { pages, generator: GENERATOR_VERSION, docsite: DOCSITE_VERSION, corpusBytes: corpus.bytes };
  const dir = join(CORPUS_ROOT, `serve-${pages}`);
  // The version stays 0.1.0 while the bundle format changes under development: the manifest must also still validate.
  if (!options.rebuild && sameStamp(readStamp(dir), stamp) && hasValidManifest(dir, pages)) return { dir, corpus, origin: 'kept' };

  // The build benchmark's output (bench/build.ts writes build-N beside the corpus), when built from this corpus.
  const theirs = join(CORPUS_ROOT, `build-${pages}`);
  if (!options.own && !options.rebuild && isCurrentBuild(theirs, corpus, pages)) return { dir: theirs, corpus, origin: 'build benchmark' };

  log(`building the ${pages.toLocaleString('en-US')}-page bundle into ${dir} (once; a few minutes)…`);
  rmSync(dir, { recursive: true, force: true });
  const report = await childBuild(corpus.dir, dir, availableParallelism());
  if (!report.ok || report.pageCount !== pages)
    throw new Error(`The corpus ${corpus.dir} did not build: ${report.problems} problems, ${report.pageCount} pages.`);
  const buildSeconds = report.seconds;
  // Written last: an interrupted build has no stamp and is redone next time.
  writeFileSync(join(dir, STAMP_FILE), JSON.stringify(stamp));
  return { dir, corpus, origin: 'built', buildSeconds };
}

function readStamp(dir: string): Stamp | undefined {
  try {
    return JSON.parse(readFileSync(join(dir, STAMP_FILE), 'utf8')) as Stamp;
  } catch {
    return undefined;
  }
}

function sameStamp(a: Stamp | undefined, b: Stamp): boolean {
  return a !== undefined && a.pages === b.pages && a.generator === b.generator && a.docsite === b.docsite && a.corpusBytes === b.corpusBytes;
}

/** The build benchmark's bundle counts when it is complete and valid for this docsite, and newer than the corpus. */
function isCurrentBuild(dir: string, corpus: Corpus, pages: number): boolean {
  try {
    return hasValidManifest(dir, pages) && statSync(join(dir, BUNDLE_PATHS.manifest)).mtimeMs >= statSync(join(corpus.dir, '.corpus-stamp.json')).mtimeMs;
  } catch {
    return false;
  }
}

/**
 * Whether `dir` holds a manifest that this docsite's schema accepts, of this version and of `pages`
 * pages, with a search index and page sources of this format (they change while the version stays 0.1.0).
 */
function hasValidManifest(dir: string, pages: number): boolean {
  try {
    const manifest = JSON.parse(readFileSync(join(dir, BUNDLE_PATHS.manifest), 'utf8')) as {
      generator: { version: string };
      pages: { path: string; source: string }[];
      searchIndex: string[];
    };
    const indexVersion = /"version":\s*(\d+)/.exec(readFileSync(join(dir, manifest.searchIndex[0]!), 'utf8').slice(0, 200))?.[1];
    const first = manifest.pages[0]!;
    const sourcesCurrent = typeof (JSON.parse(readFileSync(join(dir, first.source), 'utf8')) as Record<string, unknown>)[first.path] === 'string';
    return (
      schemaValidator('manifest')(manifest) &&
      manifest.generator.version === DOCSITE_VERSION &&
      manifest.pages.length === pages &&
      indexVersion === String(INDEX_FORMAT_VERSION) &&
      sourcesCurrent
    );
  } catch {
    return false;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const pages = Number(process.argv.slice(2).find((arg) => /^\d+$/.test(arg)) ?? 10_000);
  const bundle = await benchBundle(pages, (message) => process.stderr.write(`${message}\n`), {
    own: process.argv.includes('--own'),
    rebuild: process.argv.includes('--rebuild'),
  });
  console.log(`${bundle.dir} (${bundle.origin}${bundle.buildSeconds !== undefined ? `, built in ${bundle.buildSeconds.toFixed(1)} s` : ''})`);
}
