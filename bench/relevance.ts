// Benchmark `relevance` (issue 28): the evaluation set of bench/relevance/questions.json run through
// docsite's MCP search tool and, in the same run, through MiniSearch and Orama over the same pages.
// Each site is built with the docsite CLI into bench/.relevance/<site> (BENCH_RELEVANCE_REUSE=1 reuses
// a build there). The tool is called through the handler the MCP server runs for `tools/call`
// (searchTool), in this process like the peers, so latencies compare engines, not HTTP stacks; its
// Markdown answer is parsed back into page URLs. The caller is a client credential, as an agent
// connected to a site with authentication is (the example has it on).
// Figures per engine and query kind: hit@1, hit@3, MRR@10 (a hit: any expected page among the first k
// pages), p50 latency; with the English filter (docsite's `language: "en"`, the peers indexing English
// pages only) and without any (the peers indexing every language).
// BENCH_RELEVANCE_MISSES=1 adds the queries docsite misses in its top 3, with what it returned instead.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUNDLE_PATHS, type LoadedBundle, readBundle } from '../src/bundle/index.js';
import type { McpContext } from '../src/mcp/context.js';
import { searchTool } from '../src/mcp/search-tool.js';
import { percentile } from './measure.js';
import { miniSearchOver, oramaOver, type PageDocument, type PageSearch, TITLE_BOOST } from './relevance-peers.js';
import { readRelevanceSet, type SiteName, siteFolder } from './relevance-set.js';
import type { Benchmark, BenchmarkReport, Check } from './report.js';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const BUILDS = join(REPO, 'bench', '.relevance');
const SITES: SiteName[] = ['mintlify-docs', 'acme'];
const KINDS = ['question', 'terse', 'misspelled', 'stemming'] as const;
type Kind = (typeof KINDS)[number];
const ENGINES = ['docsite', 'MiniSearch', 'Orama'] as const;
type Engine = (typeof ENGINES)[number];
/** The language filter runs: English only, and none (every language of the site). */
const FILTERS = [
  { label: 'English', language: 'en' },
  { label: 'no filter', language: undefined },
] as const;
type FilterLabel = (typeof FILTERS)[number]['label'];
/**
 * Timed passes over the queries: on a machine shared with other work, a query's fastest is its
 * cost, the rest is waiting for a core. Ten, not three: after three passes docsite's code was not
 * yet at the speed a long-running server has (its p50 fell 11% more by ten; the peers' did not move).
 */
const TIMED_ROUNDS = 10;
/** Ranks that count: MRR@10. */
const DEPTH = 10;
/** The issue's targets for docsite with the English filter. */
const HIT3_TARGETS: Partial<Record<Kind, number>> = { question: 0.85, terse: 0.95 };
/** Where the tool's links point; stripped again when reading its answer. */
const SITE_URL = 'http://relevance.bench';

interface Query {
  kind: Kind;
  site: SiteName;
  text: string;
  expected: string[];
}

/** What one engine returned for one query under one filter. */
interface Answer {
  query: Query;
  filter: FilterLabel;
  engine: Engine;
  pages: string[];
  ms: number;
}

export const relevanceBenchmark: Benchmark = {
  name: 'relevance',
  title: 'search relevance on the issue-28 set: docsite MCP search tool vs MiniSearch and Orama over the same pages',
  async run(): Promise<BenchmarkReport> {
    const set = readRelevanceSet();
    const sites = SITES.filter((site) => existsSync(siteFolder(site)));
    const absent = SITES.filter((site) => !sites.includes(site));
    const queries: Query[] = [
      ...set.questions.flatMap((q) => [
        { kind: 'question' as const, site: q.site, text: q.question, expected: q.expected },
        { kind: 'terse' as const, site: q.site, text: q.terse, expected: q.expected },
      ]),
      ...set.misspelled.map((q) => ({ kind: 'misspelled' as const, site: q.site, text: q.query, expected: q.expected })),
      ...set.stemming.map((q) => ({ kind: 'stemming' as const, site: q.site, text: q.query, expected: q.expected })),
    ].filter((query) => sites.includes(query.site));
    const answers: Answer[] = [];
    /** Expected pages the built site does not index: a query expecting only such pages can never hit. */
    const unindexed: string[] = [];
    for (const site of sites) {
      const bundle = await readBundle(builtSite(site), { recentResults: 0 });
      const pages = pageDocuments(bundle);
      const urls = new Set(pages.map((page) => page.url));
      const expected = new Set(queries.filter((query) => query.site === site).flatMap((query) => query.expected));
      unindexed.push(...[...expected].filter((url) => !urls.has(url)).map((url) => `${site} ${url}`));
      for (const filter of FILTERS) {
        progress(`${site}, ${filter.label}: indexing ${pages.length} pages in the peers`);
        const shown = pages.filter((page) => filter.language === undefined || page.languages.length === 0 || page.languages.includes(filter.language));
        const engines: Record<Engine, PageSearch> = {
          docsite: docsiteSearch(bundle, filter.language),
          MiniSearch: miniSearchOver(shown),
          Orama: await oramaOver(shown),
        };
        const siteQueries = queries.filter((query) => query.site === site);
        for (const engine of ENGINES) {
          // A first pass warms each engine's code paths up; then each query's fastest of TIMED_ROUNDS counts.
          for (const query of siteQueries) engines[engine](query.text, DEPTH);
          const fastest = siteQueries.map(() => Number.POSITIVE_INFINITY);
          let found: string[][] = [];
          for (let round = 0; round < TIMED_ROUNDS; round++) {
            found = siteQueries.map((query, i) => {
              const start = performance.now();
              const answer = engines[engine](query.text, DEPTH);
              fastest[i] = Math.min(fastest[i]!, performance.now() - start);
              return answer();
            });
          }
          siteQueries.forEach((query, i) => void answers.push({ query, filter: filter.label, engine, pages: found[i]!, ms: fastest[i]! }));
        }
      }
    }
    const rows: string[][] = [];
    const checks: Check[] = [];
    for (const filter of FILTERS) {
      for (const kind of KINDS) {
        const scores = Object.fromEntries(
          ENGINES.map((engine) => [engine, scoreOf(answers.filter((a) => a.filter === filter.label && a.query.kind === kind && a.engine === engine))]),
        ) as Record<Engine, Score>;
        for (const engine of ENGINES) {
          const s = scores[engine];
          rows.push([`${kind}, ${filter.label}`, engine, String(s.n), s.hit1.toFixed(3), s.hit3.toFixed(3), s.mrr.toFixed(3), `${s.p50.toFixed(3)} ms`]);
        }
        checks.push(againstPeers(`${kind}, ${filter.label}`, scores));
        const target = HIT3_TARGETS[kind];
        if (target !== undefined && filter.language === 'en') {
          const hit3 = scores.docsite.hit3;
          checks.push({ label: `docsite ${kind} hit@3, English`, actual: hit3.toFixed(3), target: `>= ${target}`, pass: hit3 >= target });
        }
      }
    }
    return {
      table: { columns: ['queries', 'engine', 'n', 'hit@1', 'hit@3', 'MRR@10', 'p50'], rows },
      checks,
      notes: [
        `sites: ${sites.join(', ')} built into ${BUILDS}${absent.length > 0 ? `; not found, left out: ${absent.map((site) => `${site} (${siteFolder(site)})`).join(', ')}` : ''}.`,
        ...(unindexed.length > 0 ? [`expected pages the built sites do not index (fix the set): ${unindexed.join(', ')}`] : []),
        `docsite: the MCP search tool's handler with its default result count, its sections' pages in order; peers: one document per page (title, headings, section text from the bundle's search index), default settings, title boost ${TITLE_BOOST}; a query's latency is its fastest of ${TIMED_ROUNDS} runs after a warm-up, from the query to each engine's answer (docsite's Markdown, the peers' result lists), its reading into page URLs left out.`,
        ...(process.env.BENCH_RELEVANCE_MISSES ? misses(answers) : ['BENCH_RELEVANCE_MISSES=1 lists the queries docsite misses in its top 3.']),
      ],
    };
  },
};

/** The bundle folder of `site`: built now, or the last build when BENCH_RELEVANCE_REUSE is set and one exists. */
function builtSite(site: SiteName): string {
  const out = join(BUILDS, site);
  if (process.env.BENCH_RELEVANCE_REUSE && existsSync(join(out, BUNDLE_PATHS.manifest))) return out;
  progress(`building ${site}`);
  const run = spawnSync(process.execPath, [join(REPO, 'bin', 'docsite.js'), 'build', siteFolder(site), '--out', out], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`docsite build ${site} failed:\n${run.stderr}`);
  return out;
}

/** The pages of the bundle's search index, each with its languages, as the peers index them. Pages only group members read are left out, as the tool's caller does not read them. */
function pageDocuments(bundle: LoadedBundle): (PageDocument & { languages: string[] })[] {
  const index = bundle.search.export();
  const manifestPages = new Map(bundle.manifest.pages.map((page) => [page.url, page]));
  const documents = index.pages.map((page) => ({ url: page.url, title: page.title, headings: [] as string[], text: [] as string[] }));
  for (const section of index.sections) {
    const document = documents[section.page]!;
    const heading = section.headingPath.at(-1);
    if (heading !== undefined) document.headings.push(heading);
    document.text.push(section.text);
  }
  return documents.flatMap(({ url, title, headings, text }) => {
    const page = manifestPages.get(url);
    if (!page || page.access.groups.length > 0) return [];
    return [{ url, title, headings: headings.join('\n'), text: text.join('\n'), languages: page.languages }];
  });
}

/** docsite's MCP search tool as a page search: its Markdown answer, read back (untimed) into page URLs, in order, each once. */
function docsiteSearch(bundle: LoadedBundle, language: string | undefined): PageSearch {
  const context: McpContext = {
    bundle,
    principal: { kind: 'client-credential', id: 'relevance-bench' },
    authentication: true,
    siteUrl: SITE_URL,
    filesystem: () => Promise.reject(new Error('not used')),
    feedback: () => Promise.reject(new Error('not used')),
  };
  return (query, limit) => {
    const { content } = searchTool({ query, ...(language !== undefined ? { language } : {}) }, context);
    return () => {
      const pages: string[] = [];
      for (const line of content[0]!.text.split('\n')) {
        if (!line.startsWith(SITE_URL)) continue;
        const url = decodeURI(line.slice(SITE_URL.length).split('#')[0]!);
        if (!pages.includes(url)) pages.push(url);
      }
      return pages.slice(0, limit);
    };
  };
}

interface Score {
  n: number;
  hit1: number;
  hit3: number;
  mrr: number;
  p50: number;
}

function scoreOf(answers: readonly Answer[]): Score {
  const rank = (a: Answer): number => a.pages.findIndex((page) => a.query.expected.includes(page)) + 1;
  const mean = (value: (a: Answer) => number): number => answers.reduce((sum, a) => sum + value(a), 0) / Math.max(1, answers.length);
  return {
    n: answers.length,
    hit1: mean((a) => (rank(a) === 1 ? 1 : 0)),
    hit3: mean((a) => (rank(a) >= 1 && rank(a) <= 3 ? 1 : 0)),
    mrr: mean((a) => (rank(a) >= 1 ? 1 / rank(a) : 0)),
    p50: percentile(
      answers.map((a) => a.ms),
      0.5,
    ),
  };
}

const METRICS = [
  ['hit1', 'hit@1'],
  ['hit3', 'hit@3'],
  ['mrr', 'MRR@10'],
] as const;

/** docsite at or above both peers on every metric (latency: at or below). */
function againstPeers(label: string, scores: Record<Engine, Score>): Check {
  const ours = scores.docsite;
  const behind: string[] = [];
  for (const peer of ['MiniSearch', 'Orama'] as const) {
    const theirs = scores[peer];
    for (const [metric, name] of METRICS) if (ours[metric] < theirs[metric]) behind.push(`${name} < ${peer}`);
    if (ours.p50 > theirs.p50) behind.push(`p50 > ${peer}`);
  }
  return {
    label: `docsite vs MiniSearch and Orama, ${label}`,
    actual: behind.length === 0 ? 'at or above both' : `behind on ${behind.join(', ')}`,
    target: 'at or above both peers on hit@1, hit@3, MRR@10, p50',
    pass: behind.length === 0,
  };
}

/** The queries docsite does not answer in its top 3, with its top 3. */
function misses(answers: readonly Answer[]): string[] {
  return answers
    .filter((a) => a.engine === 'docsite' && !a.pages.slice(0, 3).some((page) => a.query.expected.includes(page)))
    .map(
      (a) =>
        `miss (${a.query.kind}, ${a.filter}, ${a.query.site}): "${a.query.text}" expected ${a.query.expected.join(' | ')}; top 3: ${a.pages.slice(0, 3).join(', ') || 'none'}`,
    );
}

function progress(message: string): void {
  process.stderr.write(`${message}\n`);
}
