// docsite dev after each kind of edit serves what a fresh build of the edited folder serves: a page
// edit (updated alone, see updatePage), a new title, a page added, a page deleted.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuildReport } from '../../src/bundle/index.js';
import { dev, type DevServer, type Logger } from '../../src/runtime/index.js';
import { serveSite } from '../helpers/runtime.js';
import { copyExample } from '../helpers/serve-process.js';

let site: string;
let server: DevServer;
const quiet: Logger = { info() {}, warn() {}, error() {} };

beforeAll(async () => {
  site = copyExample();
  server = await dev({ dir: site, port: 0, logger: quiet });
}, 120_000);
afterAll(() => server?.close());

/** Saves `file` of the site with `edit` applied and waits for dev to apply it. */
async function save(file: string, edit: (text: string) => string): Promise<BuildReport> {
  const applied = server.nextBuild();
  writeFileSync(join(site, file), edit(readFileSync(join(site, file), 'utf8')));
  return applied;
}

/** What a reader and an agent get at `paths` from `base`: the dev reload script left out, and `base` (where agent files say pages are) as BASE. */
async function served(base: string, paths: readonly string[]): Promise<Record<string, string>> {
  const answers = await Promise.all(
    paths.map(async (path) => {
      const response = await fetch(`${base}${path}`);
      return [
        path,
        `${response.status} ${(await response.text()).replace('<script src="/_docsite/dev/reload.js" defer></script>', '').replaceAll(base, 'BASE')}`,
      ];
    }),
  );
  return Object.fromEntries(answers);
}

/** dev's answers at `paths` against those of a fresh build of the site as it is now. */
async function expectSameAsFreshBuild(paths: readonly string[]): Promise<void> {
  const fresh = await serveSite(site);
  try {
    expect(await served(server.url, paths)).toEqual(await served(fresh.url, paths));
  } finally {
    await fresh.close();
  }
}

const SEARCH = (query: string): string => `/_docsite/search?q=${encodeURIComponent(query)}`;

describe('docsite dev, edit by edit', () => {
  it('updates an edited page alone, and serves its page, Markdown, search results, llms-full.txt and the sidebar as a fresh build does', async () => {
    const report = await save('quickstart.mdx', (text) =>
      text.replace('## Before you begin', '## Zanzibar checklist\n\nEvery zanzibar invoice is checked twice.\n\n## Before you begin'),
    );
    expect(report.ok).toBe(true);
    // Updated alone: the page's HTML and Markdown written, nothing else of the bundle.
    expect(report.filesWritten).toBe(2);
    expect(report.cacheHits).toBe(report.pageCount - 1);
    const paths = ['/quickstart', '/quickstart.md', '/authentication', SEARCH('zanzibar'), SEARCH('quickstart sandbox'), '/llms.txt', '/llms-full.txt'];
    const answers = await served(server.url, paths);
    expect(answers['/quickstart']).toContain('Zanzibar checklist');
    expect(answers[SEARCH('zanzibar')]).toContain('/quickstart#zanzibar-checklist');
    await expectSameAsFreshBuild(paths);
  });

  it('shows a new title in the sidebar of every page', async () => {
    const report = await save('authentication.mdx', (text) => text.replace(/^title: .*$/m, 'title: "Signing requests"'));
    expect(report.ok).toBe(true);
    const { '/quickstart': quickstart } = await served(server.url, ['/quickstart']);
    expect(quickstart).toContain('Signing requests');
    await expectSameAsFreshBuild(['/quickstart', '/authentication', '/changelog', SEARCH('signing requests'), '/llms.txt']);
  });

  it('serves a page added, and its search results', async () => {
    const added = server.nextBuild();
    writeFileSync(join(site, 'guides/retries.mdx'), '---\ntitle: "Retrying politely"\n---\n\nBack off exponentially; quokka jitter helps.\n');
    expect((await added).pageCount).toBeGreaterThan(0);
    const { '/guides/retries': page } = await served(server.url, ['/guides/retries']);
    expect(page).toMatch(/^200 [\s\S]*Retrying politely/);
    await expectSameAsFreshBuild(['/guides/retries', '/guides/retries.md', SEARCH('quokka'), '/llms.txt', '/sitemap.xml']);
  });

  it('stops serving a page deleted, and drops it from search and the sidebar', async () => {
    const before = (await served(server.url, ['/guides/retries']))['/guides/retries']!;
    expect(before).toMatch(/^200 /);
    const deleted = server.nextBuild();
    rmSync(join(site, 'guides/retries.mdx'));
    await deleted;
    const answers = await served(server.url, ['/guides/retries', SEARCH('quokka')]);
    expect(answers['/guides/retries']).toMatch(/^404 /);
    expect(answers[SEARCH('quokka')]).not.toContain('/guides/retries');
    await expectSameAsFreshBuild(['/guides/retries', '/quickstart', SEARCH('quokka'), '/llms.txt', '/sitemap.xml']);
  });

  it('shows a page broken by an edit with its overlay while the others work, and the page again once fixed', async () => {
    const broken = await save('changelog.mdx', (text) => `${text}\n\nThis is <not closed\n`);
    expect(broken.errors).toMatchObject([{ file: 'changelog.mdx', code: 'mdx/syntax' }]);
    const answers = await served(server.url, ['/changelog', '/quickstart']);
    expect(answers['/changelog']).toContain('id="docsite-dev-overlay"');
    expect(answers['/quickstart']).toMatch(/^200 /);
    expect(answers['/quickstart']).not.toContain('docsite-dev-overlay');
    const fixed = await save('changelog.mdx', (text) => text.replace('\n\nThis is <not closed\n', ''));
    expect(fixed.ok).toBe(true);
    expect(fixed.errors).toEqual([]);
    await expectSameAsFreshBuild(['/changelog', '/changelog.md', '/quickstart']);
  });

  it('finds what two pages saved in a row say, before the index is made again after the pause', async () => {
    await save('quickstart.mdx', (text) => `${text}\n\nThe wombat ledger settles nightly.\n`);
    await save('authentication.mdx', (text) => `${text}\n\nRotate the wombat keys monthly.\n`);
    // Asked at once: the search waits for the index of both edits rather than answering from the old one.
    const { [SEARCH('wombat')]: answer } = await served(server.url, [SEARCH('wombat')]);
    expect(answer).toContain('/quickstart');
    expect(answer).toContain('/authentication');
    await expectSameAsFreshBuild([SEARCH('wombat'), '/quickstart', '/authentication']);
  });
});
