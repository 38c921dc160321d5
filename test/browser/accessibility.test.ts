// Every page of the example site, and of a site holding each component a reader meets (with a brand
// colour too pale for text), light and dark, on a desktop screen, and one page of each section on a
// phone screen (the layout differs by width, the content's colours by theme only): axe-core finds no
// serious or critical WCAG 2.1 A/AA or best-practice violation, and no page scrolls sideways; nor
// with a menu open (the contextual menu, a switcher, the phone's drawer and table of contents), and
// Escape closes each menu.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type LoadedBundle, readBundle } from '../../src/bundle/index.js';
import { describeProblems, openAuditTab, type PageAudit, SCREENS, type Theme } from '../helpers/axe.js';
import { describeInChromium } from '../helpers/browser.js';
import { exampleBundle, startRuntime, type TestRuntime } from '../helpers/runtime.js';

/** Callouts, tabs, steps, cards, a wide table and formula, diagrams (one broken), marked code lines, API fields; primary #26BD6C. */
const COMPONENTS_SITE = join(import.meta.dirname, '..', 'fixtures', 'accessibility');

interface AuditedSite {
  runtime: TestRuntime;
  paths: string[];
}

async function serve(bundle: LoadedBundle): Promise<AuditedSite> {
  // The not-found page is a page readers land on too.
  return { runtime: await startRuntime({ bundle }), paths: [...bundle.manifest.pages.map((page) => page.url), '/no-such-page'] };
}

const sites: Record<string, AuditedSite> = {};
beforeAll(async () => {
  sites.example = await serve(await exampleBundle());
  const report = await build(COMPONENTS_SITE, { out: mkdtempSync(join(tmpdir(), 'docsite-a11y-')), jobs: 1 });
  expect(report.errors).toEqual([]);
  sites.components = await serve(await readBundle(report.outDir));
});
afterAll(async () => {
  for (const site of Object.values(sites)) await site.runtime.close();
});

const CASES = (['example', 'components'] as const).flatMap((site) =>
  (['light', 'dark'] as const).flatMap((theme: Theme) => SCREENS.map((screen) => ({ site, theme, screen, name: `${theme}, ${screen.name}` }))),
);

/** The first of `paths` in each top-level folder, and each page at the top: every layout a site has, without every page of it. */
function onePerSection(paths: string[]): string[] {
  const sections = new Map<string, string>();
  for (const path of paths) {
    const section = path.split('/').length > 2 ? path.split('/')[1]! : path;
    if (!sections.has(section)) sections.set(section, path);
  }
  return [...sections.values()];
}

describeInChromium('accessibility', (browser) => {
  describe.each(CASES)('$site site ($name)', ({ site, theme, screen }) => {
    it('has no serious or critical axe violation and no page scrolls sideways', { timeout: 600_000 }, async () => {
      const { runtime, paths } = sites[site]!;
      const tab = await openAuditTab(browser(), runtime.url, theme, screen);
      const audits: PageAudit[] = [];
      try {
        for (const path of screen.name === 'phone' ? onePerSection(paths) : paths) audits.push(await tab.audit(path));
      } finally {
        await tab.close();
      }
      expect(describeProblems(audits)).toEqual([]);
    });
  });

  it.each(['light', 'dark'] as const)('has no serious or critical axe violation with a menu open (%s)', async (theme) => {
    const OPENERS = { desktop: ['details.contextual-menu summary', 'details.switcher summary'], phone: ['.menu-button', 'details.toc-dropdown summary'] };
    const audits: PageAudit[] = [];
    for (const screen of SCREENS) {
      const tab = await openAuditTab(browser(), sites.example!.runtime.url, theme, screen);
      try {
        for (const opener of OPENERS[screen.name as keyof typeof OPENERS]) audits.push(await tab.audit('/quickstart', opener));
      } finally {
        await tab.close();
      }
    }
    expect(audits).toHaveLength(4);
    expect(describeProblems(audits)).toEqual([]);
  });

  it('closes every menu of the header and the page with Escape, opened from the keyboard, focus back on its button', async () => {
    const context = await browser().newContext({ viewport: SCREENS[0]!.viewport });
    const tab = await context.newPage();
    await tab.goto(`${sites.example!.runtime.url}/quickstart`);
    const MENUS = 'details.switcher, details.contextual-menu';
    const menus = await tab.locator(MENUS).count();
    // The version and language switchers and the contextual menu.
    expect(menus).toBe(3);
    for (let i = 0; i < menus; i++) {
      const menu = tab.locator(MENUS).nth(i);
      const open = async () => (await menu.getAttribute('open')) !== null;
      await menu.locator('summary').focus();
      await tab.keyboard.press('Enter');
      expect(await open()).toBe(true);
      await tab.keyboard.press('Tab'); // into the menu's first item
      await tab.keyboard.press('Escape');
      expect(await open()).toBe(false);
      expect(await tab.evaluate(`document.activeElement === document.querySelectorAll(${JSON.stringify(MENUS)})[${i}].querySelector('summary')`)).toBe(true);
    }
    await context.close();
  });
});
