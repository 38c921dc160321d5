// The SQLite Store (the default): one better-sqlite3 connection to <dataDir>/docsite.db, in WAL mode.
import { mkdirSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { StoreConflictError, StoreError, StoreFailureError, StoreInputError, StoreUnavailableError } from './errors.js';
import { SerialQueue } from './serial-queue.js';
import type { Dialect, SqlDriver, SqlSession, SqlValue } from './sql.js';
import { openSqlStore } from './sql-store.js';
import type { SqliteStoreOptions, Store } from './store.js';

/** File name of the database inside the data folder. */
export const SQLITE_FILE = 'docsite.db';
/** How long a write waits for another process's write lock before giving up (`StoreUnavailableError`). */
const BUSY_TIMEOUT_MS = 5000;
const DIALECT: Dialect = { name: 'sqlite', binaryText: 'TEXT' };

/** A `StoreError` for anything better-sqlite3 throws; the message names the kind of failure only. */
function storeErrorOf(error: unknown): StoreError {
  if (error instanceof StoreError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string') {
    if (code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === 'SQLITE_CONSTRAINT_UNIQUE')
      return new StoreConflictError('the row already exists', { cause: error });
    if (code.startsWith('SQLITE_CONSTRAINT')) return new StoreInputError('the row breaks a rule of the schema', { cause: error });
    if (/^SQLITE_(BUSY|LOCKED|CANTOPEN|IOERR|FULL|READONLY|NOMEM|PERM|NOLFS)/.test(code)) return new StoreUnavailableError(undefined, { cause: error });
  }
  return new StoreFailureError(undefined, { cause: error });
}

/**
 * One queue per database file in this process, shared by every connection to it. better-sqlite3
 * is synchronous: a transaction spans awaits, and a second connection in the same thread that
 * tried to write meanwhile would sleep in SQLite's busy handler, blocking the very event loop the
 * first needs to commit. Queued, it waits its turn instead. Other processes use busy_timeout.
 */
const queues = new Map<string, { queue: SerialQueue; connections: number }>();

function queueFor(file: string): SerialQueue {
  const entry = queues.get(file) ?? { queue: new SerialQueue(), connections: 0 };
  entry.connections += 1;
  queues.set(file, entry);
  return entry.queue;
}

function releaseQueue(file: string): void {
  const entry = queues.get(file);
  if (entry && --entry.connections === 0) queues.delete(file);
}

/** A better-sqlite3 connection; the queue also keeps other requests out of an open transaction. */
class SqliteDriver implements SqlDriver {
  readonly dialect = DIALECT;
  private readonly queue: SerialQueue;
  private readonly statements = new Map<string, Database.Statement>();
  /** Statements run directly, for use inside a transaction that already holds the queue. */
  private readonly direct: SqlSession = {
    all: async <Row>(sql: string, params: readonly SqlValue[] = []) => this.execute(() => this.allNow<Row>(sql, params)),
    run: async (sql: string, params: readonly SqlValue[] = []) => this.execute(() => this.statement(sql).run(params).changes),
  };

  constructor(
    private readonly db: Database.Database,
    private readonly file: string,
  ) {
    this.queue = queueFor(file);
  }

  all<Row>(sql: string, params?: readonly SqlValue[]): Promise<Row[]> {
    return this.queue.run(() => this.direct.all<Row>(sql, params));
  }

  run(sql: string, params?: readonly SqlValue[]): Promise<number> {
    return this.queue.run(() => this.direct.run(sql, params));
  }

  transaction<T>(fn: (tx: SqlSession) => Promise<T>): Promise<T> {
    return this.queue.run(async () => {
      // IMMEDIATE takes the write lock up front, so a transaction that reads then writes never
      // fails half-way on a lock upgrade; other processes wait up to the busy timeout.
      this.execute(() => this.db.exec('BEGIN IMMEDIATE'));
      try {
        const result = await fn(this.direct);
        this.execute(() => this.db.exec('COMMIT'));
        return result;
      } catch (error) {
        try {
          if (this.db.open && this.db.inTransaction) this.db.exec('ROLLBACK');
        } catch {
          // SQLite already rolled back (it does on some I/O errors); report the original error.
        }
        throw storeErrorOf(error);
      }
    });
  }

  /** BEGIN IMMEDIATE is already the lock: one process migrates, the others wait, then see its work. */
  migrationTransaction<T>(fn: (tx: SqlSession) => Promise<T>): Promise<T> {
    return this.transaction(fn);
  }

  close(): Promise<void> {
    return this.queue.run(() => {
      if (!this.db.open) return;
      this.db.close();
      releaseQueue(this.file);
    });
  }

  private execute<T>(task: () => T): T {
    if (!this.db.open) throw new StoreUnavailableError('The store is closed');
    try {
      return task();
    } catch (error) {
      throw storeErrorOf(error);
    }
  }

  private allNow<Row>(sql: string, params: readonly SqlValue[]): Row[] {
    const statement = this.statement(sql);
    if (statement.reader) return statement.all(params) as Row[];
    statement.run(params);
    return [];
  }

  private statement(sql: string): Database.Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      if (this.statements.size >= 500) this.statements.clear();
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }
}

/**
 * Switches the database to WAL. Processes opening a new database at the same instant race for
 * that switch, and SQLite answers SQLITE_BUSY to it without waiting on the busy timeout, so the
 * switch is retried until that timeout.
 */
function walMode(db: Database.Database): void {
  const until = Date.now() + BUSY_TIMEOUT_MS;
  for (;;) {
    try {
      db.pragma('journal_mode = WAL');
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== 'SQLITE_BUSY' || Date.now() >= until) throw error;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);
    }
  }
}

function connect(dataDir: string): SqliteDriver {
  let db: Database.Database | undefined;
  try {
    mkdirSync(dataDir, { recursive: true });
    db = new Database(join(dataDir, SQLITE_FILE), { timeout: BUSY_TIMEOUT_MS });
    walMode(db);
    // FULL: a commit is on disk when the call returns, so a write acknowledged with 2xx (a key
    // revocation, a conversation) survives power loss too, not only a crash of the process.
    db.pragma('synchronous = FULL');
    db.pragma('foreign_keys = ON');
    return new SqliteDriver(db, realpathSync(join(dataDir, SQLITE_FILE)));
  } catch (error) {
    db?.close();
    throw new StoreUnavailableError(`The SQLite database in ${dataDir} cannot be opened`, { cause: error });
  }
}

/** Opens (creating and migrating as needed) the SQLite store in `options.dataDir`. */
export async function openSqliteStore(options: SqliteStoreOptions): Promise<Store> {
  return openSqlStore(connect(options.dataDir), options.clock);
}
