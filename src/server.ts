// The library's `serve` and `dev`: the runtime (express, the MCP SDK, database drivers) loads on first call, not on import.
import type { DevOptions, DevServer, RunningServer, ServeOptions } from './runtime/index.js';

/** Serves a bundle, or a docs folder built first when needed (see `docsite serve`). */
export async function serve(options: ServeOptions): Promise<RunningServer> {
  return (await import('./runtime/index.js')).serve(options);
}

/** Builds, serves and watches a docs folder, reloading open pages on change (see `docsite dev`). */
export async function dev(options: DevOptions): Promise<DevServer> {
  return (await import('./runtime/index.js')).dev(options);
}
