import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS, describeInChromium } from '../helpers/browser.js';
import { axeViolations, SCREENS } from '../helpers/axe.js';
import { serveSite, type TestRuntime } from '../helpers/runtime.js';
import { page, writeSite } from '../helpers/site.js';

const HOSTILE = '<img src=x onerror=window.pwned=1>';

let runtime: TestRuntime;

beforeAll(async () => {
  const dir = writeSite({
    'docs.json': {
      name: 'Acme',
      navigation: {
        versions: [
          { version: 'v2', default: true, groups: [{ group: 'Guides', pages: ['index', 'guides/webhooks', 'guides/events', 'guides/hostile'] }] },
          { version: 'v1', groups: [{ group: 'Legacy', pages: ['v1/webhooks'] }] },
        ],
      },
    },
    'index.mdx': page({ title: 'Home' }, 'Welcome to Acme.'),
    'guides/webhooks.mdx': page(
      { title: 'Webhooks' },
      '## Endpoints\n\nRegister a webhook endpoint to receive events.\n\n## Retries\n\nA failed webhook delivery is retried for three days.\n\n## Verify signatures\n\nEvery webhook carries a signature header.',
    ),
    'guides/events.mdx': page({ title: 'Events' }, 'Events are sent to your webhook endpoints as they happen.'),
    'guides/hostile.mdx': page(
      { title: `Hostile ${HOSTILE}` },
      `## Payload \\<img src=x onerror=window.pwned=2\\>\n\nThis section talks about the quarantined payload.`,
    ),
    'v1/webhooks.mdx': page({ title: 'Legacy webhooks' }, 'Version one webhook callbacks.'),
  });
  runtime = await serveSite(dir);
});
afterAll(async () => {
  await runtime?.close();
});

/** The result links the dialog lists, in order. */
const optionUrls = (tab: Page): Promise<string[]> =>
  tab.locator('.search-dialog [role="option"]').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
const dialogOpen = (tab: Page): Promise<boolean> => tab.locator('.search-dialog').evaluate((dialog) => (dialog as unknown as { open: boolean }).open);

describeInChromium('the search dialog in Chromium', (browser) => {
  describe.each(SCREENS)('on a $name screen', ({ name, viewport }) => {
    it('opens from the header box, lists results by page with the words marked, in the page’s version, and Escape closes it', async () => {
      const context = await browser().newContext({ viewport });
      const tab = await context.newPage();
      const refused: string[] = [];
      tab.on('console', (message) => {
        if (/Content Security Policy|error/i.test(message.text())) refused.push(message.text());
      });
      await tab.goto(`${runtime.url}/guides/webhooks`);
      const box = tab.locator('.site-header .search-box');
      await box.click();
      expect(await dialogOpen(tab)).toBe(true);
      await tab.keyboard.type('webhook');
      await expect.poll(() => optionUrls(tab)).toContain('/guides/webhooks#retries');
      // Grouped: the Webhooks page once, with its sections under it, and the Events page apart.
      const groups = await tab.locator('.search-dialog [role="group"]').evaluateAll((all) => all.map((group) => group.getAttribute('aria-label')));
      expect(groups.filter((label) => label === 'Webhooks')).toHaveLength(1);
      expect(groups).toContain('Events');
      // The v1 page is in another version than the one being read.
      expect((await optionUrls(tab)).filter((url) => url.startsWith('/v1/'))).toEqual([]);
      const marked = await tab.locator('.search-dialog mark').allTextContents();
      expect(marked.length).toBeGreaterThan(0);
      for (const word of marked) expect(word.toLowerCase()).toMatch(/^webhook/);
      await tab.screenshot({ path: join(ARTIFACTS, `search-dialog-${name}.png`) });
      await tab.keyboard.press('Escape');
      expect(await dialogOpen(tab)).toBe(false);
      expect(await tab.evaluate("document.activeElement === document.querySelector('.site-header .search-box')")).toBe(true);
      expect(refused).toEqual([]);
      await context.close();
    });

    it('starts the search with what is typed into the focused header box, and with `/`', async () => {
      const context = await browser().newContext({ viewport });
      const tab = await context.newPage();
      await tab.goto(`${runtime.url}/`);
      await tab.locator('.site-header .search-box').focus();
      await tab.keyboard.type('retries');
      expect(await tab.locator('.search-input').inputValue()).toBe('retries');
      await expect.poll(() => optionUrls(tab)).toEqual(['/guides/webhooks#retries']);
      await tab.keyboard.press('Escape');
      await tab.locator('body').click({ position: { x: 5, y: 300 } });
      await tab.keyboard.press('/');
      expect(await dialogOpen(tab)).toBe(true);
      // The last search is kept and selected: typing replaces it.
      expect(await tab.locator('.search-input').inputValue()).toBe('retries');
      await context.close();
    });

    it('opens with Ctrl+K, moves through results with the arrow keys and opens one with Enter', async () => {
      const context = await browser().newContext({ viewport });
      const tab = await context.newPage();
      await tab.goto(`${runtime.url}/`);
      await tab.keyboard.press('Control+k');
      expect(await dialogOpen(tab)).toBe(true);
      await tab.keyboard.type('webhook');
      await expect.poll(async () => (await optionUrls(tab)).length).toBeGreaterThan(2);
      const urls = await optionUrls(tab);
      const selected = () => tab.locator('.search-dialog [aria-selected="true"]').getAttribute('href');
      expect(await selected()).toBe(urls[0]);
      await tab.keyboard.press('ArrowDown');
      await tab.keyboard.press('ArrowDown');
      await tab.keyboard.press('ArrowUp');
      expect(await selected()).toBe(urls[1]);
      // The input keeps focus and names the active result, as a combobox does.
      expect(await tab.locator('.search-input').getAttribute('aria-activedescendant')).toBe(
        await tab.locator('.search-dialog [aria-selected="true"]').getAttribute('id'),
      );
      await Promise.all([tab.waitForURL((url) => `${url.pathname}${url.hash}` === urls[1]), tab.keyboard.press('Enter')]);
      await context.close();
    });

    it('shows a hostile title and heading as text', async () => {
      const context = await browser().newContext({ viewport });
      const tab = await context.newPage();
      await tab.goto(`${runtime.url}/`);
      await tab.keyboard.press('Control+k');
      await tab.keyboard.type('quarantined payload');
      await expect.poll(() => optionUrls(tab)).toEqual([expect.stringMatching(/^\/guides\/hostile#payload/)]);
      expect(await tab.locator('.search-page-title').textContent()).toBe(`Hostile ${HOSTILE}`);
      expect(await tab.locator('.search-section').textContent()).toBe('Payload <img src=x onerror=window.pwned=2>');
      expect(await tab.locator('.search-dialog img').count()).toBe(0);
      expect(await tab.evaluate('window.pwned')).toBeUndefined();
      await context.close();
    });
  });

  it('offers the search on the 404 page, with the missing path’s words', async () => {
    const context = await browser().newContext({ viewport: SCREENS[1].viewport });
    const tab = await context.newPage();
    const response = await tab.goto(`${runtime.url}/guides/webhook-retries`);
    expect(response?.status()).toBe(404);
    await tab.getByRole('button', { name: 'Search for this page' }).click();
    expect(await tab.locator('.search-input').inputValue()).toBe('guides webhook retries');
    await expect.poll(() => optionUrls(tab)).toContain('/guides/webhooks#retries');
    await tab.screenshot({ path: join(ARTIFACTS, 'search-dialog-404.png') });
    await context.close();
  });

  it('has no serious or critical axe violations with the dialog open, light and dark', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      // axe is injected as a script of its own (see axeViolations).
      const context = await browser().newContext({ viewport: SCREENS[0].viewport, colorScheme, bypassCSP: true });
      const tab = await context.newPage();
      await tab.goto(`${runtime.url}/guides/webhooks`);
      await tab.keyboard.press('Control+k');
      await tab.keyboard.type('webhook');
      await expect.poll(async () => (await optionUrls(tab)).length).toBeGreaterThan(0);
      expect(await axeViolations(tab), colorScheme).toEqual([]);
      await context.close();
    }
  });
});
