// Structured JSON logs on stderr, one object per line. Callers never pass secrets or tokens.
export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

export function jsonLogger(stream: NodeJS.WritableStream = process.stderr): Logger {
  const write = (level: string, message: string, fields?: Record<string, unknown>): void => {
    stream.write(`${JSON.stringify({ time: new Date().toISOString(), level, message, ...fields })}\n`);
  };
  return {
    info: (message, fields) => write('info', message, fields),
    warn: (message, fields) => write('warn', message, fields),
    error: (message, fields) => write('error', message, fields),
  };
}

/** A logger that drops everything, for tests that do not look at logs. */
export const silentLogger: Logger = { info() {}, warn() {}, error() {} };
