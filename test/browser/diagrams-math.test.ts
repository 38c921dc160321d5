import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ARTIFACTS, describeInChromium } from '../helpers/browser.js';
import { FEATURE_SITE } from '../helpers/feature-site.js';
import { serveSite, type TestRuntime } from '../helpers/runtime.js';
import { writeSite } from '../helpers/site.js';

let runtime: TestRuntime;

beforeAll(async () => {
  runtime = await serveSite(writeSite(FEATURE_SITE));
});
afterAll(async () => {
  await runtime?.close();
});

/** A page opened at `path`, with what the CSP refused, the errors it threw, and the scripts it loaded (URL and gzip size). */
async function open(context: BrowserContext, path: string): Promise<{ tab: Page; refused: string[]; errors: string[]; scripts: Map<string, number> }> {
  const tab = await context.newPage();
  const refused: string[] = [];
  const errors: string[] = [];
  const scripts = new Map<string, number>();
  tab.on('console', (message) => {
    if (/Content Security Policy/.test(message.text())) refused.push(message.text());
  });
  tab.on('pageerror', (error) => errors.push(error.message));
  tab.on('response', async (response) => {
    if (/javascript/.test(response.headers()['content-type'] ?? '')) scripts.set(new URL(response.url()).pathname, gzipSync(await response.body()).length);
  });
  await tab.addInitScript(
    "document.addEventListener('securitypolicyviolation', (event) => console.error('Content Security Policy: ' + event.violatedDirective + ' ' + event.blockedURI))",
  );
  await tab.goto(`${runtime.url}${path}`, { waitUntil: 'networkidle' });
  return { tab, refused, errors, scripts };
}

const drawnTheme = (tab: Page): Promise<string[]> =>
  tab.evaluate("[...document.querySelectorAll('.mermaid-diagram svg .node')].map((node) => getComputedStyle(node.querySelector('rect, polygon')).fill)");

describeInChromium('math and diagrams in Chromium', (browser) => {
  it('typesets math with KaTeX fonts loaded from the site, with nothing refused, on a phone too', async () => {
    for (const [width, height] of [
      [1400, 1000],
      [390, 844],
    ] as const) {
      const context = await browser().newContext({ viewport: { width, height } });
      const { tab, refused, errors, scripts } = await open(context, '/math');
      await tab.evaluate('document.fonts.ready.then(() => undefined)');
      expect(await tab.locator('.katex').count()).toBe(3);
      expect(await tab.locator('.katex-display').count()).toBe(1);
      expect(await tab.locator('.katex-error').innerText()).toBe('\\frac{1}{');
      const loaded = await tab.evaluate("[...document.fonts].filter((font) => font.status === 'loaded').map((font) => font.family)");
      expect(loaded).toEqual(expect.arrayContaining(['KaTeX_Main', 'KaTeX_Math', 'KaTeX_AMS']));
      // KaTeX's stylesheet applies (a display is centred), and a formula pushes no page sideways.
      expect(await tab.evaluate("getComputedStyle(document.querySelector('.katex-display > .katex')).textAlign")).toBe('center');
      expect(await tab.evaluate('document.documentElement.scrollWidth - innerWidth')).toBe(0);
      expect([...scripts.keys()]).toEqual(['/_docsite/docsite.js']);
      expect(refused).toEqual([]);
      expect(errors).toEqual([]);
      await tab.screenshot({ path: join(ARTIFACTS, `math-${width}.png`) });
      await context.close();
    }
  });

  it('draws diagrams in the light or dark mode of the page, and again when it changes', async () => {
    const light = await browser().newContext({ colorScheme: 'light' });
    const drawnLight = await open(light, '/diagram');
    await expect.poll(() => drawnLight.tab.locator('.mermaid-diagram svg').count()).toBe(2);
    // The sources are hidden once drawn; nothing was refused or thrown.
    expect(await drawnLight.tab.locator('pre.mermaid:visible').count()).toBe(0);
    const lightFills = await drawnTheme(drawnLight.tab);
    await drawnLight.tab.screenshot({ path: join(ARTIFACTS, 'diagram-light.png') });
    expect(drawnLight.refused).toEqual([]);
    expect(drawnLight.errors).toEqual([]);

    const dark = await browser().newContext({ colorScheme: 'dark' });
    const drawnDark = await open(dark, '/diagram');
    await expect.poll(() => drawnDark.tab.locator('.mermaid-diagram svg').count()).toBe(2);
    const darkFills = await drawnTheme(drawnDark.tab);
    expect(darkFills).toHaveLength(lightFills.length);
    expect(darkFills[0]).not.toBe(lightFills[0]);
    await drawnDark.tab.screenshot({ path: join(ARTIFACTS, 'diagram-dark.png') });
    expect(drawnDark.refused).toEqual([]);

    // The reader switches to light: the diagrams are drawn again, as in a light page.
    await drawnDark.tab.evaluate("document.documentElement.classList.remove('dark')");
    await expect.poll(() => drawnTheme(drawnDark.tab)).toEqual(lightFills);
    expect(await drawnDark.tab.locator('.mermaid-diagram').count()).toBe(2);
    await light.close();
    await dark.close();
  });

  it('shows the error and the source of a diagram Mermaid cannot read', async () => {
    const context = await browser().newContext();
    const { tab, errors } = await open(context, '/broken-diagram');
    await expect.poll(() => tab.locator('.mermaid-error').count()).toBe(1);
    expect(await tab.locator('.mermaid-error').innerText()).toMatch(/^This diagram could not be drawn\. Parse error on line 2/);
    expect(await tab.locator('pre.mermaid').isVisible()).toBe(true);
    expect(await tab.locator('pre.mermaid').innerText()).toBe('flowchart LR\n  A --> --> B(');
    // No drawing, nor Mermaid's error picture; icons (the feedback widget's thumbs) aside.
    expect(await tab.locator('svg:not(.icon)').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('loads no Mermaid on a page without diagrams, within the 30 KB (gzip) JavaScript budget; a page with one loads it', async () => {
    const context = await browser().newContext();
    const plain = await open(context, '/');
    const plainBytes = [...plain.scripts.values()].reduce((sum, bytes) => sum + bytes, 0);
    expect([...plain.scripts.keys()]).toEqual(['/_docsite/docsite.js']);
    expect(plainBytes).toBeLessThanOrEqual(30 * 1024);
    const diagram = await open(context, '/diagram');
    await expect.poll(() => diagram.tab.locator('.mermaid-diagram svg').count()).toBe(2);
    expect([...diagram.scripts.keys()]).toEqual(expect.arrayContaining(['/_docsite/diagrams.js', '/_docsite/mermaid/mermaid.esm.min.mjs']));
    // Laid out with dagre: ELK, Mermaid 12's default layout, is half a megabyte more.
    expect([...diagram.scripts.keys()].filter((path) => path.includes('elk'))).toEqual([]);
    const diagramBytes = [...diagram.scripts.values()].reduce((sum, bytes) => sum + bytes, 0);
    console.log(
      `JavaScript (gzip): page without diagrams ${plainBytes} B in ${plain.scripts.size} file(s); page with diagrams ${diagramBytes} B in ${diagram.scripts.size} files`,
    );
    await context.close();
  });
});
