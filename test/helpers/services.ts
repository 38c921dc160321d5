// Suites that need a server (PostgreSQL, Redis): run when it answers, skip saying why when not, fail under CI.
import { describe, it } from 'vitest';

export const IN_CI = Boolean(process.env.CI) && process.env.CI !== 'false' && process.env.CI !== '0';

/**
 * Registers `suite` under `title` when `problem` is undefined; otherwise a printed skip, or under CI
 * a failing test whose error ends with `remedy`.
 */
export function describeWhenReachable(
  title: string,
  problem: string | undefined,
  suite: () => void,
  remedy = 'start the server or point the tests at one',
): void {
  if (!problem) {
    describe(title, suite);
  } else if (IN_CI) {
    describe(title, () => {
      it('needs its server when CI is set', () => {
        throw new Error(`${problem}; ${remedy}`);
      });
    });
  } else {
    console.warn(`Skipping "${title}": ${problem}`);
    describe.skip(`${title} (skipped: ${problem})`, () => {
      it('needs its server', () => undefined);
    });
  }
}
