// Typed store errors: the HTTP layer maps each class to a status; messages are safe to show to a client.

/**
 * Base of every error the store throws on purpose. `message` never contains SQL, connection
 * strings, keys or other secrets; the underlying driver error, for server logs only, is `cause`.
 */
export abstract class StoreError extends Error {
  /** Stable, machine-readable kind of failure. */
  abstract readonly code: 'unavailable' | 'failure' | 'invalid-input' | 'conflict';
}

/** The database cannot be reached or is busy, closed or out of resources: retry later (HTTP 503). */
export class StoreUnavailableError extends StoreError {
  override readonly name = 'StoreUnavailableError';
  readonly code = 'unavailable';
  constructor(message = 'The database is unavailable', options?: ErrorOptions) {
    super(message, options);
  }
}

/** The database was reached but failed to complete the operation (HTTP 500). */
export class StoreFailureError extends StoreError {
  override readonly name = 'StoreFailureError';
  readonly code = 'failure';
  constructor(message = 'The database failed to complete the operation', options?: ErrorOptions) {
    super(message, options);
  }
}

/** An argument the caller passed is invalid: a limit out of range, a bad cursor, a malformed import row (HTTP 400). */
export class StoreInputError extends StoreError {
  override readonly name = 'StoreInputError';
  readonly code = 'invalid-input';
}

/** The write clashes with a stored row: a conversation id or username that already exists (HTTP 409). */
export class StoreConflictError extends StoreError {
  override readonly name = 'StoreConflictError';
  readonly code = 'conflict';
}
