// Benchmark: `docsite validate` and `docsite build` on real documentation sites, unchanged, beside
// Mintlify's own link checker `mint broken-links` on the same folders in the same run (see
// bench/mint-peer.ts). Each site is a folder under BENCH_REAL_SITES (or the argument of
// `npx tsx bench/real-sites.ts DIR`), default ../corpora beside the repository, each as its
// repository holds it. Every run is a real CLI process.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BROKEN_LINK_CODES, diffLinks, docsiteBrokenLinks, formatLink, mintBrokenLinks, type LinkDiff } from './link-diff.js';
import { installMint, MINT_VERSION, runMintBrokenLinks, type MintRun } from './mint-peer.js';
import { count, type Benchmark, type BenchmarkReport, type Check } from './report.js';
import { runBenchmarks } from './run.js';
import { HAS_GNU_TIME, timedProcess, type TimedRun } from './timed-process.js';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const BIN = join(REPO, 'bin', 'docsite.js');
/** Where the full lists of differing broken links are written (gitignored). */
const DIFF_DIR = join(REPO, 'bench', '.real-sites');
/** The site the speed target is held on: Mintlify's own docs, the format's reference. */
const TARGET_SITE = 'mintlify-docs';
/** `docsite validate` may take at most this fraction of `mint broken-links`'s wall time on TARGET_SITE. */
const MAX_VS_MINT = 0.3;
/** Sites the issue requires to build unchanged. */
const MUST_BUILD = ['mintlify-docs', 'mcp-docs'];
/** How many differing links of each side a note shows; the rest are in DIFF_DIR. */
const SHOWN = 5;
const DOCSITE_TIMEOUT_MS = 10 * 60_000;
/** Real sites take a minute or more per mint run, so one round unless BENCH_ROUNDS asks for more (the fastest counts). */
const rounds = (): number => Number(process.env.BENCH_ROUNDS) || 1;

/** The folder of sites: the argument, else BENCH_REAL_SITES, else ../corpora beside the repository. */
export function realSitesRoot(argument?: string): string {
  return resolve(argument ?? process.env.BENCH_REAL_SITES ?? join(REPO, '..', 'corpora'));
}

/** The JSON `docsite validate --format json` prints. */
interface ValidateJson {
  ok: boolean;
  pageCount: number;
  errors: { file: string; code: string; message: string }[];
  warnings: { file: string; code: string; message: string }[];
}

interface SiteResult {
  name: string;
  /** The fastest of the rounds; `report` from the first. */
  validate: { run: TimedRun; report: ValidateJson | undefined; failed: string | undefined };
  build: { run: TimedRun; outcome: string; ok: boolean; crashed: boolean };
  /** `mint broken-links` as the peer, timed: the target's denominator. */
  mint: MintRun | undefined;
  /** `mint broken-links --check-anchors`: the same checks as docsite's, for the set difference. */
  mintAnchors: MintRun | undefined;
}

export function realSitesBenchmark(argument?: string): Benchmark {
  return {
    name: 'real-sites',
    title: `docsite validate and build on real sites beside \`mint broken-links\` (mint@${MINT_VERSION})`,
    async run(): Promise<BenchmarkReport> {
      const root = realSitesRoot(argument);
      const found = listSites(root);
      if ('skipped' in found) return emptyReport(found.skipped);
      const peer = installMint(progress);
      if ('missing' in peer) progress(`  peer: ${peer.missing}`);
      const results: SiteResult[] = [];
      for (const name of found.sites) results.push(await measureSite(name, join(root, name), 'bin' in peer ? peer.bin : undefined));
      return report(root, results, found.without, 'missing' in peer ? peer.missing : undefined);
    },
  };
}

export const realSites = realSitesBenchmark();

/** The site folders under `root` (those holding a docs.json), those without one, or why there are none. */
function listSites(root: string): { sites: string[]; without: string[] } | { skipped: string } {
  const named = '(BENCH_REAL_SITES or `npx tsx bench/real-sites.ts DIR` names another: one folder per site, holding its docs.json)';
  if (!existsSync(root)) return { skipped: `no folder ${root} ${named}` };
  const folders = readdirSync(root)
    .filter((name) => statSync(join(root, name), { throwIfNoEntry: false })?.isDirectory())
    .sort();
  const sites = folders.filter((name) => existsSync(join(root, name, 'docs.json')));
  if (folders.length === 0) return { skipped: `${root} holds no folders ${named}` };
  if (sites.length === 0) return { skipped: `no folder of ${root} holds a docs.json (${folders.join(', ')})` };
  return { sites, without: folders.filter((name) => !sites.includes(name)) };
}

function emptyReport(skipped: string): BenchmarkReport {
  return { table: { columns: [], rows: [] }, checks: [], skipped };
}

async function measureSite(name: string, dir: string, mintBin: string | undefined): Promise<SiteResult> {
  let result: SiteResult | undefined;
  for (let round = 1; round <= rounds(); round++) {
    progress(`${name}, round ${round} of ${rounds()}:`);
    const validate = await runValidate(dir);
    progress(`  docsite validate ${seconds(validate.run)}: ${validate.failed ?? summary(validate.report!)}`);
    const build = await runBuild(dir);
    progress(`  docsite build ${seconds(build.run)}: ${build.outcome}`);
    const mint = mintBin ? await runMintBrokenLinks(mintBin, dir, { anchors: false }) : undefined;
    if (mint) progress(`  mint broken-links ${seconds(mint.run)}: ${mintOutcome(mint)}`);
    const mintAnchors = mintBin ? await runMintBrokenLinks(mintBin, dir, { anchors: true }) : undefined;
    if (mintAnchors) progress(`  mint broken-links --check-anchors ${seconds(mintAnchors.run)}: ${mintOutcome(mintAnchors)}`);
    result = {
      name,
      validate: faster(result?.validate, validate, (v) => v.report !== undefined),
      build: faster(result?.build, build, (b) => !b.crashed),
      mint: fastest(result?.mint, mint),
      mintAnchors: fastest(result?.mintAnchors, mintAnchors),
    };
  }
  return result!;
}

/** `docsite validate DIR --format json`, as a user runs it. */
async function runValidate(dir: string): Promise<SiteResult['validate']> {
  const run = await timedProcess(process.execPath, [BIN, 'validate', dir, '--format', 'json'], { timeoutMs: DOCSITE_TIMEOUT_MS });
  if (run.code !== 0 && run.code !== 1) return { run, report: undefined, failed: `exit ${run.code ?? 'by signal'}: ${lastLine(run.stderr || run.stdout)}` };
  try {
    const report = JSON.parse(run.stdout) as ValidateJson;
    if (typeof report.pageCount !== 'number' || !Array.isArray(report.errors)) throw new Error('not a validate report');
    return { run, report, failed: undefined };
  } catch (error) {
    return { run, report: undefined, failed: `unreadable JSON (${(error as Error).message})` };
  }
}

/** `docsite build DIR --out TMP` into a fresh folder, deleted afterwards. */
async function runBuild(dir: string): Promise<SiteResult['build']> {
  const scratch = mkdtempSync(join(tmpdir(), 'docsite-real-sites-'));
  try {
    const run = await timedProcess(process.execPath, [BIN, 'build', dir, '--out', join(scratch, 'out')], { timeoutMs: DOCSITE_TIMEOUT_MS });
    const crashed = run.code !== 0 && run.code !== 1;
    const outcome = crashed ? `crashed, exit ${run.code ?? 'by signal'}: ${lastLine(run.stderr || run.stdout)}` : lastLine(run.stdout);
    return { run, outcome, ok: run.code === 0, crashed };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

function report(root: string, results: SiteResult[], without: string[], peerMissing: string | undefined): BenchmarkReport {
  const rows = results.map((site) => {
    const { validate, build, mint, mintAnchors } = site;
    const diff = linkDiffOf(site);
    return [
      site.name,
      validate.report ? count(validate.report.pageCount) : '-',
      validate.report ? count(validate.report.errors.length) : validate.failed!,
      validate.report ? count(validate.report.warnings.length) : '-',
      seconds(validate.run),
      rss(validate.run),
      seconds(build.run),
      rss(build.run),
      build.ok ? 'built' : build.crashed ? 'crashed' : 'failed',
      mint ? ('failed' in mint.result ? `failed: ${mint.result.failed}` : seconds(mint.run)) : `n/a: ${peerMissing}`,
      mint ? rss(mint.run) : '-',
      mint && !('failed' in mint.result) ? `${(validate.run.seconds / mint.run.seconds).toFixed(2)}x` : '-',
      mintAnchors ? ('failed' in mintAnchors.result ? 'failed' : seconds(mintAnchors.run)) : '-',
      diff ? `${count(diff.both.length + diff.onlyDocsite.length)} / ${count(diff.both.length + diff.onlyMint.length)} / ${count(diff.both.length)}` : '-',
    ];
  });
  for (const name of without) rows.push([name, 'skipped: no docs.json', ...Array<string>(12).fill('')]);
  const notes = [
    `sites: the folders of ${root}; each round runs, one after another, \`docsite validate DIR --format json\`, \`docsite build DIR --out TMP\` (a fresh folder, deleted after), \`mint broken-links\` and \`mint broken-links --check-anchors\` (in DIR, telemetry off), all real processes; ${rounds()} round(s) (BENCH_ROUNDS), the fastest run of each counts.`,
    HAS_GNU_TIME
      ? 'RSS: peak resident memory of the process or its largest child (GNU time; `docsite` runs its work in a child `node`); MB are 2^20 bytes. CPU below: user + system seconds, the figure least swayed by other work on the machine.'
      : 'RSS and CPU: n/a, there is no GNU time (/usr/bin/time -f) here.',
    `"validate/mint" is docsite validate's wall time over plain \`mint broken-links\`'s (which checks no anchors); "broken links d / m / both": docsite's ${BROKEN_LINK_CODES.join(' + ')} and mint --check-anchors's as sets of (page, link), percent-escapes decoded.`,
  ];
  for (const site of results) notes.push(...siteNotes(site));
  return { table: { columns: COLUMNS, rows }, checks: checks(results, peerMissing), notes };
}

const COLUMNS = [
  'site',
  'pages',
  'errors',
  'warnings',
  'validate',
  'RSS',
  'build',
  'RSS',
  'build result',
  'mint broken-links',
  'RSS',
  'validate/mint',
  'mint --check-anchors',
  'broken links d / m / both',
];

function checks(results: SiteResult[], peerMissing: string | undefined): Check[] {
  const crashed = results.filter((site) => site.validate.failed || site.build.crashed);
  const list: Check[] = [
    {
      label: `docsite validate and build finish on every site (${results.length})`,
      actual: crashed.length === 0 ? 'all finished' : crashed.map((site) => `${site.name}: ${site.validate.failed ?? site.build.outcome}`).join('; '),
      target: 'a report from each, exit 0 or 1',
      pass: crashed.length === 0,
    },
  ];
  const target = results.find((site) => site.name === TARGET_SITE);
  const mint = target?.mint;
  const label = `docsite validate / mint broken-links wall time, ${TARGET_SITE}`;
  if (!target) list.push({ label, actual: `no ${TARGET_SITE} folder among the sites`, target: `<= ${MAX_VS_MINT}x`, pass: false });
  else if (!mint || 'failed' in mint.result)
    list.push({
      label,
      actual: `no peer figure (${mint && 'failed' in mint.result ? mint.result.failed : peerMissing})`,
      target: `<= ${MAX_VS_MINT}x`,
      pass: false,
    });
  else {
    const ratio = target.validate.run.seconds / mint.run.seconds;
    const cpu =
      target.validate.run.cpuSeconds !== undefined && mint.run.cpuSeconds !== undefined
        ? `; CPU ${(target.validate.run.cpuSeconds / mint.run.cpuSeconds).toFixed(2)}x`
        : '';
    list.push({
      label,
      actual: `${ratio.toFixed(2)}x (${seconds(target.validate.run)} vs ${seconds(mint.run)}${cpu})`,
      target: `<= ${MAX_VS_MINT}x`,
      pass: ratio <= MAX_VS_MINT,
    });
  }
  for (const name of MUST_BUILD) {
    const site = results.find((s) => s.name === name);
    if (site) list.push({ label: `docsite build of ${name}, unchanged`, actual: site.build.outcome, target: 'built', pass: site.build.ok });
  }
  return list;
}

/** Per site: errors and warnings by code, CPU times, and the broken links only one side reports (all of them written to DIFF_DIR). */
function siteNotes(site: SiteResult): string[] {
  const notes: string[] = [];
  const { report } = site.validate;
  if (report) notes.push(`${site.name}: errors by code: ${byCode(report.errors)}; warnings by code: ${byCode(report.warnings)}.`);
  const cpu = [
    ['validate', site.validate.run],
    ['build', site.build.run],
    ['mint broken-links', site.mint?.run],
    ['mint --check-anchors', site.mintAnchors?.run],
  ] as const;
  const cpuFigures = cpu.flatMap(([what, run]) => (run?.cpuSeconds !== undefined ? [`${what} ${run.cpuSeconds.toFixed(1)} s`] : []));
  if (cpuFigures.length > 0) notes.push(`${site.name}: CPU ${cpuFigures.join(', ')}.`);
  const diff = linkDiffOf(site);
  if (!diff) {
    const why = !report ? 'no docsite report' : site.mintAnchors && 'failed' in site.mintAnchors.result ? site.mintAnchors.result.failed : 'no peer';
    notes.push(`${site.name}: broken links not compared (${why}).`);
    return notes;
  }
  const file = writeDiff(site.name, diff);
  const side = (what: string, links: LinkDiff['onlyDocsite']): string =>
    `only ${what}: ${count(links.length)}${links.length > 0 ? `\n    ${links.slice(0, SHOWN).map(formatLink).join('\n    ')}${links.length > SHOWN ? '\n    …' : ''}` : ''}`;
  notes.push(
    `${site.name}: broken links, both ${count(diff.both.length)}; the same link, in a snippet for mint and on the pages importing it for docsite: ${count(diff.viaSnippet.length)} pairs; ${side('docsite', diff.onlyDocsite)}\n  ${side('mint', diff.onlyMint)}\n  every one: ${file}`,
  );
  return notes;
}

function linkDiffOf(site: SiteResult): LinkDiff | undefined {
  const mint = site.mintAnchors?.result;
  if (!site.validate.report || !mint || 'failed' in mint) return undefined;
  return diffLinks(docsiteBrokenLinks(site.validate.report.errors), mintBrokenLinks(mint.links));
}

/** Writes every differing link of a site to DIFF_DIR/<site>.txt; returns the path. */
function writeDiff(name: string, diff: LinkDiff): string {
  mkdirSync(DIFF_DIR, { recursive: true });
  const file = join(DIFF_DIR, `${name}.txt`);
  const section = (title: string, links: LinkDiff['both']): string => `## ${title} (${links.length})\n${links.map(formatLink).join('\n')}\n`;
  writeFileSync(
    file,
    [
      `# ${name}: docsite ${BROKEN_LINK_CODES.join(' + ')} vs mint@${MINT_VERSION} broken-links --check-anchors`,
      section('only docsite (false positives of docsite, or misses of mint)', diff.onlyDocsite),
      section('only mint (misses of docsite, or false positives of mint)', diff.onlyMint),
      section('both', diff.both),
      section('the same link: in a snippet file for mint, on the pages that import it for docsite', diff.viaSnippet),
    ].join('\n'),
  );
  return file;
}

/** "link/broken 12, mdx/parse 3", most frequent first; "none" when empty. */
function byCode(diagnostics: readonly { code: string }[]): string {
  const counts = new Map<string, number>();
  for (const d of diagnostics) counts.set(d.code, (counts.get(d.code) ?? 0) + 1);
  const sorted = [...counts].sort(([a, m], [b, n]) => n - m || (a < b ? -1 : 1));
  return sorted.length > 0 ? sorted.map(([code, n]) => `${code} ${count(n)}`).join(', ') : 'none';
}

/** The faster of two runs; one that finished (`finished`) beats one that did not, whatever their times. */
function faster<T extends { run: TimedRun }>(a: T | undefined, b: T, finished: (run: T) => boolean): T {
  if (!a) return b;
  if (finished(a) !== finished(b)) return finished(a) ? a : b;
  return a.run.seconds <= b.run.seconds ? a : b;
}

function fastest(a: MintRun | undefined, b: MintRun | undefined): MintRun | undefined {
  return b ? faster(a, b, (run) => !('failed' in run.result)) : a;
}

function mintOutcome(run: MintRun): string {
  return 'failed' in run.result ? run.result.failed : `${count(run.result.links.length)} broken links`;
}

function summary(report: ValidateJson): string {
  return `${count(report.pageCount)} pages, ${count(report.errors.length)} errors, ${count(report.warnings.length)} warnings`;
}

function seconds(run: TimedRun): string {
  return `${run.seconds.toFixed(2)} s`;
}

function rss(run: TimedRun): string {
  return run.peakRssMb === undefined ? 'n/a' : `${count(run.peakRssMb)} MB`;
}

function lastLine(text: string): string {
  return text.trim().split('\n').at(-1) ?? '';
}

function progress(message: string): void {
  process.stderr.write(`${message}\n`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = (await runBenchmarks([realSitesBenchmark(process.argv[2])])) ? 1 : 0;
}
