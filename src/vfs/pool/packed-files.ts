// The site's files in shared memory: packed once by the server, read by each shell worker without a copy crossing threads.
import type { VirtualFile } from '../virtual-fs.js';

/**
 * Files as UTF-8 bytes in shared memory: `content` holds every file's text one after another,
 * `table` a JSON list of `[path, start, end, modified]`. Sending it to a worker shares the memory; nothing
 * is copied or serialized on the sending thread, however large the site.
 */
export interface PackedFiles {
  readonly content: SharedArrayBuffer;
  readonly table: SharedArrayBuffer;
  /** Bytes of all contents together. */
  readonly bytes: number;
}

/** Packs `files` (in order: a file's index here is its index in `unpackFiles`). */
export function packFiles(files: readonly VirtualFile[]): PackedFiles {
  const bytes = files.reduce((sum, file) => sum + Buffer.byteLength(file.content), 0);
  const content = new SharedArrayBuffer(bytes);
  const view = Buffer.from(content);
  const entries: [string, number, number, number][] = [];
  let at = 0;
  for (const file of files) {
    const written = view.write(file.content, at, 'utf8');
    entries.push([file.path, at, at + written, file.modified ?? 0]);
    at += written;
  }
  return { content, table: shared(Buffer.from(JSON.stringify(entries))), bytes };
}

/** The files of `packed`, decoded into this thread's memory, in the order they were packed. */
export function unpackFiles(packed: PackedFiles): VirtualFile[] {
  const entries = JSON.parse(Buffer.from(packed.table).toString('utf8')) as [string, number, number, number][];
  const content = Buffer.from(packed.content);
  return entries.map(([path, start, end, modified]) => ({ path, content: content.toString('utf8', start, end), modified }));
}

function shared(bytes: Buffer): SharedArrayBuffer {
  const buffer = new SharedArrayBuffer(bytes.length);
  bytes.copy(Buffer.from(buffer));
  return buffer;
}
