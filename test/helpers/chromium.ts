// Starts Debian's Chromium through playwright-core, for the browser suites and the page benchmark; no test runner needed.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';

/** Where Debian installs Chromium (apt-get install chromium); override with CHROMIUM_PATH. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Where browser suites save screenshots (gitignored). */
export const ARTIFACTS = join(import.meta.dirname, '..', 'artifacts');

export const INSTALL_CHROMIUM = 'install it (`apt-get install chromium`) or point CHROMIUM_PATH at it';

/** Why Chromium cannot be started here, or undefined when it can. */
export function chromiumProblem(): string | undefined {
  return existsSync(CHROMIUM) ? undefined : `Chromium not found at ${CHROMIUM}`;
}

/** A fresh Chromium; throws when it is missing. Suites use `describeInChromium` (browser.ts), which skips instead. */
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
