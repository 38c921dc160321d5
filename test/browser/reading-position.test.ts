import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeInChromium } from '../helpers/browser.js';
import { serveSite, type TestRuntime } from '../helpers/runtime.js';
import { page, writeSite } from '../helpers/site.js';

let runtime: TestRuntime;
const FILLER = Array.from({ length: 30 }, (_, i) => `Paragraph ${i} of text that takes room on the screen.`).join('\n\n');
const MANY = Array.from({ length: 80 }, (_, i) => `page-${String(i).padStart(2, '0')}`);

beforeAll(async () => {
  const files: Record<string, string | object> = {
    'docs.json': { name: 'Acme', navigation: { groups: [{ group: 'All', pages: ['long', ...MANY] }] } },
    'long.mdx': page({ title: 'Long' }, `## First\n\n${FILLER}\n\n## Second\n\n${FILLER}\n\n## Third\n\n${FILLER}`),
  };
  for (const path of MANY) files[`${path}.mdx`] = page({ title: path }, 'Short.');
  runtime = await serveSite(writeSite(files));
});
afterAll(() => runtime?.close());

describeInChromium('reading position', (browser) => {
  it('marks the section in view in the table of contents as the reader scrolls', async () => {
    const context = await browser().newContext({ viewport: { width: 1400, height: 1000 } });
    const tab = await context.newPage();
    await tab.goto(`${runtime.url}/long`);
    const marked = () => tab.evaluate("document.querySelector('.toc a[aria-current]')?.textContent");
    expect(await marked()).toBe('First');
    await tab.evaluate("document.getElementById('second').scrollIntoView()");
    await expect.poll(marked).toBe('Second');
    await tab.evaluate("document.getElementById('third').scrollIntoView()");
    await expect.poll(marked).toBe('Third');
    await context.close();
  });

  it("scrolls the sidebar, not the page, to the current page's link", async () => {
    const context = await browser().newContext({ viewport: { width: 1400, height: 700 } });
    const tab = await context.newPage();
    await tab.goto(`${runtime.url}/page-75`);
    const box = await tab.evaluate(`(() => {
      const sidebar = document.querySelector('.sidebar').getBoundingClientRect();
      const link = document.querySelector('.sidebar [aria-current="page"]').getBoundingClientRect();
      return { inside: link.top >= sidebar.top && link.bottom <= sidebar.bottom, pageScroll: scrollY };
    })()`);
    expect(box).toEqual({ inside: true, pageScroll: 0 });
    await context.close();
  });
});
