// Long-running commands stop on Ctrl+C or SIGTERM, letting the server close cleanly first.

/**
 * Resolves once `close` has finished after the first SIGINT or SIGTERM. A second signal while
 * closing stops the process at once (exit code 1): the operator does not want to wait.
 */
export function closeOnStopSignal(close: () => Promise<void>): Promise<void> {
  return new Promise((resolve, reject) => {
    const stop = (): void => {
      process.off('SIGINT', stop).off('SIGTERM', stop);
      const force = (): never => process.exit(1);
      process.once('SIGINT', force).once('SIGTERM', force);
      close().then(resolve, reject);
    };
    process.on('SIGINT', stop).on('SIGTERM', stop);
  });
}
