// Pins the package's public API: a change here is a change for every library user.
import { expect, it } from 'vitest';
import { importDist } from './helpers/dist.js';

it('exports the documented API from the built package', async () => {
  const api = await importDist<Record<string, unknown>>('index.js');
  expect(Object.keys(api).sort()).toEqual([
    'DEFAULT_SITE_URL',
    'UsageError',
    'build',
    'catalogue',
    'dev',
    'discoverFiles',
    'loadSite',
    'parseMdx',
    'parsePage',
    'readBundle',
    'serve',
    'validate',
  ]);
});
