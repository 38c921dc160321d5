// Where an export command writes: standard output, or a file that appears only once the export is complete.
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';

/** Receives an export's output piece by piece. */
export type Write = (chunk: string) => Promise<void> | void;

/** `write` for a stream: resolves at once, or after `drain` when the stream's buffer is full. */
export function writerTo(stream: NodeJS.WritableStream): Write {
  return (chunk) => (stream.write(chunk) ? undefined : once(stream, 'drain').then(() => undefined));
}

/** Exports into `out` through a temporary file, so a failed export leaves no partial file behind. */
export async function exportToFile(out: string, run: (write: Write) => Promise<number>): Promise<number> {
  const partial = `${out}.partial-${process.pid}`;
  const stream = createWriteStream(partial);
  try {
    const count = await run(writerTo(stream));
    stream.end();
    await once(stream, 'finish');
    await rename(partial, out);
    return count;
  } catch (error) {
    stream.destroy();
    await rm(partial, { force: true });
    throw error;
  }
}

/** Runs the export into `out` when given, else to standard output; returns how many rows were written. */
export function exportTo(out: string | undefined, run: (write: Write) => Promise<number>): Promise<number> {
  return out ? exportToFile(out, run) : run(writerTo(process.stdout));
}
