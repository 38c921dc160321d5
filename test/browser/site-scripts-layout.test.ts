import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ARTIFACTS, describeInChromium } from '../helpers/browser.js';
import { serveSite, type TestRuntime } from '../helpers/runtime.js';
import { page, writeSite } from '../helpers/site.js';

let runtime: TestRuntime;
const TABS = ['Documentation', 'Specification', 'Extensions', 'Registry', 'Proposals', 'Community'];

beforeAll(async () => {
  const files: Record<string, string | object> = {
    'docs.json': { name: 'Protocol', navigation: { tabs: TABS.map((tab) => ({ tab, pages: [tab.toLowerCase()] })) } },
    'banner.js':
      "const box = document.createElement('div'); box.className = 'flex gap-3'; box.id = 'injected';" +
      'box.innerHTML = \'<svg class="flex-none size-5" viewBox="0 0 24 24"><path d="M12 9v2"></path></svg><span>Older version</span>\';' +
      "document.querySelector('article').prepend(box);",
  };
  for (const tab of TABS) files[`${tab.toLowerCase()}.mdx`] = page({ title: tab }, `About ${tab}.`);
  // mintlify/docs' changelog: inline code longer than a phone is wide, with no space to break at.
  files['community.mdx'] = page({ title: 'Community' }, 'Set `navigation.global.anchors[].openapi.directory.source.configuration` in docs.json.');
  runtime = await serveSite(writeSite(files));
});
afterAll(async () => {
  await runtime?.close();
});

describeInChromium('real sites on a phone', (browser) => {
  it('scrolls the header tabs instead of the page, and sizes a script-drawn icon by its Tailwind class', async () => {
    const context = await browser().newContext({ viewport: { width: 390, height: 844 } });
    const tab = await context.newPage();
    await tab.goto(`${runtime.url}/specification`);
    await tab.locator('#injected svg').waitFor();
    expect(await tab.evaluate('document.documentElement.scrollWidth - window.innerWidth')).toBe(0);
    expect(await tab.evaluate("[...document.querySelectorAll('.tabs-nav a')].length")).toBe(TABS.length);
    expect(await tab.evaluate("document.querySelector('#injected svg').getBoundingClientRect().width")).toBe(20);
    await tab.screenshot({ path: join(ARTIFACTS, 'phone-many-tabs.png') });
    await context.close();
  });

  it('breaks inline code too long for the screen instead of scrolling the page sideways', async () => {
    const context = await browser().newContext({ viewport: { width: 390, height: 844 } });
    const tab = await context.newPage();
    await tab.goto(`${runtime.url}/community`);
    expect(await tab.evaluate("document.querySelector('.prose code').getBoundingClientRect().right")).toBeLessThanOrEqual(390);
    expect(await tab.evaluate('document.documentElement.scrollWidth - window.innerWidth')).toBe(0);
    await context.close();
  });
});
