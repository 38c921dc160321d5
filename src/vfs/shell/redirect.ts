// Applies a command's redirections (`2>/dev/null`, `2>&1`, `>/dev/null`, `< file`) to its streams.
import type { Writer } from '../commands/command.js';
import type { Redirect } from './word.js';

/** Where a command writes, and the file it reads when its input is redirected. */
export interface Streams {
  readonly stdout: Writer;
  readonly stderr: Writer;
  /** The path given as `< path`, if any (the last one wins, as in bash). */
  readonly stdinPath?: string;
}

/** `/dev/null`: takes everything and keeps nothing. */
const DISCARD: Writer = { write: () => undefined, full: false };

/**
 * The streams of a command writing to `stdout` and `stderr` once `redirects` are applied in
 * order, as bash applies them: `>/dev/null 2>&1` silences both, `2>&1 >/dev/null` sends errors
 * where output went before and drops output.
 */
export function redirectStreams(redirects: readonly Redirect[], stdout: Writer, stderr: Writer): Streams {
  const fds = new Map<number, Writer>([
    [1, stdout],
    [2, stderr],
  ]);
  let stdinPath: string | undefined;
  // The tokenizer lets through only 0 from a file, and 1 and 2 to /dev/null or to each other.
  for (const { fd, target } of redirects) {
    if (target.to === 'file') stdinPath = target.path;
    else fds.set(fd, target.to === 'null' ? DISCARD : fds.get(target.fd)!);
  }
  return { stdout: fds.get(1)!, stderr: fds.get(2)!, stdinPath };
}
