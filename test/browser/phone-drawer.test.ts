import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ARTIFACTS, describeInChromium } from '../helpers/browser.js';
import { serveSite, type TestRuntime } from '../helpers/runtime.js';
import { page, writeSite } from '../helpers/site.js';

let runtime: TestRuntime;
const PAGES = Array.from({ length: 60 }, (_, i) => `topic-${String(i).padStart(2, '0')}`);
const PHONE = { width: 390, height: 844 };

beforeAll(async () => {
  const files: Record<string, string | object> = {
    'docs.json': { name: 'Acme', navigation: { groups: [{ group: 'Topics', pages: PAGES }] } },
  };
  for (const path of PAGES) files[`${path}.mdx`] = page({ title: `Topic ${path.slice(6)}` }, '## Setup\n\nText.\n\n## Usage\n\nMore text.');
  runtime = await serveSite(writeSite(files));
});
afterAll(() => runtime?.close());

const visible = (selector: string) => `getComputedStyle(document.querySelector('${selector}')).display !== 'none'`;

describeInChromium('the phone layout', (browser) => {
  it('starts with the page, opens the sidebar as a drawer at the current page, and closes it with Escape', async () => {
    const context = await browser().newContext({ viewport: PHONE });
    const tab = await context.newPage();
    await tab.goto(`${runtime.url}/topic-50`);
    expect(await tab.evaluate("document.querySelector('h1').getBoundingClientRect().top")).toBeLessThan(300);
    expect(await tab.evaluate(visible('.sidebar'))).toBe(false);
    expect(await tab.evaluate(visible('.toc-dropdown'))).toBe(true);
    expect(await tab.evaluate('document.documentElement.scrollWidth - innerWidth')).toBe(0);

    await tab.click('.menu-button');
    expect(await tab.getAttribute('.menu-button', 'aria-expanded')).toBe('true');
    const drawer = await tab.evaluate(`(() => {
      const box = document.querySelector('.sidebar').getBoundingClientRect();
      const header = document.getElementById('navbar').getBoundingClientRect();
      return { top: Math.round(box.top - header.bottom), bottom: Math.round(innerHeight - box.bottom), focused: document.activeElement.textContent };
    })()`);
    // Below the header (whose button closes it), down to the bottom of the screen, at the current page.
    expect(drawer).toEqual({ top: 0, bottom: 0, focused: 'Topic 50' });
    await tab.screenshot({ path: join(ARTIFACTS, 'phone-drawer-open.png') });

    await tab.keyboard.press('Escape');
    expect(await tab.evaluate(visible('.sidebar'))).toBe(false);
    expect(await tab.evaluate('document.activeElement.className')).toBe('menu-button');

    await tab.click('.menu-button');
    await tab.click('.sidebar >> text=Topic 03');
    await tab.waitForURL(/\/topic-03$/);
    expect(await tab.evaluate(visible('.sidebar'))).toBe(false);
    await context.close();
  });

  it('opens the drawer without JavaScript', async () => {
    const context = await browser().newContext({ viewport: PHONE, javaScriptEnabled: false });
    const tab = await context.newPage();
    await tab.goto(`${runtime.url}/topic-10`);
    expect(await tab.evaluate(visible('.sidebar'))).toBe(false);
    await tab.click('.menu-button');
    expect(await tab.evaluate(visible('.sidebar'))).toBe(true);
    await context.close();
  });

  it('closes an open menu with Escape, focus back on its button, and with a click elsewhere', async () => {
    const context = await browser().newContext({ viewport: PHONE });
    const tab = await context.newPage();
    await tab.goto(`${runtime.url}/topic-10`);
    const open = () => tab.evaluate("document.querySelector('.toc-dropdown').open");
    await tab.click('.toc-dropdown summary');
    expect(await open()).toBe(true);
    await tab.keyboard.press('Escape');
    expect(await open()).toBe(false);
    expect(await tab.evaluate("document.activeElement.tagName + ' ' + document.activeElement.textContent")).toBe('SUMMARY On this page');
    await tab.click('.toc-dropdown summary');
    await tab.click('h1');
    expect(await open()).toBe(false);
    await context.close();
  });

  it('keeps the sidebar and the table of contents beside the page on a wide screen, with no menu button', async () => {
    const context = await browser().newContext({ viewport: { width: 1400, height: 1000 } });
    const tab = await context.newPage();
    await tab.goto(`${runtime.url}/topic-10`);
    expect(await tab.evaluate(visible('.sidebar'))).toBe(true);
    expect(await tab.evaluate(visible('.toc'))).toBe(true);
    expect(await tab.evaluate(visible('.menu-button'))).toBe(false);
    expect(await tab.evaluate(visible('.toc-dropdown'))).toBe(false);
    await context.close();
  });
});
