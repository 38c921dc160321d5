// The small SQL driver contract the shared store code runs on; one implementation per database engine.

/** A value bound to a `?` placeholder. Booleans and dates are stored as numbers (epoch milliseconds). */
export type SqlValue = string | number | null;

/** What differs between the engines in the DDL the migrations write. */
export interface Dialect {
  /** Engine name, also `Store.engine`. */
  readonly name: 'sqlite' | 'postgres';
  /** Column type for text that must sort byte-wise (ULIDs in keyset order): `TEXT` or `TEXT COLLATE "C"`. */
  readonly binaryText: string;
}

/** Runs statements written with `?` placeholders. */
export interface SqlSession {
  /** Runs a query (or a write with `RETURNING`) and returns its rows, column names as written in the SQL. */
  all<Row>(sql: string, params?: readonly SqlValue[]): Promise<Row[]>;
  /** Runs a write and returns the number of rows it changed. */
  run(sql: string, params?: readonly SqlValue[]): Promise<number>;
}

/** A connection (or pool) to one database. Every method throws only `StoreError`s. */
export interface SqlDriver extends SqlSession {
  readonly dialect: Dialect;
  /**
   * Runs `fn` in one write transaction on a session nothing else uses meanwhile: commits when it
   * resolves, rolls back when it throws.
   */
  transaction<T>(fn: (tx: SqlSession) => Promise<T>): Promise<T>;
  /** Like `transaction`, also holding the lock that keeps other processes from migrating at the same time. */
  migrationTransaction<T>(fn: (tx: SqlSession) => Promise<T>): Promise<T>;
  /** Closes the connection(s); later calls throw `StoreUnavailableError`. Idempotent. */
  close(): Promise<void>;
}
