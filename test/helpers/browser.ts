// Starts Debian's Chromium through playwright-core for browser suites: they skip saying why when it is missing, and fail under CI.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { describeWhenReachable } from './services.js';

/** Where Debian installs Chromium (apt-get install chromium); override with CHROMIUM_PATH. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Where browser suites save screenshots (gitignored). */
export const ARTIFACTS = join(import.meta.dirname, '..', 'artifacts');

const INSTALL_CHROMIUM = 'install it (`apt-get install chromium`) or point CHROMIUM_PATH at it';

/** Why Chromium cannot be started here, or undefined when it can. */
export function chromiumProblem(): string | undefined {
  return existsSync(CHROMIUM) ? undefined : `Chromium not found at ${CHROMIUM}`;
}

/** A fresh Chromium; throws when it is missing. Suites use `describeInChromium`, which skips instead. */
export async function launchBrowser(): Promise<Browser> {
  const problem = chromiumProblem();
  if (problem) throw new Error(`${problem}; ${INSTALL_CHROMIUM}`);
  // The flags keep Chromium off the network (this machine has none) and fit running as root in CI.
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

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
