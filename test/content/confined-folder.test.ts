// The one door to a folder's files: paths inside it resolve and read; anything leading out, or no regular file, is refused.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfinedFolder, RefusedPathError } from '../../src/content/index.js';
import { writeSite } from '../helpers/site.js';

/** A docs folder reached through a link to it, with links inside and out, and a folder beside it. */
function folders(): { docs: ConfinedFolder; outside: string } {
  const outside = mkdtempSync(join(tmpdir(), 'docsite-outside-'));
  writeFileSync(join(outside, 'secret.txt'), 'secret');
  const real = writeSite({ 'a/page.mdx': '# Page', 'b/part.mdx': 'Part' });
  const viaLink = join(mkdtempSync(join(tmpdir(), 'docsite-via-')), 'docs');
  symlinkSync(real, viaLink);
  symlinkSync('../b/part.mdx', join(real, 'a', 'part.mdx'));
  symlinkSync('b', join(real, 'latest'));
  symlinkSync(join(outside, 'secret.txt'), join(real, 'secret.txt'));
  symlinkSync('secret.txt', join(real, 'chain.txt'));
  symlinkSync(outside, join(real, 'shared'));
  symlinkSync('..', join(real, 'up'));
  mkdirSync(join(real, 'empty'));
  execFileSync('mkfifo', [join(real, 'pipe.mdx')]);
  return { docs: new ConfinedFolder(viaLink), outside };
}

const refusal = (act: () => unknown): string | undefined => {
  try {
    act();
  } catch (error) {
    if (error instanceof RefusedPathError) return error.reason;
    throw error;
  }
  return undefined;
};

describe('ConfinedFolder', () => {
  it('reads files inside, by relative or site-absolute path, through links that stay inside', () => {
    const { docs } = folders();
    expect(docs.read('a/page.mdx').toString()).toBe('# Page');
    expect(docs.read('/a/../a/page.mdx').toString()).toBe('# Page');
    expect(docs.read('a/part.mdx').toString()).toBe('Part');
    expect(docs.read('latest/part.mdx').toString()).toBe('Part');
    expect(docs.file('latest/part.mdx').real).toBe(join(docs.realRoot, 'b', 'part.mdx'));
  });

  it('refuses `..` above the folder, links leading out at any level or down a chain, and special files', async () => {
    const { docs, outside } = folders();
    expect(refusal(() => docs.resolve('../secret.txt'))).toBe('outside');
    expect(refusal(() => docs.resolve('/a/../../secret.txt'))).toBe('outside');
    expect(refusal(() => docs.read('secret.txt'))).toBe('link-outside');
    expect(refusal(() => docs.read('chain.txt'))).toBe('link-outside');
    expect(refusal(() => docs.read('shared/secret.txt'))).toBe('link-outside');
    expect(refusal(() => docs.read(`up/${outside.split('/').at(-1)}/secret.txt`))).toBe('link-outside');
    expect(refusal(() => docs.read('pipe.mdx'))).toBe('special');
    await expect(docs.readAsync('pipe.mdx')).rejects.toThrow(RefusedPathError);
    await expect(docs.readAsync('shared/secret.txt')).rejects.toThrow('"shared/secret.txt" goes through a symbolic link that leads out of the docs folder');
  });

  it('tells a refused path from one that is merely missing or a folder', () => {
    const { docs } = folders();
    expect(docs.refusalOf('secret.txt')?.reason).toBe('link-outside');
    expect(docs.refusalOf('missing.txt')).toBeUndefined();
    expect(() => docs.read('missing.txt')).toThrow(expect.objectContaining({ code: 'ENOENT' }));
    expect(() => docs.read('empty')).toThrow(expect.objectContaining({ code: 'EISDIR' }));
  });
});
