// The runtime (express, the MCP SDK, the database drivers) loads only when a server starts: the other commands start faster.

/** Imports the runtime module. */
export function loadRuntime(): Promise<typeof import('../runtime/index.js')> {
  return import('../runtime/index.js');
}
