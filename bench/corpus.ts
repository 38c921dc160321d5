// Writes a deterministic, realistic docs site of N pages for the benchmarks; reuses it when already there.
// CLI: npx tsx bench/corpus.ts DIR N
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pageSource } from './corpus-page.js';
import { planSite, type NavEntry, type SitePlan } from './corpus-plan.js';
import { Random, seedOf } from './random.js';

/** Bump when the generator's output changes, so stale corpora are rewritten. */
export const GENERATOR_VERSION = 2;
const STAMP_FILE = '.corpus-stamp.json';
const SEED = 0xd0c5;

/** Where `npm run bench` keeps its corpora (gitignored). */
export const CORPUS_ROOT = fileURLToPath(new URL('./.corpus/', import.meta.url));

export interface Corpus {
  dir: string;
  pages: number;
  /** Total bytes of the page files and docs.json. */
  bytes: number;
  /** True when an existing corpus with the same stamp was kept. */
  reused: boolean;
}

interface Stamp {
  pages: number;
  version: number;
  bytes: number;
}

/** Writes a site of `pages` pages into `dir`, or keeps the one already there if its stamp matches. */
export function writeCorpus(dir: string, pages: number): Corpus {
  const root = resolve(dir);
  const stamp = readStamp(root);
  if (stamp && stamp.pages === pages && stamp.version === GENERATOR_VERSION) return { dir: root, pages, bytes: stamp.bytes, reused: true };
  clearFolder(root, stamp !== undefined);

  const plan = planSite(pages, new Random(seedOf(SEED, pages)));
  let bytes = 0;
  const write = (file: string, text: string): void => {
    const path = join(root, file);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
    bytes += Buffer.byteLength(text);
  };
  write('docs.json', docsJson(plan));
  for (const [i, page] of plan.pages.entries()) write(`${page.path}.mdx`, pageSource(page, plan.pages, new Random(seedOf(SEED + 1, i))));
  // Written last: a corpus interrupted mid-write has no stamp and is rewritten next time.
  writeFileSync(join(root, STAMP_FILE), JSON.stringify({ pages, version: GENERATOR_VERSION, bytes } satisfies Stamp));
  return { dir: root, pages, bytes, reused: false };
}

/** The corpus of `pages` pages under bench/.corpus/, written if needed. */
export function benchCorpus(pages: number): Corpus {
  return writeCorpus(join(CORPUS_ROOT, `pages-${pages}`), pages);
}

function docsJson(plan: SitePlan): string {
  const config = {
    $schema: 'https://mintlify.com/docs.json',
    name: 'Example Cloud',
    description: 'A generated documentation site for docsite benchmarks.',
    theme: 'mint',
    colors: { primary: '#0E7490' },
    api: { mdx: { server: ['https://api.example.test', 'https://sandbox.example.test'], auth: { method: 'key', name: 'X-Api-Key' } } },
    navigation: { tabs: plan.tabs.map((tab) => ({ tab: tab.tab, icon: tab.icon, groups: tab.groups.map(navGroup) })) },
  };
  return `${JSON.stringify(config, null, 2)}\n`;
}

function navGroup(entry: NavEntry): unknown {
  if (typeof entry === 'string') return entry;
  return { group: entry.group, ...(entry.icon ? { icon: entry.icon } : {}), pages: entry.pages.map(navGroup) };
}

function readStamp(root: string): Stamp | undefined {
  try {
    return JSON.parse(readFileSync(join(root, STAMP_FILE), 'utf8')) as Stamp;
  } catch {
    return undefined;
  }
}

/** Empties `root` for a fresh corpus; refuses a non-empty folder that is not a corpus, so a typo cannot delete real docs. */
function clearFolder(root: string, isCorpus: boolean): void {
  if (existsSync(root) && readdirSync(root).length > 0) {
    if (!isCorpus) throw new Error(`${root} is not empty and holds no corpus (${STAMP_FILE}); pick an empty or new folder.`);
    rmSync(root, { recursive: true, force: true });
  }
  mkdirSync(root, { recursive: true });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [dir, count] = process.argv.slice(2);
  const pages = Number(count);
  if (!dir || !Number.isInteger(pages) || pages < 1) {
    console.error('Usage: npx tsx bench/corpus.ts DIR N');
    process.exit(2);
  }
  let corpus: Corpus;
  try {
    corpus = writeCorpus(dir, pages);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  console.log(`${corpus.reused ? 'Kept' : 'Wrote'} ${corpus.pages} pages (${(corpus.bytes / 1e6).toFixed(1)} MB) in ${corpus.dir}`);
}
