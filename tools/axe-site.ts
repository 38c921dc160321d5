// Audits pages of any site in Chromium, light and dark, desktop and phone: axe-core's serious and
// critical violations and sideways scrolling. For sites the test suite cannot hold (a real site
// checked out locally); the example site's pages are audited by test/browser/accessibility.test.ts.
//
//   npx tsx tools/axe-site.ts SITE_OR_BUNDLE_DIR [/path ...]
//
// A folder with a docs.json is built first (into a temp folder); a built bundle is served as it is.
// Without paths every page of the bundle is audited. Exit 0: no problem; 1: problems (listed); 2: usage.
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { build, type LoadedBundle, readBundle } from '../src/bundle/index.js';
import { openAuditTab, describeProblems, type PageAudit, SCREENS } from '../test/helpers/axe.js';
import { startRuntime } from '../test/helpers/runtime.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

async function loadSite(dir: string): Promise<LoadedBundle> {
  if (!existsSync(join(dir, 'docs.json'))) return readBundle(dir);
  const report = await build(dir, { out: mkdtempSync(join(tmpdir(), 'docsite-axe-')) });
  if (!report.ok) throw new Error(`${dir} does not build: ${report.errors.map((error) => error.message).join('; ')}`);
  return readBundle(report.outDir);
}

async function main(args: string[]): Promise<number> {
  const [dir, ...paths] = args;
  if (!dir || dir.startsWith('-')) {
    console.error('usage: npx tsx tools/axe-site.ts SITE_OR_BUNDLE_DIR [/path ...]');
    return 2;
  }
  const bundle = await loadSite(resolve(dir));
  const runtime = await startRuntime({ bundle });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  const audits: PageAudit[] = [];
  try {
    for (const theme of ['light', 'dark'] as const) {
      for (const screen of SCREENS) {
        const tab = await openAuditTab(browser, runtime.url, theme, screen);
        for (const path of paths.length > 0 ? paths : bundle.manifest.pages.map((page) => page.url)) {
          const audit = await tab.audit(path);
          audits.push(audit);
          console.log(`${path} ${theme} ${screen.name}: ${audit.violations.length} serious/critical rules broken, ${audit.overflowX}px sideways`);
        }
        await tab.close();
      }
    }
  } finally {
    await browser.close();
    await runtime.close();
  }
  const problems = describeProblems(audits);
  console.log(problems.length === 0 ? `\n${audits.length} audits, no problem` : `\n${problems.join('\n')}`);
  return problems.length === 0 ? 0 : 1;
}

process.exitCode = await main(process.argv.slice(2));
