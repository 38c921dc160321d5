// The compiled package, for tests of code that starts worker threads: their modules exist only in dist/.

/** Imports `path` under dist/ (e.g. 'content/index.js'); by URL, so type-checking does not need dist/. */
export function importDist<M>(path: string): Promise<M> {
  return import(new URL(`../../dist/${path}`, import.meta.url).href) as Promise<M>;
}
