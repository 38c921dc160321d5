// Applies pending migrations at open, under a lock, so processes starting together migrate once.
import { StoreUnavailableError } from './errors.js';
import { MIGRATIONS, type Migration } from './migrations.js';
import type { SqlDriver } from './sql.js';

/**
 * Brings the database to the newest schema and returns its version. Runs in one transaction
 * holding the engine's migration lock: a second process waits, then finds nothing to do. Refuses
 * a database migrated by a newer docsite rather than guess at a schema it does not know.
 */
export async function migrate(db: SqlDriver, migrations: readonly Migration[] = MIGRATIONS): Promise<number> {
  const latest = migrations.at(-1)?.version ?? 0;
  return db.migrationTransaction(async (tx) => {
    await tx.run(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version INTEGER PRIMARY KEY,
      name TEXT NOT NULL,
      applied_ms BIGINT NOT NULL
    )`);
    const rows = await tx.all<{ version: number }>('SELECT version FROM schema_migrations');
    const applied = new Set(rows.map((row) => Number(row.version)));
    const newest = Math.max(0, ...applied);
    if (newest > latest) {
      throw new StoreUnavailableError(`The database schema is version ${newest}, newer than this docsite knows (${latest}); upgrade docsite`);
    }
    for (const migration of migrations) {
      if (applied.has(migration.version)) continue;
      for (const statement of migration.statements(db.dialect)) await tx.run(statement);
      await migration.backfill?.(tx, db.dialect);
      await tx.run('INSERT INTO schema_migrations (version, name, applied_ms) VALUES (?, ?, ?)', [migration.version, migration.name, Date.now()]);
    }
    return latest;
  });
}
