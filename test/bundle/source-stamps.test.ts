// Source stamps: an unchanged page file is known without reading it; any edit, even of the same size, is read again.
import { mkdtempSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SourceStamps } from '../../src/bundle/source-stamps.js';

function setup() {
  const dir = mkdtempSync(join(tmpdir(), 'docsite-stamps-'));
  const page = join(dir, 'page.mdx');
  writeFileSync(page, '# One\n');
  const stampsFile = join(dir, 'cache', 'sources.json');
  const first = new SourceStamps(stampsFile, '1.0.0');
  expect(first.keyOf('page.mdx', () => statSync(page))).toBeUndefined();
  first.record('page.mdx', 'key-one');
  first.save();
  return { page, stampsFile };
}

describe('SourceStamps', () => {
  it('gives the recorded key of a file that did not change', () => {
    const { page, stampsFile } = setup();
    expect(new SourceStamps(stampsFile, '1.0.0').keyOf('page.mdx', () => statSync(page))).toBe('key-one');
  });

  it('misses a file edited to the same size, even with its modification time put back', () => {
    const { page, stampsFile } = setup();
    const before = new Date(Date.now() - 60_000);
    utimesSync(page, before, before);
    const stamps = new SourceStamps(stampsFile, '1.0.0');
    // utimes changed the times: the stamp no longer matches.
    expect(stamps.keyOf('page.mdx', () => statSync(page))).toBeUndefined();
    stamps.record('page.mdx', 'key-one');
    stamps.save();
    writeFileSync(page, '# Two\n');
    utimesSync(page, before, before);
    expect(new SourceStamps(stampsFile, '1.0.0').keyOf('page.mdx', () => statSync(page))).toBeUndefined();
  });

  it('ignores stamps saved by another docsite version, and files it has no stamp for', () => {
    const { page, stampsFile } = setup();
    expect(new SourceStamps(stampsFile, '2.0.0').keyOf('page.mdx', () => statSync(page))).toBeUndefined();
    expect(new SourceStamps(stampsFile, '1.0.0').keyOf('other.mdx', () => statSync(join(page, '..', 'other.mdx')))).toBeUndefined();
  });

  it('keeps only the stamps of the files this build looked at', () => {
    const { page, stampsFile } = setup();
    new SourceStamps(stampsFile, '1.0.0').save();
    expect(new SourceStamps(stampsFile, '1.0.0').keyOf('page.mdx', () => statSync(page))).toBeUndefined();
  });
});
