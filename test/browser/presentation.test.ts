import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ARTIFACTS, describeInChromium } from '../helpers/browser.js';
import { serveSite, type TestRuntime } from '../helpers/runtime.js';
import { page, writeSite } from '../helpers/site.js';

let runtime: TestRuntime;

beforeAll(async () => {
  const dir = writeSite({
    'docs.json': {
      name: 'Acme',
      theme: 'mint',
      colors: { primary: '#166E3F', light: '#26BD6C', dark: '#0D4F2C' },
      appearance: { default: 'dark', strict: true },
      background: { color: { dark: '#121317' } },
      banner: { content: 'Version 2 is **out**.', dismissible: true },
      navigation: { pages: ['index'] },
    },
    'index.mdx': page({ title: 'Home' }, 'Read the [guide](https://acme.test/guide).'),
    'marker.js': "document.documentElement.dataset.customScript = 'ran';",
  });
  runtime = await serveSite(dir);
});
afterAll(async () => {
  await runtime?.close();
});

describeInChromium('docs.json presentation in Chromium', (browser) => {
  it('shows the configured colors in the configured appearance, whatever the system setting', async () => {
    const context = await browser().newContext({ colorScheme: 'light' });
    const tab = await context.newPage();
    const refused: string[] = [];
    tab.on('console', (message) => {
      if (/Content Security Policy/.test(message.text())) refused.push(message.text());
    });
    await tab.goto(`${runtime.url}/`);
    // Dark by docs.json although the system is light: the dark background, links in `colors.light`.
    expect(await tab.evaluate('getComputedStyle(document.body).backgroundColor')).toBe('rgb(18, 19, 23)');
    expect(await tab.evaluate("getComputedStyle(document.querySelector('.prose a')).color")).toBe('rgb(38, 189, 108)');
    expect(await tab.locator('html').getAttribute('data-custom-script')).toBe('ran');
    // Marked dark as Mintlify marks it, for the custom CSS of its sites (`html:not(.dark) body {…}`).
    expect(await tab.locator('html').getAttribute('class')).toContain('dark');
    await tab.screenshot({ path: join(ARTIFACTS, 'presentation-dark.png') });
    expect(refused).toEqual([]);
    await context.close();
  });

  it('keeps a dismissed banner closed on the next page load', async () => {
    const context = await browser().newContext();
    const tab = await context.newPage();
    await tab.goto(`${runtime.url}/`);
    await expect.poll(() => tab.locator('#banner').innerText()).toContain('Version 2 is out.');
    await tab.getByRole('button', { name: 'Dismiss' }).click();
    expect(await tab.locator('#banner').count()).toBe(0);
    await tab.reload();
    await tab.waitForLoadState('load');
    expect(await tab.locator('#banner').count()).toBe(0);
    await context.close();
  });
});
