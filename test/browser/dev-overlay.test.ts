// `docsite dev` in a browser: breaking the page being read puts its error over it, fixing it takes the error away, by themselves.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { dev, silentLogger, type DevServer } from '../../src/runtime/index.js';
import { ARTIFACTS, describeInChromium } from '../helpers/browser.js';
import { copyExample } from '../helpers/serve-process.js';

let site: string;
let server: DevServer;
beforeAll(async () => {
  site = copyExample();
  server = await dev({ dir: site, port: 0, logger: silentLogger });
}, 120_000);
afterAll(() => server?.close());

/** Whether the overlay covers the page, its marked source line, and the page's heading beneath. */
const overlay = (tab: Page) =>
  tab.evaluate(`(() => {
    const element = document.getElementById('docsite-dev-overlay');
    return {
      shown: element !== null && element.getBoundingClientRect().height > 0,
      failingLine: element?.querySelector('mark[data-failing-line]')?.textContent ?? null,
      heading: document.querySelector('h1')?.textContent ?? null,
    };
  })()`);

describeInChromium('docsite dev in the browser', (browser) => {
  it('shows the overlay after a page breaks and takes it away once it is fixed, reloading by itself', async () => {
    const context = await browser().newContext({ viewport: { width: 1400, height: 1000 } });
    const tab = await context.newPage();
    const violations: string[] = [];
    tab.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await tab.goto(`${server.url}/changelog`);
    await expect.poll(() => overlay(tab)).toMatchObject({ shown: false });

    const file = join(site, 'changelog.mdx');
    const good = readFileSync(file, 'utf8');
    writeFileSync(file, `${good}\n\nThis is <not closed\n`);
    await expect.poll(() => overlay(tab), { timeout: 30_000 }).toMatchObject({ shown: true, failingLine: expect.stringContaining('This is <not closed') });
    await tab.screenshot({ path: join(ARTIFACTS, 'dev-overlay.png') });
    await tab.setViewportSize({ width: 390, height: 844 });
    await tab.screenshot({ path: join(ARTIFACTS, 'dev-overlay-phone.png') });
    await tab.setViewportSize({ width: 1400, height: 1000 });

    // Closed, the page beneath is there to read; a reload brings the overlay back while the error stays.
    await tab.click('[data-docsite-dev-close]');
    await expect.poll(() => overlay(tab)).toMatchObject({ shown: false, heading: expect.any(String) });
    await tab.reload();
    await expect.poll(() => overlay(tab)).toMatchObject({ shown: true });

    writeFileSync(file, good);
    await expect.poll(() => overlay(tab), { timeout: 30_000 }).toMatchObject({ shown: false, heading: expect.any(String) });
    expect(violations).toEqual([]);
    await context.close();
  }, 90_000);
});
