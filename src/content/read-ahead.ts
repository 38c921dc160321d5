// Reads a pool's files on the calling thread, ahead of the workers that parse them.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Reads `files` in order, at most `window` files past the last one taken. The thread that runs a
 * pool idles while its workers parse, and its reads wait on the disk off that thread (libuv's
 * pool), so a worker never stalls on a file that is not in the page cache yet (a fresh machine,
 * a network file system). A file that cannot be read comes back `undefined`: the worker reads it
 * again itself and reports why it failed, as it would have without read-ahead.
 */
export class ReadAhead {
  private readonly reads = new Map<number, Promise<string | undefined>>();
  private started = 0;

  constructor(
    private readonly root: string,
    private readonly files: readonly string[],
    private readonly window: number,
  ) {}

  /** The text of files `start` to `end` (exclusive), and starts reading the next `window`. */
  async take(start: number, end: number): Promise<(string | undefined)[]> {
    this.startUntil(end + this.window);
    const sources = await Promise.all(Array.from({ length: end - start }, (_, i) => this.reads.get(start + i)!));
    for (let i = start; i < end; i++) this.reads.delete(i);
    return sources;
  }

  private startUntil(end: number): void {
    for (; this.started < Math.min(end, this.files.length); this.started++) {
      this.reads.set(this.started, readFile(join(this.root, this.files[this.started]!), 'utf8').catch(() => undefined));
    }
  }
}
