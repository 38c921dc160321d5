// Where a docs folder's state lives: `--database-url` (PostgreSQL) if given, else `--data-dir`, else `<dir>/.docsite`.
import { join, resolve } from 'node:path';
import type { OpenStoreOptions } from './store.js';

/** The state folder inside a docs folder, when no other is given. */
export const DEFAULT_DATA_DIR = '.docsite';

/** The state settings of `serve`, `dev` and the `keys` and `analytics` commands. */
export interface StateLocation {
  /** SQLite state folder; default `<dir>/.docsite`. */
  dataDir?: string | undefined;
  /** PostgreSQL URL; wins over `dataDir`. */
  databaseUrl?: string | undefined;
}

/** The `openStore` options for the docs (or bundle) folder `dir`. */
export function storeOptionsFor(dir: string, location: StateLocation): OpenStoreOptions {
  if (location.databaseUrl) return { databaseUrl: location.databaseUrl };
  return { dataDir: resolve(location.dataDir ?? join(dir, DEFAULT_DATA_DIR)) };
}
