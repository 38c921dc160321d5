// What src/auth logs through: the runtime's Logger satisfies it. Callers never pass secrets or tokens.

/** Structured log lines for failures worth an operator's attention. */
export interface AuthLogger {
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}
