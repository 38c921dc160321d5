// Replays stored XSS in Chromium: hostile markup and URLs rendered, served and clicked, and no
// script of theirs runs. The sanitizer is tried alone (no Content-Security-Policy to hide behind)
// and as served (policy on pages, sandbox on assets).
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { build, readBundle } from '../../src/bundle/index.js';
import { analysePage } from '../../src/content/index.js';
import { renderBody } from '../../src/render/index.js';
import { THEME_SCRIPT } from '../../src/render/layout/theme-script.js';
import { CHROMIUM, launchBrowser } from '../helpers/browser.js';
import { startRuntime, type TestRuntime } from '../helpers/runtime.js';
import { describeWhenReachable } from '../helpers/services.js';
import { page as pageFile, writeSite } from '../helpers/site.js';
import { MARKUP_PAYLOADS, URL_PAYLOADS, type Payload } from './xss-payloads.js';

const SVG_ASSET = `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>pwned('svg-asset')</script><rect width="10" height="10" onload="pwned('svg-asset-onload')"/></svg>`;
const HTML_ASSET = `<!doctype html><p>custom file</p><script>pwned('html-asset')</script>`;

let browser: Browser;

/** Where the renderer's HTML is served from when tried alone (the browser answers it itself). */
const PAYLOAD_ORIGIN = 'http://payload.test';

/** Where a reader goes: a site's origin, and (for HTML tried alone) its pages by path. */
interface Site {
  origin: string;
  pages?: ReadonlyMap<string, string>;
}

/**
 * A fresh browser context whose payloads report to `ran`: names passed to pwned(), and dialogs.
 * Requests off the site are aborted (this machine has no network); a site given by its `pages`
 * is answered by the browser itself, with an empty page where it has none.
 */
async function watchedContext(site: Site, ran: string[]): Promise<BrowserContext> {
  const context = await browser.newContext();
  await context.exposeBinding('pwned', (_source, name: unknown) => void ran.push(String(name)));
  await context.route(
    (url) => !url.href.startsWith(site.origin),
    (route) => route.abort(),
  );
  const pages = site.pages;
  if (pages) {
    await context.route(`${site.origin}/**`, (route) =>
      route.fulfill({ contentType: 'text/html', body: pages.get(new URL(route.request().url()).pathname) ?? '<p>elsewhere</p>' }),
    );
  }
  context.on('dialog', (dialog) => {
    ran.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return context;
}

/** Pages clicked through at once. */
const LANES = 4;

/** Elements a reader can click or activate. */
const CLICKABLE = 'a, area, button, input, summary, label';

/**
 * Opens every <details> (menus, accordions), so that what they hold can be clicked. False (and
 * noted in `ran`) when the document no longer answers queries: an element named `querySelectorAll`
 * has taken the method's place (DOM clobbering), which breaks the page's own script too.
 */
async function openDetails(page: Page, ran: string[]): Promise<boolean> {
  try {
    await page.locator('details:not([open])').evaluateAll((all) => {
      for (const d of all) d.setAttribute('open', '');
    });
    return true;
  } catch (error) {
    if (!/querySelectorAll is not a function/.test(String(error))) throw error;
    ran.push(`document clobbered: ${page.url()}`);
    return false;
  }
}

/** Opens `url`, again if a navigation the last click started interrupts it. */
async function open(page: Page, url: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await page.goto(url);
      return;
    } catch (error) {
      if (attempt === 5 || !/interrupted by another navigation/.test(String(error))) throw error;
      // Let the navigation the click started finish (or fail) before asking again; on a loaded machine it can outlast three quick retries.
      await page.waitForLoadState('load').catch(() => undefined);
    }
  }
}

/**
 * Opens `url` in `page` and clicks its `index`th clickable element as a reader would (none when
 * `index` is undefined); then lets what the click started run. What ran is added to `ran`.
 */
async function clickOn(page: Page, url: string, index: number | undefined, ran: string[]): Promise<void> {
  await open(page, url);
  if (index !== undefined && (await openDetails(page, ran))) {
    const target = page.locator(CLICKABLE).nth(index);
    // A mouse click where the element can be clicked; elsewhere (hidden, no size) the click event alone.
    if (await target.isVisible()) await target.click({ timeout: 1_000 }).catch(() => undefined);
    else await target.dispatchEvent('click', undefined, { timeout: 1_000 }).catch(() => undefined);
  }
  // A javascript: URL, a navigation or a frame's load runs as a task after the click: let the page's tasks run.
  await page.waitForTimeout(50);
  await page.waitForLoadState('load').catch(() => undefined);
}

/** Runs `work` on every item, `lanes` at a time (browser pages wait on the network more than on the CPU). */
async function inLanes<T>(items: readonly T[], lanes: number, work: (item: T, lane: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: lanes }, async (_, lane) => {
      while (next < items.length) await work(items[next++]!, lane);
    }),
  );
}

function rendered(payload: Payload): string {
  const { tree } = analysePage(`${payload.name}.mdx`, payload.mdx);
  if (!tree) throw new Error(`payload ${payload.name} does not parse as MDX`);
  return renderBody(tree);
}

describeWhenReachable('stored XSS in Chromium', existsSync(CHROMIUM) ? undefined : `Chromium not found at ${CHROMIUM}`, () => {
  let hostile: TestRuntime;
  let acme: TestRuntime;
  let pagePaths: string[];

  beforeAll(async () => {
    browser = await launchBrowser();
    const pages = Object.fromEntries(MARKUP_PAYLOADS.map((p) => [`p/${p.name}.mdx`, pageFile({ title: p.name }, p.mdx)]));
    const dir = writeSite({
      'docs.json': {
        name: 'Hostile',
        navigation: {
          global: { anchors: [{ anchor: `<img src=x onerror=pwned('anchor-label')>`, href: `https://example.test/"><script>pwned('anchor-href')</script>` }] },
          pages: ['index', 'guide', ...MARKUP_PAYLOADS.map((p) => `p/${p.name}`)],
        },
        contextual: {
          options: [
            'copy',
            'view',
            { title: `<img src=x onerror=pwned('contextual-title')>`, href: `https://example.test/?q="><script>pwned('contextual-href')</script>` },
          ],
        },
      },
      'index.mdx': pageFile({ title: 'Home' }, 'Welcome. ![logo](/hostile.svg) [the file](/hostile.html)'),
      'guide.mdx': pageFile({ title: 'Guide' }, 'A guide.'),
      'hostile.svg': SVG_ASSET,
      'hostile.html': HTML_ASSET,
      ...pages,
    });
    const report = await build(dir, { out: mkdtempSync(join(tmpdir(), 'docsite-xss-')), jobs: 1 });
    expect(report.errors).toEqual([]);
    const bundle = await readBundle(report.outDir);
    pagePaths = bundle.manifest.pages.map((p) => p.url);
    hostile = await startRuntime({ bundle });
    acme = await startRuntime();
  });

  afterAll(async () => {
    await browser?.close();
    await hostile?.close();
    await acme?.close();
  });

  it('runs no script of hostile markup or URLs as the renderer writes them, even without a Content-Security-Policy', async () => {
    const payloads = [...MARKUP_PAYLOADS, ...URL_PAYLOADS];
    const pages = new Map(payloads.map((p) => [`/${p.name}`, `<!doctype html><meta charset="utf-8"><body>${rendered(p)}</body>`]));
    const site = { origin: PAYLOAD_ORIGIN, pages };
    const ran: string[] = [];
    const context = await watchedContext(site, ran);
    const lanes = await Promise.all(Array.from({ length: LANES }, () => context.newPage()));
    // Each payload on a page of its own, every clickable element of it clicked on a fresh load.
    await inLanes(payloads, LANES, async ({ name }, lane) => {
      const page = lanes[lane]!;
      await clickOn(page, `${site.origin}/${name}`, undefined, ran);
      const count = (await openDetails(page, ran)) ? await page.locator(CLICKABLE).count() : 0;
      for (let i = 0; i < count; i++) await clickOn(page, `${site.origin}/${name}`, i, ran);
    });
    await context.close();
    expect(ran.sort()).toEqual([]);
  }, 300_000);

  it('runs no script of a served hostile site: every page opened, every link and menu option clicked', async () => {
    const site = { origin: hostile.url };
    const ran: string[] = [];
    const links = new Map<string, { path: string; index: number }>();
    const context = await watchedContext(site, ran);
    const page = await context.newPage();
    for (const path of [...pagePaths, '/no/such/page']) {
      await open(page, `${site.origin}${path}`);
      // The one inline script is docsite's theme script, allowed by its hash: nothing a page wrote.
      const inline = await page.locator('script:not([src])').evaluateAll((scripts) => scripts.map((s) => s.textContent));
      expect(inline, `inline script on ${path}`).toEqual([THEME_SCRIPT]);
      if (!(await openDetails(page, ran))) continue;
      // Each link once: a sidebar link on every page is clicked on the first.
      const keys = await page.locator(CLICKABLE).evaluateAll((elements) => elements.map((e) => e.getAttribute('href') ?? e.outerHTML));
      for (const [index, key] of keys.entries()) if (!links.has(key)) links.set(key, { path, index });
    }
    expect(links.size).toBeGreaterThan(MARKUP_PAYLOADS.length);
    const lanes = [page, ...(await Promise.all(Array.from({ length: LANES - 1 }, () => context.newPage())))];
    await inLanes([...links.values()], LANES, ({ path, index }, lane) => clickOn(lanes[lane]!, `${site.origin}${path}`, index, ran));
    await context.close();
    expect(ran).toEqual([]);
  }, 300_000);

  it('sends the Content-Security-Policy on pages and a sandbox on every asset, so an SVG or HTML file opened directly runs nothing', async () => {
    const policy = (await fetch(`${hostile.url}/guide`)).headers.get('content-security-policy') ?? '';
    for (const directive of ["default-src 'self'", "script-src 'self'", "object-src 'none'", "base-uri 'self'", "frame-ancestors 'self'"]) {
      expect(policy).toContain(directive);
    }
    expect(policy).not.toMatch(/'unsafe-eval'|script-src[^;]*'unsafe-inline'/);
    for (const asset of ['/hostile.svg', '/hostile.html', '/_docsite/docsite.css']) {
      const response = await fetch(`${hostile.url}${asset}`);
      expect(response.status, asset).toBe(200);
      expect(response.headers.get('content-security-policy'), asset).toBe("script-src 'none'; sandbox");
      expect(response.headers.get('x-content-type-options'), asset).toBe('nosniff');
    }
    const ran: string[] = [];
    const context = await watchedContext({ origin: hostile.url }, ran);
    const page = await context.newPage();
    for (const asset of ['/hostile.svg', '/hostile.html']) await clickOn(page, `${hostile.url}${asset}`, undefined, ran);
    await context.close();
    expect(ran).toEqual([]);
  });

  it("keeps docsite's own scripts working under the policy: no violation, copy buttons, the playground's request", async () => {
    const ran: string[] = [];
    const context = await watchedContext({ origin: acme.url }, ran);
    const page = await context.newPage();
    const violations: string[] = [];
    page.on('console', (message) => /Content.Security.Policy/i.test(message.text()) && violations.push(message.text()));
    // The playground sends through the site's proxy (api.playground.proxy defaults to true): its answer stands in for the API's.
    const proxied: { page: string; url: string }[] = [];
    await context.route(`${acme.url}/_docsite/playground`, (route) => {
      proxied.push(route.request().postDataJSON());
      return route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ status: 201, statusText: 'Created', headers: {}, body: '{"id":"inv_1"}' }),
      });
    });
    await page.goto(`${acme.url}/quickstart`);
    expect(await page.locator('.code-block .copy-button').count()).toBeGreaterThan(0);
    await page.goto(`${acme.url}/api-reference/invoices/create`);
    const form = page.locator('form.playground');
    await form.locator('select[name="server"]').selectOption('https://sandbox.acme.test/v2');
    for (const input of await form.locator('input[required], textarea[required]').all()) {
      await input.fill((await input.getAttribute('type')) === 'number' ? '1' : '{}');
    }
    await form.locator('button[type="submit"]').click();
    await expect.poll(() => form.locator('output').innerText()).toContain('inv_1');
    expect(proxied).toMatchObject([{ page: '/api-reference/invoices/create', url: expect.stringMatching(/^https:\/\/sandbox\.acme\.test\/v2\//) }]);
    await context.close();
    expect(violations).toEqual([]);
    expect(ran).toEqual([]);
  });
});
