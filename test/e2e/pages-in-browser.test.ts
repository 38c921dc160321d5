// The built pages in a real browser (Debian Chromium), served by the runtime as `docsite serve`
// serves them: layout, sidebar, components and API pages work, with and without JavaScript, and
// print no console errors. Screenshots go to test/artifacts/.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ARTIFACTS, describeInChromium } from '../helpers/browser.js';
import { startRuntime, type TestRuntime } from '../helpers/runtime.js';

let server: TestRuntime;

beforeAll(async () => {
  server = await startRuntime();
  mkdirSync(ARTIFACTS, { recursive: true });
});

afterAll(async () => {
  await server?.close();
});

/** Opens a page, failing the test on any console error, page error or failed request of the site. */
async function open(browser: Browser, path: string, options: { javaScript?: boolean } = {}): Promise<{ page: Page; problems: string[] }> {
  const context = await browser.newContext({ javaScriptEnabled: options.javaScript ?? true, viewport: { width: 1400, height: 1000 } });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => message.type() === 'error' && problems.push(`console: ${message.text()}`));
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on(
    'response',
    (response) => response.url().startsWith(server.url) && response.status() >= 400 && problems.push(`${response.status()} ${response.url()}`),
  );
  const response = await page.goto(`${server.url}${path}`);
  expect(response?.status()).toBe(200);
  return { page, problems };
}

async function screenshot(page: Page, name: string): Promise<void> {
  await page.evaluate('window.scrollTo(0, 0)'); // the sticky header would land mid-page
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
}

describeInChromium('served pages in Chromium', (chromium) => {
  it('renders the index page with layout, navigation and components', async () => {
    const { page, problems } = await open(chromium(), '/');
    await expect(page.title()).resolves.toBe('Acme documentation - Acme');
    expect(await page.locator('.sidebar a[aria-current="page"]').innerText()).toBe('Introduction');
    expect(await page.locator('.tabs-nav a[aria-current]').innerText()).toBe('Guides');
    expect(await page.locator('.switcher summary').allInnerTexts()).toEqual(['Version: v2', 'Language: en']);
    expect(await page.locator('.card-group a.card').count()).toBe(6);
    expect(await page.locator('figure.frame figcaption').innerText()).toContain('Acme dashboard');
    expect(await page.locator('aside.callout-info').isVisible()).toBe(true);
    expect(await page.locator('.toc a').allInnerTexts()).toContain('Start building');
    expect(await page.locator('.pager-next').innerText()).toContain('Quickstart');
    await screenshot(page, 'index');
    expect(problems).toEqual([]);
  });

  it('shows the sidebar marked for the page: its link current, the collapsed group around it open', async () => {
    for (const javaScript of [true, false]) {
      const inside = await open(chromium(), '/concepts/payments/advanced/multi-currency', { javaScript });
      const current = inside.page.locator('.sidebar a[aria-current="page"]');
      expect(await current.innerText()).toMatch(/^Multi-currency/);
      expect(await current.isVisible()).toBe(true);
      expect(await inside.page.locator('.sidebar details:has(a[href="/concepts/payments/advanced/multi-currency"])').last().getAttribute('open')).toBe('');
      expect(inside.problems).toEqual([]);
      const outside = await open(chromium(), '/quickstart', { javaScript });
      expect(await outside.page.locator('.sidebar a[href="/concepts/payments/advanced/multi-currency"]').isVisible()).toBe(false);
      expect(await outside.page.locator('.sidebar a[aria-current="page"]').innerText()).toBe('Quickstart');
      expect(outside.problems).toEqual([]);
    }
  });

  it('switches tabs, steps and code groups on the components page, also without JavaScript', async () => {
    for (const javaScript of [true, false]) {
      const { page, problems } = await open(chromium(), '/quickstart', { javaScript });
      const tabs = page.locator('.tabs.tab-set').first();
      const panels = tabs.locator('.tab-panel');
      expect(await panels.nth(0).isVisible()).toBe(true);
      expect(await panels.nth(1).isVisible()).toBe(false);
      await tabs.locator('.tab-label').nth(1).click();
      expect(await panels.nth(0).isVisible()).toBe(false);
      expect(await panels.nth(1).isVisible()).toBe(true);
      expect(await page.locator('ol.steps > li.step').count()).toBe(5);
      expect(await page.locator('.code-block .code-language').first().innerText()).not.toBe('');
      if (javaScript) {
        expect(await page.locator('.code-block .copy-button').count()).toBeGreaterThan(0);
        await screenshot(page, 'quickstart');
      } else {
        expect(await page.locator('.code-block .copy-button').count()).toBe(0);
      }
      expect(problems).toEqual([]);
    }
  });

  it('opens accordions without JavaScript', async () => {
    const { page, problems } = await open(chromium(), '/authentication', { javaScript: false });
    const accordion = page.locator('details.accordion').first();
    expect(await accordion.locator('.accordion-body').isVisible()).toBe(false);
    await accordion.locator('summary').click();
    expect(await accordion.locator('.accordion-body').isVisible()).toBe(true);
    expect(problems).toEqual([]);
  });

  it('shows an API page with method, full URL, authentication and an interactive playground', async () => {
    const { page, problems } = await open(chromium(), '/api-reference/invoices/create');
    const endpoint = page.locator('section.api-endpoint');
    expect(await endpoint.locator('.method').innerText()).toBe('POST');
    expect(await endpoint.locator('.endpoint-url').innerText()).toBe('https://api.acme.test/v2/invoices');
    expect(await endpoint.locator('.endpoint-auth').innerText()).toContain('X-Acme-Key');
    const form = endpoint.locator('form.playground');
    expect(await form.locator('select[name="server"] option').allInnerTexts()).toEqual(['https://api.acme.test/v2', 'https://sandbox.acme.test/v2']);
    expect(await form.locator('input[name="body:customer"]').getAttribute('required')).not.toBeNull();
    expect(await form.locator('button[type="submit"]').isVisible()).toBe(true);
    expect(await page.locator('.param-field .field-name').first().innerText()).toBe('Idempotency-Key');
    expect(await page.locator('.sidebar a[aria-current="page"]').innerText()).toContain('Create invoice');
    await screenshot(page, 'api-page');
    expect(problems).toEqual([]);
  });

  it('answers an unknown path with the 404 page', async () => {
    const context = await chromium().newContext();
    const page = await context.newPage();
    const response = await page.goto(`${server.url}/no/such/page`);
    expect(response?.status()).toBe(404);
    expect(await page.locator('h1').innerText()).toBe('Page not found');
  });
});
