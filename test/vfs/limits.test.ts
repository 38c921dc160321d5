// Each limit on a call's work: what runs into it, what stays within it, and how the call ends.
import { describe, expect, it } from 'vitest';
import { OUTPUT_LIMIT_BYTES, runCommand, SHELL_LIMITS, VirtualFs, type CpuClock, type ShellLimits } from '../../src/vfs/index.js';
import { docs } from './fixture.js';

/** A clock that never moves: tests of the counted limits leave CPU time out. */
const STOPPED: CpuClock = () => 0;

/** Runs `line` against `fs` with `limits` over the defaults and a stopped CPU clock. */
function within(limits: Partial<ShellLimits>, line: string, fs: VirtualFs = docs) {
  return runCommand(fs, line, { limits: { ...SHELL_LIMITS, ...limits }, clock: STOPPED });
}

/** A tree of `count` files of `size` characters each, under /pages/. */
function pagesOf(count: number, size: number): VirtualFs {
  const line = 'webhooks retry failed deliveries; tokens expire after an hour.\n';
  const content = line.repeat(Math.ceil(size / line.length)).slice(0, size);
  return new VirtualFs(Array.from({ length: count }, (_, i) => ({ path: `/pages/p${i}.mdx`, content: `# Page ${i}\n${content}` })));
}

describe('every limit ends the whole call with a "too much work" message', () => {
  it('CPU time: counted on the thread clock, checked as the call works', () => {
    let now = 0;
    // One millisecond passes each time the clock is read, so the call reads it about as often as it works.
    const ticking: CpuClock = () => now++;
    const result = runCommand(pagesOf(200, 2000), 'grep -rn webhooks / / / / / / / / | wc -l', { limits: { ...SHELL_LIMITS, cpuMs: 5 }, clock: ticking });
    expect(result.limit).toBe('cpu');
    expect(result.exitCode).toBe(1);
    expect(result.output).toMatch(/^shell: too much work: this call used over 0\.0 s of CPU time, the limit per call\. Narrow it: .*grep -rl/m);
    now = 0;
    expect(runCommand(pagesOf(200, 2000), 'grep -c webhooks /pages/p1.mdx', { limits: { ...SHELL_LIMITS, cpuMs: 5 }, clock: ticking }).output).toBe('32\n');
  });

  it('CPU time shared by the calls of a batch: what is left ends the call', () => {
    let now = 0;
    const ticking: CpuClock = () => now++;
    const result = runCommand(pagesOf(200, 2000), 'grep -rn webhooks / / / / | wc -l', { clock: ticking, sharedCpuMs: 3 });
    expect(result.limit).toBe('batch');
    expect(result.output).toContain('too much work: the filesystem calls of this request used over 2 s of CPU time together');
  });

  it('text read: file contents and piped input', () => {
    const fs = pagesOf(10, 1000);
    expect(within({ readChars: 5000 }, 'cat /pages/p1.mdx /pages/p2.mdx | wc -l', fs).exitCode).toBe(0);
    const files = within({ readChars: 5000 }, 'cat /pages/*.mdx | wc -l', fs);
    expect(files.limit).toBe('read');
    expect(files.output).toContain('too much work: this call read over 0 MB of text, the limit per call. Read each file once');
    // Four files read by cat, then the same text read again by wc: eight thousand characters.
    expect(within({ readChars: 5000 }, 'cat /pages/p1.mdx /pages/p2.mdx /pages/p3.mdx /pages/p4.mdx | wc -l', fs).limit).toBe('read');
    expect(within({ readChars: 25_000 }, 'grep -rc retry / / / /', fs).limit).toBe('read');
  });

  it('text held: pipes between commands, released once the next command is done with them', () => {
    const fs = pagesOf(1, 1000);
    // Each command holds its input and its output: two copies of the page at most, however long the pipeline.
    expect(within({ heldChars: 2100 }, 'cat /pages/p0.mdx | cat | cat | cat | cat | wc -c', fs).output).toBe('1010\n');
    const held = within({ heldChars: 1500 }, 'cat /pages/p0.mdx | cat | wc -c', fs);
    expect(held.limit).toBe('held');
    expect(held.output).toContain('too much work: this call held over 0 MB of text between commands, the limit per call. Make the first command print less');
  });

  it('text held: a pipe into head holds only what head reads, as a real pipe would stop its writer', () => {
    const fs = pagesOf(3, 1000);
    expect(within({ heldChars: 1500 }, 'cat /pages/*.mdx | head -3', fs).output).toBe(
      '# Page 0\nwebhooks retry failed deliveries; tokens expire after an hour.\nwebhooks retry failed deliveries; tokens expire after an hour.\n',
    );
    expect(within({ heldChars: 1500 }, 'grep -h retry /pages/*.mdx | head -c 100 | wc -c', fs).output).toBe('100\n');
    expect(within({ heldChars: 1500 }, 'cat /pages/*.mdx | tail -3', fs).limit).toBe('held');
    expect(within({ heldChars: 1500 }, 'cat /pages/*.mdx | head -n -3', fs).limit).toBe('held');
  });

  it('text held: the lines sort and uniq keep', () => {
    const fs = pagesOf(3, 1000);
    expect(within({ heldChars: 2500 }, 'sort /pages/p0.mdx /pages/p1.mdx', fs).exitCode).toBe(0);
    expect(within({ heldChars: 2500 }, 'sort /pages/*.mdx', fs).limit).toBe('held');
    expect(within({ heldChars: 2500 }, 'uniq -c /pages/p0.mdx', fs).exitCode).toBe(0);
    expect(within({ heldChars: 500 }, 'uniq -c /pages/p0.mdx', fs).limit).toBe('held');
  });

  it('arguments: paths globs expand to, counted glob by glob', () => {
    expect(within({ arguments: 10 }, 'ls /guides/*.mdx /*.mdx').exitCode).toBe(0);
    const result = within({ arguments: 10 }, 'ls /* /* /* /*');
    expect(result.limit).toBe('arguments');
    expect(result.output).toContain('too much work: the arguments of this call expand to over 10 paths, the limit per call. Name a folder');
  });

  it('entries: files and folders visited by grep -r, find, tree, ls -R and **', () => {
    // The fixture tree has 10 entries, / included.
    expect(within({ entries: 20 }, 'find / /').exitCode).toBe(0);
    for (const line of ['find / / /', 'grep -r x / / /', 'tree / / /', 'ls -R / / /', 'ls /**/x /**/x /**/x']) {
      const result = within({ entries: 20 }, line);
      expect(result.limit, line).toBe('entries');
      expect(result.output, line).toContain('too much work: this call visited over 20 files and folders, the limit per call');
    }
  });

  it('regex work', () => {
    // Irregular a/b text makes the DFA for "an a 20 characters before a c" build a new state at almost every step.
    let seed = 1;
    const text = Array.from({ length: 100_000 }, () => ((seed = (seed * 48271) % 2147483647) & 1 ? 'a' : 'b')).join('');
    const fs = new VirtualFs([{ path: '/t.txt', content: `${text}\n` }]);
    const result = within({ regexWork: 10_000 }, "grep -cE 'a[ab]{20}[c-z]' /t.txt; echo after", fs);
    expect(result.limit).toBe('regex');
    expect(result.output).toContain('too much work: regular expression too expensive for this input');
    expect(result.output).not.toContain('after');
  });

  it('stops the call at once: later commands do not run, earlier output is kept', () => {
    const result = within({ entries: 20 }, 'echo before; find / / / ; echo after');
    expect(result.output).toMatch(/^before\n(\/.*\n)+shell: too much work: /);
    expect(result.output).not.toContain('after');
  });

  it('keeps the message within the 30 KB output cap', () => {
    const result = within({ entries: 20 }, `echo ${'x'.repeat(4000)} ${'| cat '.repeat(8)}; find / / / / /`);
    expect(result.output.endsWith('or grep -r on one folder.\n')).toBe(true);
    expect(Buffer.byteLength(result.output)).toBeLessThanOrEqual(OUTPUT_LIMIT_BYTES);
  });
});

describe('real agent commands on a 10,000-page site stay within the default limits', () => {
  // 10,000 pages of 4 KB: the size of the benchmark site (39 MB).
  const site = new VirtualFs(
    Array.from({ length: 10_000 }, (_, i) => ({
      path: `/section-${i % 20}/group-${i % 7}/page-${i}.mdx`,
      content: `---\ntitle: Page ${i}\n---\n# Page ${i}\n${'Webhooks retry failed deliveries with backoff; tokens expire after an hour.\n'.repeat(52)}`,
    })),
  );

  it.each([
    'cat /section-1/group-1/page-1.mdx /section-2/group-2/page-2.mdx /section-3/group-3/page-3.mdx /section-4/group-4/page-4.mdx',
    'grep -rn "tokens expire" / | head -20',
    'grep -rn "Page 4" / | wc -l',
    'grep -rc webhooks / | sort -t: -k2 -rn | head',
    'grep -rl backoff /section-3',
    'find / -name "*.mdx" | wc -l',
    'find / -type d',
    'tree -L 2 /',
    'head -40 /section-5/group-5/page-5.mdx && tail -5 /section-5/group-5/page-5.mdx',
    'wc -l /section-1/group-*/page-1*.mdx',
    'grep -rn webhooks / | head -20',
    'grep -h "^title:" /**/*.mdx | sort | uniq -c | sort -rn | head -3',
    'grep -rh "^# " / | cut -c1-8 | sort | uniq -c | sort -rn | head -3',
  ])('%s', (line) => {
    const result = runCommand(site, line, { clock: STOPPED });
    expect(result.limit, result.output.slice(-300)).toBeUndefined();
  });
});
