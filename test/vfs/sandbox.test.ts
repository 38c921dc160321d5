// The shell's guarantees: it never leaves the tree, never changes it, and caps its output.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { OUTPUT_LIMIT_BYTES, VirtualFs } from '../../src/vfs/index.js';
import { docs, FILES, out, run } from './fixture.js';

const NOTE = '[output truncated at 30 KB: narrow the command, e.g. head -n 50 or grep -l]';

describe('no way out of the tree', () => {
  const realDir = mkdtempSync(join(tmpdir(), 'vfs-escape-'));
  const secret = join(realDir, 'secret.txt');
  writeFileSync(secret, 'REAL-DISK-SECRET\n');
  afterAll(() => rmSync(realDir, { recursive: true, force: true }));

  it('does not reach a real file by its absolute path, or through ..', () => {
    const up = '../'.repeat(12);
    for (const line of [
      `cat ${secret}`,
      `cat ${up}${secret.slice(1)}`,
      `cat /guides/${up}${secret.slice(1)}`,
      `head -1 ${secret}`,
      `ls ${realDir}`,
      `grep -r SECRET ${realDir}`,
      `find ${realDir}`,
    ]) {
      const result = run(line);
      expect(result.output, line).not.toContain('REAL-DISK-SECRET');
      expect(result.output, line).toContain('No such file or directory');
      expect(result.exitCode, line).not.toBe(0);
    }
  });

  it('finds nothing of the real disk anywhere in the tree', () => {
    expect(run('grep -r REAL-DISK-SECRET /').exitCode).toBe(1);
    expect(out('find / -name "secret*"')).toBe('');
  });

  it('clamps .. at the root, like a chroot', () => {
    expect(run('cat ../../etc/passwd')).toMatchObject({ exitCode: 1, output: 'cat: ../../etc/passwd: No such file or directory\n' });
    expect(out('ls /../..')).toBe(out('ls /'));
    expect(run('cat /guides/../../x')).toMatchObject({ exitCode: 1, output: 'cat: /guides/../../x: No such file or directory\n' });
    expect(out('cat /guides/../../quickstart.mdx')).toBe(FILES[1]!.content);
    expect(out('ls ../../../guides/..')).toBe(out('ls /'));
  });
});

describe('immutability', () => {
  it('leaves the tree exactly as it was after every kind of command', () => {
    const before = JSON.stringify(FILES.map((f) => [f.path, docs.readFile(f.path)]));
    const listing = out('ls -R /');
    for (const line of [
      'sort /quickstart.mdx',
      'cat /index.mdx | sort -r | uniq -c',
      'grep -rn -C 2 webhook /',
      'rg -o webhook',
      'cut -c 1 /index.mdx',
      'head -c 3 /index.mdx',
      'tail -n +2 /**/*.mdx',
      'find / -type f',
      'tree',
    ]) {
      run(line);
    }
    expect(JSON.stringify(FILES.map((f) => [f.path, docs.readFile(f.path)]))).toBe(before);
    expect(out('ls -R /')).toBe(listing);
  });
});

describe('output limit', () => {
  const big = new VirtualFs(
    Array.from({ length: 200 }, (_, i) => ({ path: `/pages/p${i}.mdx`, content: `# Page ${i}\n${'Lorem ipsum dolor sit amet. '.repeat(20)}\n` })),
  );

  it('cuts output over 30 KB at a line end and says how to narrow it', () => {
    const result = run('cat /pages/*.mdx', big);
    expect(result.truncated).toBe(true);
    expect(Buffer.byteLength(result.output)).toBeLessThanOrEqual(OUTPUT_LIMIT_BYTES);
    expect(Buffer.byteLength(result.output)).toBeGreaterThan(OUTPUT_LIMIT_BYTES - 1000);
    expect(result.output.endsWith(`\n\n${NOTE}\n`)).toBe(true);
    expect(result.exitCode).toBe(0);
  });

  it('never splits a multi-byte character', () => {
    const wide = new VirtualFs([{ path: '/wide.txt', content: '€'.repeat(20_000) }]);
    const result = run('cat /wide.txt', wide);
    expect(result.truncated).toBe(true);
    expect(result.output).not.toContain('\uFFFD');
    expect(result.output.startsWith('€€€')).toBe(true);
    expect(Buffer.byteLength(result.output)).toBeLessThanOrEqual(OUTPUT_LIMIT_BYTES);
  });

  it('does not truncate output that fits, and lets pipes carry more than the limit', () => {
    expect(run('ls /pages | head -3', big)).toEqual({ output: 'p0.mdx\np1.mdx\np10.mdx\n', exitCode: 0, truncated: false });
    expect(run('cat /pages/*.mdx | wc -l', big).output).toBe('400\n');
  });

  it('stops the rest of a chain once the output is full', () => {
    const result = run('cat /pages/*.mdx && echo AFTER', big);
    expect(result.truncated).toBe(true);
    expect(result.output).not.toContain('AFTER');
  });
});
