// Errors that stop a command before any content is checked: wrong arguments, unreadable folders.
// Problems *in* the content are diagnostics instead (src/diagnostics).

/** The command cannot run as asked (missing folder, no docs.json, bad option); CLI exit code 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
  constructor(
    message: string,
    readonly hint?: string,
  ) {
    super(message);
  }
}
