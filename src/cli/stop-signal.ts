// Long-running commands stop on Ctrl+C or SIGTERM, letting the server close cleanly first.

/** Resolves once `close` has finished after the first SIGINT or SIGTERM. */
export function closeOnStopSignal(close: () => Promise<void>): Promise<void> {
  return new Promise((resolve) => {
    const stop = (): void => void close().then(resolve);
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}
