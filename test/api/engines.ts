// Runs a suite once per store engine: SQLite always; PostgreSQL when reachable (skipped with the reason locally, failing under CI).
import { describe, it } from 'vitest';
import type { StoreTarget } from '../store/contract/context.js';
import { postgresTarget, postgresUnreachable, sqliteTarget } from '../store/targets.js';

const unreachable = await postgresUnreachable();
const inCi = Boolean(process.env.CI) && process.env.CI !== 'false' && process.env.CI !== '0';
if (unreachable && !inCi) console.warn(`Skipping the PostgreSQL runs of the REST API tests: ${unreachable}`);

/** Registers `suite` as `title (SQLite)` and `title (PostgreSQL)`, each with its own target. */
export function forEachEngine(title: string, suite: (target: StoreTarget) => void): void {
  describe(`${title} (SQLite)`, () => suite(sqliteTarget()));
  if (!unreachable) {
    describe(`${title} (PostgreSQL)`, () => suite(postgresTarget()));
  } else if (inCi) {
    describe(`${title} (PostgreSQL)`, () => {
      it('needs a reachable PostgreSQL server when CI is set', () => {
        throw new Error(`${unreachable}; set DOCSITE_TEST_DATABASE_URL or start the server`);
      });
    });
  } else {
    describe.skip(`${title} (PostgreSQL, skipped: ${unreachable})`, () => {
      it('needs a PostgreSQL server', () => undefined);
    });
  }
}
