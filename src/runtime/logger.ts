// Structured JSON logs on stderr, one object per line. Callers never pass secrets or tokens.
export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

/** The least severe level written; `silent` writes nothing. */
export type LogLevel = 'info' | 'warn' | 'error' | 'silent';

const SEVERITY: Record<LogLevel, number> = { info: 0, warn: 1, error: 2, silent: 3 };

export function jsonLogger(stream: NodeJS.WritableStream = process.stderr, level: LogLevel = 'info'): Logger {
  const writer = (name: Exclude<LogLevel, 'silent'>) =>
    SEVERITY[name] < SEVERITY[level]
      ? () => undefined
      : (message: string, fields?: Record<string, unknown>): void => {
          stream.write(`${JSON.stringify({ time: new Date().toISOString(), level: name, message, ...fields })}\n`);
        };
  return { info: writer('info'), warn: writer('warn'), error: writer('error') };
}

/** A logger that drops everything, for tests that do not look at logs. */
export const silentLogger: Logger = { info() {}, warn() {}, error() {} };
