// Applies a command's redirections (`2>/dev/null`, `2>&1`, `>/dev/null`, `< file`) to its streams.
import type { Writer } from '../commands/command.js';
import { ShellSyntaxError } from './syntax-error.js';
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
  for (const { fd, target } of redirects) {
    if (target.to === 'file') stdinPath = target.path;
    else if (fd !== 1 && fd !== 2)
      throw new ShellSyntaxError(`redirecting descriptor ${fd} is not supported; only 1 (output) and 2 (errors) can be redirected`);
    else if (target.to === 'null') fds.set(fd, DISCARD);
    else {
      const to = fds.get(target.fd);
      if (!to) throw new ShellSyntaxError(`${fd}>&${target.fd}: descriptor ${target.fd} is not open; use 2>&1 or 1>&2`);
      fds.set(fd, to);
    }
  }
  return { stdout: fds.get(1)!, stderr: fds.get(2)!, stdinPath };
}
