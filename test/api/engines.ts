// Runs a suite once per store engine: SQLite always; PostgreSQL when reachable (skipped with the reason locally, failing under CI).
import { describe } from 'vitest';
import { describeWhenReachable } from '../helpers/services.js';
import type { StoreTarget } from '../store/contract/context.js';
import { postgresTarget, postgresUnreachable, sqliteTarget } from '../store/targets.js';

const unreachable = await postgresUnreachable();

/** Registers `suite` as `title (SQLite)` and `title (PostgreSQL)`, each with its own target. */
export function forEachEngine(title: string, suite: (target: StoreTarget) => void): void {
  describe(`${title} (SQLite)`, () => suite(sqliteTarget()));
  describeWhenReachable(`${title} (PostgreSQL)`, unreachable, () => suite(postgresTarget()));
}
