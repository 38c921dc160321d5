// The error for command lines the shell refuses to run; its message is shown as is.

/** A command line that cannot be parsed or uses a feature this shell refuses. */
export class ShellSyntaxError extends Error {
  override readonly name = 'ShellSyntaxError';
}
