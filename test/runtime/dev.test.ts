// `docsite dev`: rebuilds on save, tells open tabs to reload, shows errors and recovers.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuildReport } from '../../src/bundle/index.js';
import { dev, type DevServer, type Logger } from '../../src/runtime/index.js';
import { warningsOncePerChange } from '../../src/cli/dev-warnings.js';
import { copyExample } from '../helpers/serve-process.js';
import { THEME_SCRIPT_HASH } from '../../src/render/index.js';
import { THEME_SCRIPT } from '../../src/render/layout/theme-script.js';

let site: string;
let server: DevServer;
const builds: BuildReport[] = [];
let lastChanged: readonly string[] = [];
const logged: { message: string; path?: unknown }[] = [];
const logger: Logger = { info: (message, fields) => logged.push({ message, ...fields }), warn() {}, error() {} };

beforeAll(async () => {
  site = copyExample();
  server = await dev({
    dir: site,
    port: 0,
    logger,
    onBuild(report, _seconds, changed) {
      builds.push(report);
      lastChanged = changed;
    },
  });
}, 120_000);
afterAll(() => server?.close());

/** Reads the event stream until a data event arrives (the test's timeout bounds the wait). */
async function nextEvent(events: ReadableStreamDefaultReader<Uint8Array>): Promise<string> {
  const decoder = new TextDecoder();
  let text = '';
  for (;;) {
    const { value, done } = await events.read();
    if (done) throw new Error(`the event stream ended without an event: ${text}`);
    text += decoder.decode(value);
    if (text.includes('data: ')) return text;
  }
}

describe('docsite dev', () => {
  it('serves the built site with the reload script, a file the Content-Security-Policy allows', async () => {
    expect(builds[0]?.ok).toBe(true);
    const page = await fetch(`${server.url}/quickstart`);
    expect(page.headers.get('content-security-policy')).toContain(`script-src 'self' ${THEME_SCRIPT_HASH};`);
    const html = await page.text();
    expect(html).toContain('<h1>Quickstart</h1>');
    expect(html).toContain('<script src="/_docsite/dev/reload.js" defer></script>');
    // Inline: only the theme script the policy allows by its hash.
    expect([...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1])).toEqual([THEME_SCRIPT]);
    const script = await fetch(`${server.url}/_docsite/dev/reload.js`);
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await script.text()).toContain('new EventSource("/_docsite/dev/events")');
  });

  it('rebuilds a changed page and tells open tabs to reload', async () => {
    const events = (await fetch(`${server.url}/_docsite/dev/events`)).body!.getReader();
    const file = join(site, 'quickstart.mdx');
    const rebuilt = server.nextBuild();
    writeFileSync(file, readFileSync(file, 'utf8').replace('## Before you begin', '## Freshly edited heading\n\nNew words.\n\n## Before you begin'));
    const report = await rebuilt;
    expect(report.ok).toBe(true);
    expect(report.cacheHits).toBeGreaterThan(30);
    expect(await nextEvent(events)).toContain('data: reload');
    expect(await (await fetch(`${server.url}/quickstart`)).text()).toContain('Freshly edited heading');
    await events.cancel();
  });

  it('shows a broken page with an overlay of its error and source lines; the other pages keep working and show the edits', async () => {
    const file = join(site, 'changelog.mdx');
    const good = readFileSync(file, 'utf8');
    const broken = server.nextBuild();
    writeFileSync(file, `${good}\n\nThis is <not closed\n`);
    const report = await broken;
    expect(report.ok).toBe(false);
    expect(report.errors[0]).toMatchObject({ file: 'changelog.mdx', code: 'mdx/syntax' });
    const line = report.errors[0]!.line;
    const page = await fetch(`${server.url}/changelog`);
    const html = await page.text();
    expect(html).toContain('id="docsite-dev-overlay"');
    expect(html).toContain(`changelog.mdx:${line}:`);
    expect(html).toContain('mdx/syntax');
    // The failing line, marked, with its neighbours.
    expect(html).toMatch(new RegExp(`<mark data-failing-line>&gt; +${line} \\| This is &lt;not closed</mark>`));
    expect(html).toContain(`${line - 2} | `);
    // Another page: served, without the overlay, and its own edit shows.
    const other = join(site, 'quickstart.mdx');
    const edited = server.nextBuild();
    writeFileSync(other, readFileSync(other, 'utf8').replace('## Before you begin', '## Edited while another page is broken\n\n## Before you begin'));
    expect((await edited).errors).toHaveLength(1);
    const quickstart = await fetch(`${server.url}/quickstart`);
    expect(quickstart.status).toBe(200);
    const quickstartHtml = await quickstart.text();
    expect(quickstartHtml).toContain('Edited while another page is broken');
    expect(quickstartHtml).not.toContain('docsite-dev-overlay');
    const fixed = server.nextBuild();
    writeFileSync(file, good);
    expect((await fixed).ok).toBe(true);
    const recovered = await fetch(`${server.url}/changelog`);
    expect(recovered.status).toBe(200);
    expect(await recovered.text()).not.toContain('docsite-dev-overlay');
  });

  it('shows a docs.json error over every page, still serving the last good site beneath it', async () => {
    const file = join(site, 'docs.json');
    const good = readFileSync(file, 'utf8');
    const broken = server.nextBuild();
    writeFileSync(file, good.replace('{', '{ "name": ,'));
    const report = await broken;
    expect(report.ok).toBe(false);
    expect(report.errors.some((error) => error.file === 'docs.json')).toBe(true);
    for (const path of ['/quickstart', '/changelog']) {
      const html = await (await fetch(`${server.url}${path}`)).text();
      expect(html).toContain('id="docsite-dev-overlay"');
      expect(html).toContain('docs.json:');
      expect(html).toContain('<mark data-failing-line>');
    }
    expect(await (await fetch(`${server.url}/quickstart`)).text()).toContain('<h1>Quickstart</h1>');
    const fixed = server.nextBuild();
    writeFileSync(file, good);
    expect((await fixed).ok).toBe(true);
    expect(await (await fetch(`${server.url}/quickstart`)).text()).not.toContain('docsite-dev-overlay');
  });

  it("shows an error in a snippet's text, at its line in the snippet, over the pages that place it only", async () => {
    const file = join(site, 'snippets', 'support.mdx');
    const good = readFileSync(file, 'utf8');
    // Where quickstart.mdx places the snippet (the tests above edit that page).
    const placement = readFileSync(join(site, 'quickstart.mdx'), 'utf8').split('\n').indexOf('<Support />') + 1;
    const broken = server.nextBuild();
    writeFileSync(file, good.replace('Stuck?', 'Stuck? [Run the fix](javascript:alert(1)).'));
    const report = await broken;
    expect(report.errors).toEqual([
      expect.objectContaining({ file: 'snippets/support.mdx', line: 2, code: 'link/script-url', placedOn: [{ file: 'quickstart.mdx', line: placement }] }),
    ]);
    const placing = await (await fetch(`${server.url}/quickstart`)).text();
    expect(placing).toContain('id="docsite-dev-overlay"');
    expect(placing).toContain('snippets/support.mdx:2:');
    expect(placing).toMatch(/<mark data-failing-line>&gt; +2 \| +Stuck\? \[Run the fix\]/);
    expect(await (await fetch(`${server.url}/changelog`)).text()).not.toContain('docsite-dev-overlay');
    const fixed = server.nextBuild();
    writeFileSync(file, good);
    expect((await fixed).ok).toBe(true);
  });

  it('tells which files changed, so each warning is printed once per change', async () => {
    const changes: (readonly string[])[] = [];
    const toPrint = warningsOncePerChange();
    const printed: string[][] = [];
    const summaries: string[] = [];
    const record = async (edit: () => void): Promise<void> => {
      const next = server.nextBuild();
      edit();
      const report = await next;
      changes.push(lastChanged);
      const { shown, summary } = toPrint(report.warnings, lastChanged);
      printed.push(shown.map((warning) => `${warning.file} ${warning.code}`));
      summaries.push(summary);
    };
    toPrint(builds.at(-1)!.warnings, []);
    const linking = join(site, 'authentication.mdx');
    const linkingText = readFileSync(linking, 'utf8');
    await record(() => writeFileSync(linking, `${linkingText}\n\nSee [the moon](/no-such-page).\n`));
    const other = join(site, 'quickstart.mdx');
    await record(() => writeFileSync(other, `${readFileSync(other, 'utf8')}\nOne more line.\n`));
    await record(() => writeFileSync(linking, `${readFileSync(linking, 'utf8')}\nAnother line.\n`));
    await record(() => writeFileSync(linking, linkingText));
    expect(changes).toEqual([['authentication.mdx'], ['quickstart.mdx'], ['authentication.mdx'], ['authentication.mdx']]);
    // New: printed. Unchanged and in another file: only counted. In the file saved: printed again. Fixed: counted.
    expect(printed).toEqual([['authentication.mdx link/broken'], [], ['authentication.mdx link/broken'], []]);
    expect(summaries).toEqual(['1 warning (1 new)', '1 warning (unchanged)', '1 warning (unchanged)', '0 warnings (1 fixed)']);
  });

  it('logs page requests but not the assets pages load', async () => {
    const html = await (await fetch(`${server.url}/quickstart`)).text();
    const stylesheet = /<link rel="stylesheet" href="([^"]+)"/.exec(html)![1]!;
    expect((await fetch(`${server.url}${stylesheet}`)).status).toBe(200);
    expect((await fetch(`${server.url}/_docsite/dev/reload.js`)).status).toBe(200);
    const paths = logged.filter((line) => line.message === 'request').map((line) => line.path);
    expect(paths).toContain('/quickstart');
    expect(paths).not.toContain(stylesheet);
    expect(paths.some((path) => String(path).startsWith('/_docsite/'))).toBe(false);
  });
});

describe('docsite dev with a runtime config', () => {
  const askAi = (html: string): boolean => html.includes('data-ask-ai-open');

  it('offers Ask AI as docsite serve of the folder will: not when the runtime config switches it off', async () => {
    const folder = copyExample();
    expect(askAi(await (await fetch(`${server.url}/quickstart`)).text())).toBe(true);
    writeFileSync(join(folder, 'docsite.config.json'), JSON.stringify({ assistant: { enabled: false } }));
    const off = await dev({ dir: folder, port: 0, logger: { info() {}, warn() {}, error() {} } });
    try {
      expect(askAi(await (await fetch(`${off.url}/quickstart`)).text())).toBe(false);
      const asked = await fetch(`${off.url}/_docsite/assistant`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
        body: JSON.stringify({ query: 'How do I start?' }),
      });
      expect(asked.status).toBe(404);
    } finally {
      await off.close();
    }
  });

  it('reports a runtime config with errors and serves the docs with its defaults', async () => {
    const folder = copyExample();
    writeFileSync(join(folder, 'docsite.config.json'), '{"assistant": {"enabled": "nope"}}');
    const warnings: string[] = [];
    const broken = await dev({ dir: folder, port: 0, logger: { info() {}, warn: (message) => warnings.push(message), error() {} } });
    try {
      expect(warnings[0]).toMatch(/^.*docsite\.config\.json:1:\d+ /);
      expect(warnings.at(-1)).toContain('docsite serve will refuse it');
      expect(askAi(await (await fetch(`${broken.url}/quickstart`)).text())).toBe(true);
    } finally {
      await broken.close();
    }
  });
});
