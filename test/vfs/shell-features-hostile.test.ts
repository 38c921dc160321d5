// Hostile uses of what makes the shell bash-like (cd, variables, redirections, sed, awk, jq): none
// leads out of the docs, writes anything, or works past the call's budget.
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_EXPANSION, runCommand, SHELL_LIMITS, VirtualFs, type CpuClock } from '../../src/vfs/index.js';
import { docs, FILES, run } from './fixture.js';

const realDir = mkdtempSync(join(tmpdir(), 'vfs-hostile-'));
writeFileSync(join(realDir, 'secret.txt'), 'REAL-DISK-SECRET\n');
symlinkSync(join(realDir, 'secret.txt'), join(realDir, 'link.mdx'));
afterAll(() => rmSync(realDir, { recursive: true, force: true }));

/** A tree of one large page, for work that grows with the text. */
const big = new VirtualFs([{ path: '/big.mdx', content: `${'a'.repeat(60)} webhook\n`.repeat(20_000) }]);

describe('cd', () => {
  it('stops at / however many .. are given, and never reaches the real disk', () => {
    expect(run('cd ../../../.. && pwd && ls').output).toBe('/\nguides\nindex.mdx\nopenapi\nquickstart.mdx\n');
    expect(run('cd /guides/../../../etc; pwd').output).toBe('cd: /guides/../../../etc: No such file or directory\n/\n');
    for (const line of [`cd ${realDir} && cat secret.txt`, `cd ${realDir}; cat link.mdx`, 'cd /tmp && ls', 'cd ~root']) {
      const result = run(line);
      expect(result.output, line).not.toContain('REAL-DISK-SECRET');
      expect(result.output, line).toMatch(/^cd: .*No such file or directory\n/);
      expect(result.exitCode, line).not.toBe(0);
    }
  });

  it('refuses a file, and keeps the directory of one call from the next', () => {
    expect(run('cd /index.mdx')).toMatchObject({ exitCode: 1, output: 'cd: /index.mdx: Not a directory\n' });
    expect(run('cd guides && pwd').output).toBe('/guides\n');
    expect(run('pwd').output).toBe('/\n');
  });
});

describe('redirections', () => {
  it('refuses every write, and changes nothing', () => {
    for (const line of [
      'echo x > /index.mdx',
      'echo x >> /index.mdx',
      'cat /index.mdx 1> /copy.mdx',
      'ls 2> errors.txt',
      `echo x > ${realDir}/out.txt`,
      'echo x &> all.txt',
    ]) {
      const result = run(line);
      expect(result.exitCode, line).toBe(2);
      expect(result.output, line).toMatch(/^shell: writing to a file \('> .*'\) is not supported: the filesystem is read-only/);
    }
    expect(docs.readFile('/index.mdx')).toBe(FILES[0]!.content);
    expect(docs.exists('/copy.mdx')).toBe(false);
  });

  it('reads input only from files of the tree', () => {
    expect(run('wc -l < /index.mdx').output).toBe('5\n');
    for (const line of ['wc -l < /etc/passwd', `cat < ${realDir}/secret.txt`, `cat < ${realDir}/link.mdx`, 'cat < ../../../etc/passwd']) {
      const result = run(line);
      expect(result.output, line).toMatch(/^shell: .*: No such file or directory\n$/);
      expect(result.exitCode, line).toBe(1);
    }
  });

  it('refuses descriptors other than output and errors', () => {
    expect(run('ls 3>/dev/null').output).toContain('redirecting descriptor 3 is not supported');
    expect(run('ls >&3').output).toContain('descriptor 3 is not open');
  });
});

describe('variables', () => {
  it('cannot grow past a bound however they are nested', () => {
    const levels = Array.from({ length: 40 }, (_, i) => `V${i + 1}=${`$V${i}`.repeat(10)}`).join('; ');
    const started = performance.now();
    const result = run(`V0=xxxxxxxxxx; ${levels}; echo $V40`);
    expect(performance.now() - started).toBeLessThan(500);
    expect(result.exitCode).toBe(2);
    expect(result.output).toBe(`shell: variables expand to more than ${MAX_EXPANSION} characters in one call; use shorter values, or several calls\n`);
  });

  it('run no commands: a value is text, never code', () => {
    expect(run("C='$(cat /index.mdx)'; echo $C").output).toBe('$(cat /index.mdx)\n');
    expect(run('C="ls; cat /index.mdx"; echo $C').output).toBe('ls; cat /index.mdx\n');
    expect(run(`F=${realDir}/secret.txt; cat $F`).output).not.toContain('REAL-DISK-SECRET');
  });
});

describe('sed, awk and jq', () => {
  it('refuse loops and jumps, naming what is supported instead', () => {
    expect(run("awk 'BEGIN { while (1) x++ }'").output).toMatch(
      /^awk: unsupported program near 'while \(1\) x\+\+ }'.*\nsupported: rules PATTERN \{ print EXPR/,
    );
    expect(run("awk '{ for (i = 0; i < 1e9; i++) print }' /index.mdx").output).toContain('supported: rules PATTERN');
    expect(run("sed ':a;s/x/xx/;ta' /index.mdx").output).toMatch(/^sed: unsupported command ':' in: .*\nsupported: addresses N, \$, \/RE\/ and ranges/);
    expect(run("sed -i 's/a/b/' /index.mdx").output).toContain("unknown option '-i'");
    expect(run("jq 'def f: f; f' /openapi/spec.json").output).toMatch(/^jq: unsupported filter .*\nsupported: paths/);
  });

  it('stop at the call budget on large work', () => {
    let now = 0;
    const ticking: CpuClock = () => now++;
    const script = Array.from({ length: 200 }, () => 's/a/b/g').join(';');
    const limits = { ...SHELL_LIMITS, cpuMs: 20 };
    for (const line of [`sed '${script}' /big.mdx | wc -l`, "awk '{print $1, $2, NR, NF}' /big.mdx /big.mdx /big.mdx | wc -l"]) {
      const result = runCommand(big, line, { limits, clock: ticking });
      expect(result.limit, line).toBe('cpu');
      expect(result.output, line).toMatch(/^shell: too much work/m);
    }
  });

  it('match regular expressions in linear time', () => {
    const evil = new VirtualFs([{ path: '/evil.mdx', content: `${'a'.repeat(5000)}!\n`.repeat(20) }]);
    const started = performance.now();
    for (const line of ["sed -E 's/(a*)*b/x/' /evil.mdx", "sed -n -E '/(a|aa)+$/p' /evil.mdx", "awk '/(a*)*b/' /evil.mdx", "awk '$1 ~ /^(a+)+$/' /evil.mdx"]) {
      expect(runCommand(evil, line).exitCode, line).toBe(0);
    }
    expect(performance.now() - started).toBeLessThan(3000);
  });
});
