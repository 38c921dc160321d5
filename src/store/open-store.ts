// The Store factory: SQLite in a data folder by default, PostgreSQL when given a URL.
import type { OpenStoreOptions, Store } from './store.js';

/**
 * Opens the store, creating and migrating the database as needed (safe when several processes
 * open the same database at once). Each engine's driver is loaded only when used. Throws
 * `StoreUnavailableError` when the database cannot be opened or reached.
 */
export async function openStore(options: OpenStoreOptions): Promise<Store> {
  if ('databaseUrl' in options) {
    const { openPostgresStore } = await import('./postgres-store.js');
    return openPostgresStore(options);
  }
  const { openSqliteStore } = await import('./sqlite-store.js');
  return openSqliteStore(options);
}
