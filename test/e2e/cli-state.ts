// The state options a CLI run needs to reach a store target's fresh database: --data-dir, or --database-url.
import type { OpenStoreOptions, PostgresStoreOptions, SqliteStoreOptions } from '../../src/store/index.js';
import { withClient } from '../store/targets.js';

/**
 * CLI arguments for the database behind `options`. A PostgreSQL target's schema is created
 * and selected through the URL (`options=-c search_path=…`), as an operator could do.
 */
export async function stateArgs(options: OpenStoreOptions): Promise<string[]> {
  if ('dataDir' in options) return ['--data-dir', (options as SqliteStoreOptions).dataDir];
  const { databaseUrl, schema } = options as PostgresStoreOptions;
  await withClient((client) => client.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`), databaseUrl);
  const url = new URL(databaseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return ['--database-url', url.toString()];
}
