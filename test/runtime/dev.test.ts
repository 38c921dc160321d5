// `docsite dev`: rebuilds on save, tells open tabs to reload, shows errors and recovers.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuildReport } from '../../src/bundle/index.js';
import { dev, silentLogger, type DevServer } from '../../src/runtime/index.js';
import { copyExample } from '../helpers/serve-process.js';
import { THEME_SCRIPT_HASH } from '../../src/render/index.js';
import { THEME_SCRIPT } from '../../src/render/layout/theme-script.js';

let site: string;
let server: DevServer;
const builds: BuildReport[] = [];

beforeAll(async () => {
  site = copyExample();
  server = await dev({ dir: site, port: 0, logger: silentLogger, onBuild: (report) => builds.push(report) });
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

  it('shows a broken page in the browser, keeps running, and recovers on the next good save', async () => {
    const file = join(site, 'changelog.mdx');
    const good = readFileSync(file, 'utf8');
    const broken = server.nextBuild();
    writeFileSync(file, `${good}\n\nThis is <not closed\n`);
    const report = await broken;
    expect(report.ok).toBe(false);
    expect(report.errors[0]).toMatchObject({ file: 'changelog.mdx', code: 'mdx/syntax' });
    const page = await fetch(`${server.url}/quickstart`);
    expect(page.status).toBe(500);
    const html = await page.text();
    expect(html).toContain('The docs have 1 error');
    expect(html).toContain('changelog.mdx:');
    const fixed = server.nextBuild();
    writeFileSync(file, good);
    expect((await fixed).ok).toBe(true);
    expect((await fetch(`${server.url}/changelog`)).status).toBe(200);
  });
});
