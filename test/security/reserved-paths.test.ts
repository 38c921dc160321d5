// Replays "MCP.mdx passes validate, but /MCP is the MCP server": every page validate accepts is reachable, whatever the runtime serves itself.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Express } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteAuth } from '../../src/auth/index.js';
import { readBundle } from '../../src/bundle/index.js';
import { createApp, silentLogger } from '../../src/runtime/index.js';
import { constantSettings } from '../../src/settings/index.js';
import { encodedUrl, pageUrl } from '../../src/site/index.js';
import { openStore, type Store } from '../../src/store/index.js';
import { localConfig, runtimeConfig, SESSION_ENV } from '../helpers/auth-runtime.js';
import { runCli } from '../helpers/cli.js';
import { importDist } from '../helpers/dist.js';
import { send } from '../helpers/raw-http.js';
import { exampleBundle } from '../helpers/runtime.js';
import { page, writeSite } from '../helpers/site.js';

/** The runtime with everything on (authentication, both MCP servers, the REST API): every path it may answer itself. */
async function fullApp(bundle: Awaited<ReturnType<typeof exampleBundle>>, store: Store): Promise<Express> {
  const config = runtimeConfig(localConfig(), SESSION_ENV);
  const auth = createSiteAuth({
    authentication: config.authentication!,
    oauth: config.oauth,
    settings: constantSettings({ mcpEnabled: true, allowedRedirects: [] }),
    store,
    siteName: 'Reserved',
    logger: silentLogger,
    siteUrlOf: (req) => `${req.protocol}://${req.get('host')}`,
  });
  return createApp({ bundle, store, logger: silentLogger, loopbackOnly: true, auth });
}

interface Served {
  path: string;
  /** Whether everything under the path is the runtime's too (a mounted router, or middleware for a path). */
  folder: boolean;
}

type Layer = { rawPath?: unknown; route?: { path: unknown }; handle: { stack?: Layer[] } };

/**
 * The paths an express app answers itself, read from its router: routes are single paths; a
 * router or middleware mounted at a path answers what lies under it too. `:params` become `x`.
 */
function servedPaths(app: Express): Served[] {
  const served: Served[] = [];
  const walk = (stack: readonly Layer[], prefix: string): void => {
    for (const layer of stack) {
      for (const written of ([] as unknown[]).concat(layer.route ? layer.route.path : (layer.rawPath ?? '/'))) {
        if (typeof written !== 'string') throw new Error(`a route that is not a string path: ${String(written)}`);
        const path = `${prefix}${written === '/' ? '' : written.replace(/:\w+/g, 'x')}`;
        if (layer.route) served.push({ path: path || '/', folder: false });
        else if (path !== prefix || !layer.handle.stack) served.push(...(path ? [{ path, folder: true }] : []));
        if (layer.handle.stack) walk(layer.handle.stack, path);
      }
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack, '');
  return served;
}

/** The page paths that would sit at `served`, or whose Markdown would, in three cases. */
function pagePathsAt({ path, folder }: Served): string[] {
  const bare = path.slice(1);
  // A navigation entry drops .md and .mdx, so the page of /skill.md is `skill` (its Markdown is /skill.md).
  const paths = [...(bare.endsWith('.md') ? [bare.slice(0, -'.md'.length)] : [bare]), ...(folder ? [`${bare}/page`] : [])];
  return paths.flatMap((p) => [p, p.toUpperCase(), p.replace(/(^|\/)([a-z])/g, (_m, slash: string, letter: string) => `${slash}${letter.toUpperCase()}`)]);
}

// A site of some hundred pages is parsed in worker threads, whose modules exist only in dist/.
const { validate } = await importDist<typeof import('../../src/site/index.js')>('site/index.js');
const { build } = await importDist<typeof import('../../src/bundle/index.js')>('bundle/index.js');

/** Pages next to the runtime's paths that belong to the site: a check that refused them would be wrong. */
const NEAR_MISSES = [
  'mcpx',
  'mcp-guide',
  'authed',
  'authed/guide',
  'v1',
  'v1/guide',
  'V1/Guide',
  'healthz-guide',
  'healthz/guide',
  'llms',
  'well-known',
  'docsite',
  'skills-guide',
];

describe('reserved paths and case', () => {
  let store: Store;
  let served: Served[];
  beforeAll(async () => {
    store = await openStore({ dataDir: mkdtempSync(join(tmpdir(), 'docsite-reserved-')) });
    served = servedPaths(await fullApp(await exampleBundle(), store));
  });
  afterAll(() => store?.close());

  it('finds the paths the runtime serves (so that the check below covers them)', () => {
    const paths = served.map((s) => s.path);
    for (const known of ['/healthz', '/mcp', '/authed/mcp', '/_docsite/login', '/.well-known/mcp', '/llms.txt', '/skill.md', '/v1/openapi.json'])
      expect(paths).toContain(known);
    expect(served).toContainEqual({ path: '/v1/analytics', folder: true });
  });

  it('refuses MCP.mdx in navigation, as the audit found it passing', () => {
    const dir = writeSite({
      'docs.json': { name: 'Case', navigation: { pages: ['index', 'MCP'] } },
      'index.mdx': page({ title: 'Home' }),
      'MCP.mdx': page({ title: 'Model Context Protocol' }),
    });
    const run = runCli(['validate', dir]);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(
      /^docs\.json:6:7 {2}error {2}"MCP" is the page \/MCP, but docsite serve answers \/MCP itself \(\/mcp, in any case\)\. {2}nav\/reserved-path$/m,
    );
    expect(run.stdout).toMatch(/^MCP\.mdx:1:1 {2}error {2}.*file\/reserved-path$/m);
  });

  it('makes every page at a runtime path, in any case, either refused by validate or reachable', async () => {
    const candidates = [...new Set([...served.flatMap(pagePathsAt), ...NEAR_MISSES])].filter((p) => p !== '' && p !== 'index');
    const files = Object.fromEntries(candidates.map((p) => [`${p}.mdx`, page({ title: `Page ${p}`, public: true }, `Marker ${p}.`)]));
    // One entry a line, so a diagnostic's line names its entry.
    const docsJson = JSON.stringify({ name: 'Reserved', navigation: { pages: ['index', ...candidates] } }, null, 2);
    const lineOf = (entry: string): number => docsJson.split('\n').findIndex((line) => line.trim().replace(/,$/, '') === JSON.stringify(entry)) + 1;
    const everything = await validate(writeSite({ ...files, 'docs.json': docsJson, 'index.mdx': page({ title: 'Home', public: true }) }), { jobs: 1 });
    const refusedLines = new Set(everything.errors.filter((d) => d.code === 'nav/reserved-path').map((d) => d.line));
    const accepted = candidates.filter((p) => !refusedLines.has(lineOf(p)));
    expect(accepted).toEqual(expect.arrayContaining(NEAR_MISSES));

    const site = writeSite({
      ...Object.fromEntries(accepted.map((p) => [`${p}.mdx`, files[`${p}.mdx`]!])),
      'docs.json': { name: 'Reserved', navigation: { pages: ['index', ...accepted] } },
      'index.mdx': page({ title: 'Home', public: true }),
    });
    const report = await build(site, { out: mkdtempSync(join(tmpdir(), 'docsite-reserved-')), jobs: 1 });
    expect(report.errors).toEqual([]);
    const app = await fullApp(await readBundle(report.outDir), store);
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
      const unreachable: string[] = [];
      for (const path of accepted) {
        const url = encodedUrl(pageUrl(path));
        const html = await send(base, { method: 'GET', path: url, headers: { Accept: 'text/html' } });
        const markdown = await send(base, { method: 'GET', path: `${url}.md` });
        if (html.status !== 200 || !html.body.includes(`Marker ${path}.`)) unreachable.push(`${url}: ${html.status}`);
        if (markdown.status !== 200 || !markdown.body.includes(`Marker ${path}.`)) unreachable.push(`${url}.md: ${markdown.status}`);
      }
      expect(unreachable).toEqual([]);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  }, 120_000);
});
