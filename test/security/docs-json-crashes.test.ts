// Replays the audit's crashes of `validate` and `build` (exit 70 with a stack trace) and a generative pass over docs.json shapes.
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Random } from '../../bench/random.js';
import { build } from '../../src/bundle/index.js';
import { validate } from '../../src/site/index.js';
import { BIN, runCli } from '../helpers/cli.js';
import { writeSite } from '../helpers/site.js';
import { BASE_DOCS_JSON, deepJson, docsJsonShapes, SHAPE_PAGES, type DocsJsonShape } from './docs-json-shapes.js';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the built CLI without blocking, so that a few runs share the machine's cores. */
function runCliAsync(args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [BIN, ...args],
      { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' }, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr }),
    );
  });
}

/** Runs `task` over `items`, `concurrency` at a time, in order of the results. */
async function inTurns<T, R>(items: readonly T[], concurrency: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++;
      results[i] = await task(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return results;
}

function siteWith(docsJson: string, pages: Record<string, string> = SHAPE_PAGES): string {
  return writeSite({ ...pages, 'docs.json': docsJson });
}

/** What is wrong with a CLI run that should have printed diagnostics: a crash, a stack trace, or an error without a place. */
function problemOf(run: Run): string | undefined {
  const output = `${run.stdout}${run.stderr}`;
  if (run.code !== 0 && run.code !== 1) return `exit ${run.code}: ${output.slice(0, 300)}`;
  if (/internal error|\n\s+at .+:\d+:\d+\)?\n/.test(output)) return `a stack trace: ${output.slice(0, 300)}`;
  if (run.code === 1 && !/^docs\.json:\d+:\d+ {2}error {2}/m.test(run.stdout) && !/^[^\s:]+:\d+:\d+ {2}error/m.test(run.stdout))
    return `exit 1 without a placed error: ${output.slice(0, 300)}`;
  return undefined;
}

const BASE_TEXT = JSON.stringify(BASE_DOCS_JSON, null, 2);

describe('the crashes the audit found', () => {
  it('reports docs.json nested 1,000 levels deep with file, line and column, and exits 1', () => {
    const nested = BASE_TEXT.replace('"pages": [\n              "index",', `"pages": [\n              ${deepJson('groups')},\n              "index",`);
    for (const text of [nested, deepJson('array'), deepJson('object'), deepJson('array', 200_000)]) {
      const run = runCli(['validate', siteWith(text)]);
      expect(problemOf(run)).toBeUndefined();
      expect(run.code).toBe(1);
      expect(run.stdout).toMatch(/^docs\.json:\d+:\d+ {2}error {2}docs\.json nests arrays and objects more than 100 levels deep\. {2}config\/too-deep$/m);
    }
    const built = runCli(['build', siteWith(nested), '--out', mkdtempSync(join(tmpdir(), 'docsite-deep-'))]);
    expect(problemOf(built)).toBeUndefined();
    expect(built.code).toBe(1);
    expect(built.stdout).toContain('config/too-deep');
  });

  it.each(['./guide', '../guide', '../../etc/passwd', 'guides/../../guide', 'guides\\intro', 'guide\u0000'])(
    'reports the navigation entry %j with its place, and exits 1',
    (entry) => {
      const text = BASE_TEXT.replace('"guide"\n', `${JSON.stringify(entry)}\n`);
      const before = text.slice(0, text.indexOf(JSON.stringify(entry))).split('\n');
      const place = `docs.json:${before.length}:${before.at(-1)!.length + 1}`;
      for (const command of ['validate', 'build']) {
        const run = runCli([command, siteWith(text), ...(command === 'build' ? ['--out', mkdtempSync(join(tmpdir(), 'docsite-nav-'))] : [])]);
        expect(problemOf(run)).toBeUndefined();
        expect(run.code).toBe(1);
        expect(run.stdout).toContain(`${place}  error  ${JSON.stringify(entry)} is not a page path`);
        expect(run.stdout).toMatch(/ {2}nav\/invalid-path$/m);
      }
    },
  );

  it('reports a page link that leads out of the docs folder as a broken link', () => {
    const pages = { ...SHAPE_PAGES, 'guide.mdx': '---\ntitle: Guide\n---\n\nSee [up](../../outside), [here](./) and [there](../guide).\n' };
    const run = runCli(['validate', siteWith(BASE_TEXT, pages)]);
    expect(problemOf(run)).toBeUndefined();
    expect(run.stdout).toMatch(/^guide\.mdx:5:5 {2}error {2}Link "\.\.\/\.\.\/outside" points to a page that does not exist\. {2}link\/broken$/m);
  });
});

describe('a generative pass over docs.json shapes', () => {
  const shapes = docsJsonShapes(new Random(2025), 100);

  it(`gives diagnostics with a place for each of ${shapes.length} shapes and builds those that pass, never an exception`, async () => {
    const failures: string[] = [];
    let built = 0;
    for (const shape of shapes) {
      try {
        const dir = siteWith(shape.text);
        const report = await validate(dir, { jobs: 1 });
        const unplaced = [...report.errors, ...report.warnings].find((d) => !d.file || !(d.line >= 1) || !(d.column >= 1));
        if (unplaced) failures.push(`${shape.label}: a diagnostic without a place: ${JSON.stringify(unplaced).slice(0, 200)}`);
        if (report.ok) {
          const result = await build(dir, { out: join(dir, 'dist'), jobs: 1 });
          if (!result.ok) failures.push(`${shape.label}: validate passed, build failed: ${JSON.stringify(result.errors).slice(0, 200)}`);
          built++;
        }
      } catch (error) {
        failures.push(`${shape.label}: threw ${(error as Error).stack?.slice(0, 300)}`);
      }
    }
    expect(failures).toEqual([]);
    // The pass means something only if many shapes get as far as a build.
    expect(built).toBeGreaterThan(100);
  }, 300_000);

  it('replays a sample through the real CLI: validate and build exit 0 or 1 with diagnostics, never a stack trace', async () => {
    const sample: DocsJsonShape[] = new Random(70).sample(shapes, 16);
    const runs = await inTurns(sample, 2, async (shape) => {
      const dir = siteWith(shape.text);
      const checked = await runCliAsync(['validate', dir]);
      const built = await runCliAsync(['build', dir, '--out', mkdtempSync(join(tmpdir(), 'docsite-shape-'))]);
      return [checked, built].map((run) => {
        const problem = problemOf(run);
        return problem && `${shape.label}: ${problem}`;
      });
    });
    expect(runs.flat().filter(Boolean)).toEqual([]);
  }, 300_000);
});
