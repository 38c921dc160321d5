// Runs async tasks one after another: how one SQLite connection is shared safely by concurrent requests.

/** A FIFO of tasks; each starts when the previous one has settled. */
export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();

  /** Queues `task` and resolves (or rejects) with its result. */
  run<T>(task: () => T | Promise<T>): Promise<T> {
    const result = this.tail.then(task);
    this.tail = result.catch(() => undefined);
    return result;
  }
}
