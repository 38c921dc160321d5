// The compiled package, for tests of what exists only there: worker thread modules, the public API as published.

/** Imports `path` under dist/ (e.g. 'content/index.js'); by URL, so type-checking does not need dist/ (CI type-checks before it builds). */
export function importDist<M>(path: string): Promise<M> {
  return import(new URL(`../../dist/${path}`, import.meta.url).href) as Promise<M>;
}
