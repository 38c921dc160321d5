// The PostgreSQL Store: a pg.Pool, for several `docsite serve` processes sharing one database.
import pg from 'pg';
import { StoreConflictError, StoreError, StoreFailureError, StoreInputError, StoreUnavailableError } from './errors.js';
import type { Dialect, SqlDriver, SqlSession, SqlValue } from './sql.js';
import { openSqlStore } from './sql-store.js';
import type { PostgresStoreOptions, Store } from './store.js';

const DIALECT: Dialect = { name: 'postgres', binaryText: 'TEXT COLLATE "C"' };
/** Advisory lock key of docsite migrations (any constant: "docs" in ASCII). Database-wide, so it also serializes migrations of different schemas. */
const MIGRATION_LOCK = 0x646f6373;
const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;
/** Network errors meaning the server cannot be reached. */
const UNREACHABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'EPIPE', 'ECONNABORTED']);
/** pg-pool and pg client messages meaning the same (they carry no code). */
const UNREACHABLE_MESSAGE = /timeout exceeded when trying to connect|Connection terminated|not queryable|after calling end on the pool|Client was closed/i;

/**
 * A `StoreError` for anything pg throws. SQLSTATE classes: 23 integrity (23505 unique → conflict),
 * 22021/22P05 text that cannot be stored → invalid input,
 * 08 connection, 53 resources, 57P/57014 shutdown or cancel, 28 authentication, 3D no such
 * database, 40 serialization/deadlock (retryable) → unavailable. Messages never carry SQL or URLs.
 */
function storeErrorOf(error: unknown): StoreError {
  if (error instanceof StoreError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (code === '23505') return new StoreConflictError('the row already exists', { cause: error });
  if (typeof code === 'string') {
    if (code.startsWith('23')) return new StoreInputError('the row breaks a rule of the schema', { cause: error });
    // 22021/22P05: text PostgreSQL cannot hold (a NUL character); SQLite would have kept it.
    if (code === '22021' || code === '22P05') return new StoreInputError('the text holds a character the database cannot store (NUL)', { cause: error });
    if (UNREACHABLE.has(code) || /^(08|53|57P|57014|28|3D|40)/.test(code)) return new StoreUnavailableError(undefined, { cause: error });
  }
  if (error instanceof AggregateError && error.errors.some((inner) => storeErrorOf(inner) instanceof StoreUnavailableError)) {
    return new StoreUnavailableError(undefined, { cause: error });
  }
  if (error instanceof Error && UNREACHABLE_MESSAGE.test(error.message)) return new StoreUnavailableError(undefined, { cause: error });
  return new StoreFailureError(undefined, { cause: error });
}

const numberedCache = new Map<string, string>();

/** The statement with `?` placeholders numbered `$1, $2…` as PostgreSQL wants (our SQL has no `?` in literals). */
function numbered(sql: string): string {
  let text = numberedCache.get(sql);
  if (text === undefined) {
    let n = 0;
    text = sql.replace(/\?/g, () => `$${++n}`);
    if (numberedCache.size < 1000) numberedCache.set(sql, text);
  }
  return text;
}

/** Runs statements on a pool (any connection) or a client (one connection, inside a transaction). */
function sessionOf(queryable: pg.Pool | pg.PoolClient): SqlSession {
  return {
    async all<Row>(sql: string, params: readonly SqlValue[] = []) {
      try {
        return (await queryable.query(numbered(sql), params as SqlValue[])).rows as Row[];
      } catch (error) {
        throw storeErrorOf(error);
      }
    },
    async run(sql: string, params: readonly SqlValue[] = []) {
      try {
        return (await queryable.query(numbered(sql), params as SqlValue[])).rowCount ?? 0;
      } catch (error) {
        throw storeErrorOf(error);
      }
    },
  };
}

class PostgresDriver implements SqlDriver {
  readonly dialect = DIALECT;
  private readonly session: SqlSession;
  private closed = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly schema: string | undefined,
  ) {
    this.session = sessionOf(pool);
  }

  all<Row>(sql: string, params?: readonly SqlValue[]): Promise<Row[]> {
    return this.open().all<Row>(sql, params);
  }

  run(sql: string, params?: readonly SqlValue[]): Promise<number> {
    return this.open().run(sql, params);
  }

  transaction<T>(fn: (tx: SqlSession) => Promise<T>): Promise<T> {
    return this.withTransaction(async () => undefined, fn);
  }

  /** Holds a transaction-scoped advisory lock: a second process blocks here until the first commits. */
  migrationTransaction<T>(fn: (tx: SqlSession) => Promise<T>): Promise<T> {
    return this.withTransaction(async (tx) => {
      await tx.run(`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`);
      if (this.schema) await tx.run(`CREATE SCHEMA IF NOT EXISTS "${this.schema}"`);
    }, fn);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.pool.end();
  }

  private open(): SqlSession {
    if (this.closed) throw new StoreUnavailableError('The store is closed');
    return this.session;
  }

  private async withTransaction<T>(prepare: (tx: SqlSession) => Promise<void>, fn: (tx: SqlSession) => Promise<T>): Promise<T> {
    this.open();
    let client: pg.PoolClient;
    try {
      client = await this.pool.connect();
    } catch (error) {
      throw storeErrorOf(error);
    }
    const tx = sessionOf(client);
    let broken: Error | undefined;
    try {
      await tx.run('BEGIN');
      await prepare(tx);
      const result = await fn(tx);
      await tx.run('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch((rollbackError: Error) => {
        broken = rollbackError;
      });
      throw storeErrorOf(error);
    } finally {
      client.release(broken);
    }
  }
}

/** BIGINT (int8) columns hold epoch milliseconds, well inside Number's exact range: parse them as numbers. */
const types: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.INT8 ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
};

/** Opens (migrating as needed) the PostgreSQL store at `options.databaseUrl`. */
export async function openPostgresStore(options: PostgresStoreOptions): Promise<Store> {
  const { schema } = options;
  if (schema !== undefined && !SCHEMA_NAME.test(schema)) throw new StoreInputError('schema must be a lower-case SQL identifier');
  const pool = new pg.Pool({
    connectionString: options.databaseUrl,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: 5000,
    types,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // An idle connection the server closes (restart, failover) is dropped by the pool; without a
  // listener the 'error' event would crash the process. The next query opens a new connection.
  pool.on('error', () => undefined);
  return openSqlStore(new PostgresDriver(pool, schema), options.clock);
}
