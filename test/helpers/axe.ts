// Audits a served page in Chromium as a reader sees it: axe-core's serious and critical violations
// (WCAG 2.1 A/AA and best practice) in a theme and a screen width, and whether it scrolls sideways.
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';

const AXE_SCRIPT = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

export type Theme = 'light' | 'dark';

export interface Screen {
  name: string;
  viewport: { width: number; height: number };
}

/** The widths a page is read at: a desktop and a phone. */
export const SCREENS = [
  { name: 'desktop', viewport: { width: 1400, height: 1000 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const satisfies readonly Screen[];

/** One axe rule a page breaks, with the elements that break it. */
export interface AxeViolation {
  rule: string;
  impact: 'serious' | 'critical';
  summary: string;
  /** Each offending element's selector, with what axe measured when it says (a contrast ratio, say). */
  targets: string[];
}

export interface PageAudit {
  path: string;
  theme: Theme;
  screen: string;
  violations: AxeViolation[];
  /** How much wider than the window the page is (0: it never scrolls sideways), in CSS pixels. */
  overflowX: number;
}

interface AxeResults {
  violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[]; any: { message: string }[] }[] }[];
}

/** A tab reading a site in one theme and one screen width, auditing one page after another. */
export interface AuditTab {
  /** Opens `path` of the site, waits for its diagrams to be drawn, clicks `opener` when given (a menu's button), and audits it. */
  audit(path: string, opener?: string): Promise<PageAudit>;
  close(): Promise<void>;
}

/** Opens a tab on the site at `origin` with the reader's theme choice remembered, as the header toggle leaves it. */
export async function openAuditTab(browser: Browser, origin: string, theme: Theme, screen: Screen): Promise<AuditTab> {
  // axe is injected as a script of its own, which the page's policy would refuse.
  const context = await browser.newContext({ viewport: screen.viewport, bypassCSP: true });
  const tab = await context.newPage();
  await tab.addInitScript(`localStorage.setItem('docsite-theme', ${JSON.stringify(theme)})`);
  return {
    async audit(path, opener) {
      await tab.goto(origin + path);
      const dark = await tab.evaluate("document.documentElement.classList.contains('dark')");
      if (dark !== (theme === 'dark')) throw new Error(`${path} did not take the ${theme} theme`);
      // The tab bypasses the page's policy, which would refuse an expression polled in the page.
      await tab.waitForFunction(DIAGRAMS_DRAWN, undefined, { timeout: 20_000 });
      if (opener) await tab.click(opener);
      return {
        path: opener ? `${path} with ${opener} clicked` : path,
        theme,
        screen: screen.name,
        violations: await axeViolations(tab),
        overflowX: await overflowX(tab),
      };
    },
    close: () => context.close(),
  };
}

/** Whether each of the page's Mermaid diagrams is drawn or shown as an error (the page's code, as text: these files know no DOM). */
const DIAGRAMS_DRAWN =
  "[...document.querySelectorAll('pre.mermaid')].every((source) => source.previousElementSibling?.matches('.mermaid-diagram, .mermaid-error'))";

/**
 * The serious and critical violations axe finds in the page `tab` shows as it is now (in the
 * elements `include` selects, else all of it). The tab's context must bypass the page's CSP: axe is
 * injected as a script of its own, which the page's policy would refuse.
 */
export async function axeViolations(tab: Page, include?: string[]): Promise<AxeViolation[]> {
  await tab.addScriptTag({ path: AXE_SCRIPT });
  const options = { runOnly: { type: 'tag', values: AXE_TAGS }, resultTypes: ['violations'] };
  const context = include ? JSON.stringify({ include: include.map((selector) => [selector]) }) : 'document';
  const results = (await tab.evaluate(`axe.run(${context}, ${JSON.stringify(options)})`)) as AxeResults;
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact as AxeViolation['impact'],
      summary: violation.help,
      targets: violation.nodes.map((node) => [node.target.map(String).join(' '), node.any[0]?.message].filter(Boolean).join(': ')),
    }));
}

async function overflowX(tab: Page): Promise<number> {
  return (await tab.evaluate('Math.max(0, document.documentElement.scrollWidth - innerWidth)')) as number;
}

/** One line per problem of `audits`, for a test's failure message or a report; empty when there is none. */
export function describeProblems(audits: PageAudit[]): string[] {
  const lines: string[] = [];
  for (const audit of audits) {
    const where = `${audit.path} (${audit.theme}, ${audit.screen})`;
    for (const violation of audit.violations) {
      lines.push(
        `${where} ${violation.rule} [${violation.impact}] ${violation.summary}: ${violation.targets.slice(0, 5).join(' | ')}${violation.targets.length > 5 ? ` and ${violation.targets.length - 5} more` : ''}`,
      );
    }
    if (audit.overflowX > 0) lines.push(`${where} scrolls sideways by ${audit.overflowX}px`);
  }
  return lines;
}
