// A shell word after quote removal, remembering which of its glob characters were unquoted.

/** One argument of a command. */
export interface Word {
  /** The text, with quotes and escapes removed. */
  readonly text: string;
  /**
   * Set when the word has unquoted glob characters (`*`, `?`, `[`): the glob pattern, in which
   * quoted or escaped characters are backslash-escaped so they match only themselves.
   */
  readonly glob?: string;
}

/**
 * Where a redirection sends a file descriptor: nowhere (`/dev/null`), to another descriptor
 * (`2>&1`), or, for standard input only, from a file of the tree (`< file`).
 */
export type RedirectTarget = { readonly to: 'null' } | { readonly to: 'fd'; readonly fd: number } | { readonly to: 'file'; readonly path: string };

/** One redirection of a command, such as `2>/dev/null`: descriptor `fd` goes to `target`. */
export interface Redirect {
  readonly fd: number;
  readonly target: RedirectTarget;
}
