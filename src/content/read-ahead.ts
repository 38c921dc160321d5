// Reads a pool's files on the calling thread, ahead of the workers that parse them.
import { ConfinedFolder } from './confined-folder.js';
import { pageText } from './page-text.js';

/** Reads at once at most: enough to keep the disk busy, few enough to stay far below any open-file limit. */
const PARALLEL_READS = 8;

/** A file's text once read; `undefined` when it could not be. */
type Text = string | undefined;

/**
 * Reads `files` in order, at most `window` files past the last one taken. The thread that runs a
 * pool idles while its workers parse, and its reads wait on the disk off that thread (libuv's
 * pool), so a worker never stalls on a file that is not in the page cache yet (a fresh machine,
 * a network file system). A file that cannot be read comes back `undefined`: the worker reads it
 * again itself and reports why it failed, as it would have without read-ahead.
 */
export class ReadAhead {
  private readonly texts = new Map<number, { promise: Promise<Text>; resolve: (text: Text) => void }>();
  /** Files before this index may be read now. */
  private limit = 0;
  private started = 0;
  private reading = 0;
  private readonly folder: ConfinedFolder;

  constructor(
    root: string,
    private readonly files: readonly string[],
    private readonly window: number,
  ) {
    this.folder = new ConfinedFolder(root);
  }

  /** The text of files `start` to `end` (exclusive), and lets reading go on to `window` files past them. */
  async take(start: number, end: number): Promise<Text[]> {
    this.limit = Math.min(this.files.length, Math.max(this.limit, end + this.window));
    this.pump();
    const texts = await Promise.all(Array.from({ length: end - start }, (_, i) => this.slot(start + i).promise));
    for (let i = start; i < end; i++) this.texts.delete(i);
    return texts;
  }

  private pump(): void {
    for (; this.reading < PARALLEL_READS && this.started < this.limit; this.started++) {
      const { resolve } = this.slot(this.started);
      this.reading++;
      void this.folder
        .readAsync(this.files[this.started]!)
        .then(pageText)
        .then(resolve, () => resolve(undefined))
        .finally(() => {
          this.reading--;
          this.pump();
        });
    }
  }

  private slot(index: number): { promise: Promise<Text>; resolve: (text: Text) => void } {
    let slot = this.texts.get(index);
    if (!slot) {
      let resolve!: (text: Text) => void;
      const promise = new Promise<Text>((r) => (resolve = r));
      slot = { promise, resolve };
      this.texts.set(index, slot);
    }
    return slot;
  }
}
