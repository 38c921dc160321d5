// The header at both widths with a busy docs.json (tabs, global anchors, languages, navbar links and button): one row
// on a wide screen even beside the Ask AI panel; on a phone only the essentials until the menu opens.
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ARTIFACTS, describeInChromium } from '../helpers/browser.js';
import { SCREENS } from '../helpers/axe.js';
import { serveSite, type TestRuntime } from '../helpers/runtime.js';
import { page, writeSite } from '../helpers/site.js';

const [{ viewport: DESKTOP }, { viewport: PHONE }] = SCREENS;
let runtime: TestRuntime;
const TABS = ['Guides', 'API reference', 'Integrations', 'Changelog', 'Enterprise'];

beforeAll(async () => {
  const files: Record<string, string | object> = {
    'docs.json': {
      name: 'Acme',
      navbar: {
        links: [{ label: 'Talk to us', href: 'https://acme.test/contact' }],
        primary: { type: 'button', label: 'Get started', href: 'https://acme.test/start' },
      },
      navigation: {
        languages: ['en', 'fr'].map((language) => ({
          language,
          tabs: TABS.map((tab, i) => ({ tab, groups: [{ group: tab, pages: [`${language === 'en' ? '' : 'fr/'}page-${i}`] }] })),
        })),
        // As pipecat's docs.json: global anchors besides the tabs and navbar links.
        global: { anchors: ['Events', 'Community', 'GitHub', 'Changelog'].map((anchor) => ({ anchor, href: `https://acme.test/${anchor.toLowerCase()}` })) },
      },
    },
  };
  for (const prefix of ['', 'fr/']) for (const [i, tab] of TABS.entries()) files[`${prefix}page-${i}.mdx`] = page({ title: `${tab} page` }, 'Text.');
  runtime = await serveSite(writeSite(files));
});
afterAll(() => runtime?.close());

/** The header's height and the header items a reader can see. */
const HEADER = `(() => {
  const header = document.getElementById('navbar');
  const shown = [...header.children].filter((item) => item.getBoundingClientRect().width > 0).map((item) => item.className.split(' ')[0]);
  const keys = header.querySelector('.search-box-keys').getBoundingClientRect();
  // The shortcut hint is hidden or on one line, never broken over two.
  const keysLines = keys.height === 0 ? 0 : Math.round(keys.height / parseFloat(getComputedStyle(header.querySelector('.search-box-keys')).lineHeight));
  return { height: Math.round(header.getBoundingClientRect().height), shown, sideways: document.documentElement.scrollWidth - innerWidth, keysLines };
})()`;
type Header = { height: number; shown: string[]; sideways: number; keysLines: number };

describeInChromium('the header', (browser) => {
  it('stays one row on a wide screen, also beside the Ask AI panel, the tabs scrolling rather than wrapping', async () => {
    const context = await browser().newContext({ viewport: DESKTOP });
    const tab = await context.newPage();
    await tab.goto(`${runtime.url}/page-0`);
    const closed = (await tab.evaluate(HEADER)) as Header;
    expect(closed.shown).toEqual(
      expect.arrayContaining(['brand', 'search-box', 'ask-ai-button', 'tabs-nav', 'global-links', 'switcher', 'navbar-links', 'navbar-primary']),
    );
    expect(closed.keysLines).toBeLessThanOrEqual(1);
    await tab.click('[data-ask-ai-open]');
    await tab.waitForSelector('.ask-panel[open]');
    const open = (await tab.evaluate(HEADER)) as Header;
    await tab.screenshot({ path: join(ARTIFACTS, 'header-ask-open.png') });
    // Beside the panel the header drops the shortcut hint and the global anchors; nothing else changes.
    expect({ ...open, keysLines: 0 }).toEqual({ ...closed, keysLines: 0, shown: closed.shown.filter((item) => item !== 'global-links') });
    expect(open.keysLines).toBeLessThanOrEqual(1);
    expect(open.height).toBeLessThan(70);
    // Every tab is still there to scroll to.
    expect(await tab.locator('.tabs-nav a').allTextContents()).toEqual(TABS);
    await context.close();
  });

  it('on a phone keeps menu, brand, theme, search, Ask AI and the tabs; the switchers and navbar links come with the menu', async () => {
    const context = await browser().newContext({ viewport: PHONE });
    const tab = await context.newPage();
    await tab.goto(`${runtime.url}/page-0`);
    const closed = (await tab.evaluate(HEADER)) as Header;
    expect(closed.shown).toEqual(['menu-button', 'brand', 'search-box', 'ask-ai-button', 'tabs-nav', 'theme-toggle']);
    expect(closed.height).toBeLessThan(150);
    expect(closed.sideways).toBe(0);
    await tab.click('.menu-button');
    const open = (await tab.evaluate(HEADER)) as Header;
    await tab.screenshot({ path: join(ARTIFACTS, 'header-phone-menu.png') });
    expect(open.shown).toEqual(expect.arrayContaining(['switcher', 'navbar-links', 'navbar-primary']));
    expect(await tab.evaluate("Math.round(document.getElementById('sidebar').getBoundingClientRect().top)")).toBe(open.height);
    await tab.click('.switcher summary');
    await tab.click('.switcher a:text-is("fr")');
    await tab.waitForURL(/\/fr\/page-0$/);
    await context.close();
  });
});
