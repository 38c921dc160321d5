// Starts Debian's Chromium through playwright-core for browser suites: they skip saying why when it is missing, and fail under CI.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { chromiumProblem, INSTALL_CHROMIUM, launchBrowser } from './chromium.js';
import { describeWhenReachable } from './services.js';

export { ARTIFACTS, CHROMIUM, chromiumProblem, launchBrowser } from './chromium.js';

/**
 * Registers a browser suite: Chromium is launched before its tests and closed after them, and
 * `suite` reads it through the getter. Without Chromium the suite is skipped with a printed
 * reason, or fails when `CI` is set (like the database suites, `describeWhenReachable`).
 */
export function describeInChromium(title: string, suite: (browser: () => Browser) => void): void {
  describeWhenReachable(
    title,
    chromiumProblem(),
    () => {
      let browser: Browser | undefined;
      beforeAll(async () => {
        browser = await launchBrowser();
      });
      afterAll(async () => {
        await browser?.close();
      });
      suite(() => {
        if (!browser) throw new Error('Chromium is not running (beforeAll failed)');
        return browser;
      });
    },
    INSTALL_CHROMIUM,
  );
}
