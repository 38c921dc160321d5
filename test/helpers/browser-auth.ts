// What a person does on an authenticated site, in Chromium: open pages, fill the sign-in form, screenshot the auth pages.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import { ARTIFACTS } from './browser.js';

/** The viewports the auth pages must work at: a desktop window and a phone (iPhone 12-class). */
export const VIEWPORTS = { desktop: { width: 1400, height: 1000 }, phone: { width: 390, height: 844 } } as const;

/** A fresh profile (no cookies) with one page; JavaScript stays on, as in a person's browser. */
export async function freshPage(
  browser: Browser,
  viewport: { width: number; height: number } = VIEWPORTS.desktop,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport });
  context.setDefaultTimeout(10_000); // a missing element fails with its name, before the test's own timeout
  return { context, page: await context.newPage() };
}

/** Fills and submits the local provider's sign-in form on the current page, waiting for the page that follows. */
export async function submitSignIn(page: Page, username: string, password: string): Promise<Response | null> {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  const [response] = await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Sign in' }).click()]);
  return response;
}

/** Opens `url` and saves a full-page screenshot at each of `VIEWPORTS`, named `<name>-<viewport>.png`. */
export async function screenshotAtViewports(page: Page, name: string): Promise<string[]> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const files: string[] = [];
  for (const [label, viewport] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(viewport);
    const file = join(ARTIFACTS, `${name}-${label}.png`);
    await page.screenshot({ path: file, fullPage: true });
    files.push(file);
  }
  await page.setViewportSize(VIEWPORTS.desktop);
  return files;
}

/** Whether nothing on the page is wider than the viewport (no sideways scrolling on a phone). */
export async function fitsViewportWidth(page: Page): Promise<boolean> {
  return page.evaluate('document.documentElement.scrollWidth <= window.innerWidth') as Promise<boolean>;
}
