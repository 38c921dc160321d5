// Pins the package's public API: a change here is a change for every library user.
import { expect, it } from 'vitest';

it('exports the documented API from the built package', async () => {
  // Imported by URL so type-checking does not need dist/ (CI type-checks before it builds).
  const api = (await import(new URL('../dist/index.js', import.meta.url).href)) as Record<string, unknown>;
  expect(Object.keys(api).sort()).toEqual(['DEFAULT_SITE_URL', 'UsageError', 'build', 'catalogue', 'dev', 'discoverFiles', 'loadSite', 'parseMdx', 'parsePage', 'readBundle', 'serve', 'validate']);
});
