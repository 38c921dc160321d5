// Each folder under test/fixtures/diagnostics is a small site with one kind of problem and the
// diagnostics it must produce (expected.json). `UPDATE=1 npx vitest run test/diagnostics.test.ts`
// rewrites expected.json from the current output; review the diff before committing it.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogue } from '../src/diagnostics/index.js';
import { validate } from '../src/site/index.js';
import { brief, type ExpectedDiagnostic } from './helpers/diagnostics.js';

const FIXTURES = join(import.meta.dirname, 'fixtures', 'diagnostics');
const fixtures = readdirSync(FIXTURES, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name)
  .sort();

describe('diagnostic fixtures', () => {
  it.each(fixtures)('%s', async (name) => {
    const dir = join(FIXTURES, name);
    const report = await validate(join(dir, 'site'), { jobs: 1 });
    const actual = brief([...report.errors, ...report.warnings]);
    const expectedFile = join(dir, 'expected.json');
    if (process.env.UPDATE) writeFileSync(expectedFile, `${JSON.stringify(actual, null, 2)}\n`);
    const expected = JSON.parse(readFileSync(expectedFile, 'utf8')) as ExpectedDiagnostic[];
    expect(actual).toEqual(expected);
    expect(expected.length, 'a fixture must expect at least one diagnostic').toBeGreaterThan(0);
  });

  it('covers every code of the catalogue that content can trigger', () => {
    const covered = new Set(
      fixtures.flatMap((name) => (JSON.parse(readFileSync(join(FIXTURES, name, 'expected.json'), 'utf8')) as ExpectedDiagnostic[]).map((d) => d.code)),
    );
    // config/missing is a usage error (exit 2), tested in cli.test.ts.
    const untestable = new Set(['config/missing']);
    // runtime-config/* codes are about `docsite serve`'s config, not content: test/auth/runtime-config.test.ts covers them.
    const missing = Object.keys(catalogue).filter((code) => !covered.has(code) && !untestable.has(code) && !code.startsWith('runtime-config/'));
    expect(missing).toEqual([]);
  });
});
