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
