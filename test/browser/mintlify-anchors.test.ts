// A link's anchor written as Mintlify slugs headings (`#option-2%3A-remote-server`, `#error-🤖`:
// its table of contents and copied heading links carry such anchors) lands on the heading whose
// id lost those characters, as Mintlify's client lands it (dograh, pipecat and mintlify/docs link so).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeInChromium } from '../helpers/browser.js';
import { serveSite, type TestRuntime } from '../helpers/runtime.js';
import { page, writeSite } from '../helpers/site.js';

let runtime: TestRuntime;
const FILLER = Array.from({ length: 40 }, (_, i) => `Paragraph ${i} of a long page.`).join('\n\n');

beforeAll(async () => {
  runtime = await serveSite(
    writeSite({
      'docs.json': { name: 'Anchors', navigation: { pages: ['index', 'deploy'] } },
      'index.mdx': page({ title: 'Home' }, '[Remote](/deploy#option-2%3A-remote-server)'),
      'deploy.mdx': page({ title: 'Deploy' }, `${FILLER}\n\n## Option 2: Remote server\n\n${FILLER}\n\n## error 🤖\n\n${FILLER}`),
    }),
  );
});
afterAll(() => runtime?.close());

const headingTop = (id: string) => `Math.round(document.getElementById(${JSON.stringify(id)}).getBoundingClientRect().top)`;

/** The heading's distance from the top of the window once it settles near it (the page's CSP forbids waitForFunction's eval). */
async function settledTop(tab: { evaluate(script: string): Promise<unknown>; waitForTimeout(ms: number): Promise<void> }, id: string): Promise<number> {
  let top = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 30 && !(top >= 0 && top < 200); i++) {
    await tab.waitForTimeout(100);
    top = (await tab.evaluate(headingTop(id))) as number;
  }
  return top;
}

describeInChromium('anchors slugged as Mintlify slugs them', (browser) => {
  it('bring the heading into view, on arrival and when followed on the page', async () => {
    const context = await browser().newContext({ viewport: { width: 1400, height: 900 } });
    const tab = await context.newPage();
    await tab.goto(`${runtime.url}/deploy#option-2%3A-remote-server`);
    expect(await settledTop(tab, 'option-2-remote-server')).toBeLessThan(200);
    await tab.evaluate(`location.hash = '#error-%F0%9F%A4%96'`);
    const top = await settledTop(tab, 'error-');
    expect(top).toBeGreaterThanOrEqual(0);
    expect(top).toBeLessThan(200);
    await context.close();
  });
});
