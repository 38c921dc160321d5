import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ARTIFACTS, describeInChromium } from '../helpers/browser.js';
import { serveSite, type TestRuntime } from '../helpers/runtime.js';
import { page, writeSite } from '../helpers/site.js';

async function serveAppearance(appearance: object): Promise<TestRuntime> {
  const site = writeSite({
    'docs.json': { name: 'Acme', appearance, navigation: { pages: ['index'] } },
    'index.mdx': page({ title: 'Home' }, 'Hello.'),
  });
  return serveSite(site);
}

let free: TestRuntime;
let strict: TestRuntime;
beforeAll(async () => {
  free = await serveAppearance({ default: 'light' });
  strict = await serveAppearance({ default: 'light', strict: true });
});
afterAll(async () => {
  await free?.close();
  await strict?.close();
});

const state = (tab: Page) =>
  tab.evaluate(`({
    dark: document.documentElement.classList.contains('dark'),
    background: getComputedStyle(document.body).backgroundColor,
    button: document.querySelector('.theme-toggle')?.textContent ?? null,
  })`);

describeInChromium('the theme toggle', (browser) => {
  it('cycles light, dark and system, is remembered, and applies before the page script runs', async () => {
    const context = await browser().newContext({ viewport: { width: 1400, height: 1000 }, colorScheme: 'light' });
    const tab = await context.newPage();
    const violations: string[] = [];
    tab.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await tab.goto(free.url);
    await expect.poll(() => state(tab)).toEqual({ dark: false, background: 'rgb(255, 255, 255)', button: 'Light' });
    await tab.click('.theme-toggle');
    await expect.poll(() => state(tab)).toEqual({ dark: true, background: 'rgb(13, 17, 23)', button: 'Dark' });
    await tab.screenshot({ path: join(ARTIFACTS, 'theme-dark.png') });

    // Reloaded with docsite.js held back: the remembered choice is already applied.
    let release = (): void => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await tab.route('**/_docsite/docsite.js', async (route) => {
      await held;
      await route.continue();
    });
    // Parsed ("interactive"), its deferred docsite.js not yet run.
    await tab.goto(free.url, { waitUntil: 'commit' });
    await expect.poll(() => tab.evaluate('document.readyState')).toBe('interactive');
    await expect.poll(() => state(tab)).toEqual({ dark: true, background: 'rgb(13, 17, 23)', button: 'System' });
    release();
    await expect.poll(() => tab.evaluate("document.querySelector('.theme-toggle').textContent")).toBe('Dark');

    await tab.click('.theme-toggle');
    await expect.poll(() => state(tab)).toMatchObject({ dark: false, button: 'System' });
    await tab.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => state(tab)).toMatchObject({ dark: true, background: 'rgb(13, 17, 23)', button: 'System' });
    await tab.click('.theme-toggle');
    await expect.poll(() => state(tab)).toMatchObject({ dark: false, button: 'Light' });
    expect(violations).toEqual([]);
    await context.close();
  });

  it('under appearance.strict, shows no toggle and ignores a remembered choice', async () => {
    const context = await browser().newContext({ viewport: { width: 1400, height: 1000 }, colorScheme: 'dark' });
    const tab = await context.newPage();
    await tab.goto(strict.url);
    await tab.evaluate("localStorage.setItem('docsite-theme', 'dark')");
    await tab.reload();
    await expect.poll(() => state(tab)).toEqual({ dark: false, background: 'rgb(255, 255, 255)', button: null });
    await context.close();
  });
});
