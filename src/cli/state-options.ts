// The state options of `serve`, `keys` and `analytics`: `--data-dir` (SQLite) or `--database-url` (PostgreSQL).
import { existsSync } from 'node:fs';
import { InvalidArgumentError, type Command } from 'commander';
import { UsageError } from '../errors.js';
import { openStore, storeOptionsFor, type StateLocation, type Store } from '../store/index.js';

/** The flags `addStateOptions` defines. */
export type StateFlags = StateLocation;

/** Parses a PostgreSQL URL for --database-url. */
function parseDatabaseUrl(value: string): string {
  if (!/^postgres(ql)?:\/\/./.test(value)) throw new InvalidArgumentError('expected a postgres:// URL.');
  return value;
}

/** Adds `--data-dir` and `--database-url` (default: env `DOCSITE_DATABASE_URL`) to `command`. */
export function addStateOptions(command: Command): Command {
  return command
    .option('--data-dir <dir>', 'folder of the SQLite state (default: <dir>/.docsite)')
    .option('--database-url <url>', 'PostgreSQL URL for the state instead (env: DOCSITE_DATABASE_URL)', parseDatabaseUrl, process.env.DOCSITE_DATABASE_URL);
}

/** Opens the state of the docs folder `dir`, runs `use`, and closes it, whatever happens. */
export async function withStore<T>(dir: string, flags: StateFlags, use: (store: Store) => Promise<T>): Promise<T> {
  if (!flags.dataDir && !flags.databaseUrl && !existsSync(dir))
    throw new UsageError(`There is no folder ${dir}.`, 'Pass your docs folder, or the state with --data-dir or --database-url.');
  const store = await openStore(storeOptionsFor(dir, flags));
  try {
    return await use(store);
  } finally {
    await store.close();
  }
}
