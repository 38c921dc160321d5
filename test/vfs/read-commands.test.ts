// cat, head, tail, wc and stat: reading files, batches with headers, and piped input.
import { describe, expect, it } from 'vitest';
import { VirtualFs } from '../../src/vfs/index.js';
import { out, run } from './fixture.js';

describe('cat', () => {
  it('prints files one after another, each ending with a newline', () => {
    expect(out('cat /guides/auth.mdx /quickstart.mdx')).toBe('# Auth\nUse an API key.\n# Quickstart\nInstall the CLI.\nConfigure a webhook.\nDone.\n');
  });

  it('numbers lines across files with -n', () => {
    expect(out('cat -n /guides/auth.mdx /guides/advanced/rate-limits.mdx')).toBe(
      '     1\t# Auth\n     2\tUse an API key.\n     3\t# Rate limits\n     4\t100 requests per minute.\n',
    );
  });

  it('reports missing files and directories in shell style (before the output), still printing the rest', () => {
    expect(run('cat /nope.mdx /guides/auth.mdx /guides')).toEqual({
      output: 'cat: /nope.mdx: No such file or directory\ncat: /guides: Is a directory\n# Auth\nUse an API key.\n',
      exitCode: 1,
      truncated: false,
    });
  });

  it('reads piped input when given no file, or -', () => {
    expect(out('echo hello | cat')).toBe('hello\n');
    expect(out('echo hello | cat - /guides/auth.mdx')).toBe('hello\n# Auth\nUse an API key.\n');
  });

  it('asks for input when there is neither a file nor a pipe', () => {
    expect(run('cat')).toMatchObject({ exitCode: 2, output: expect.stringContaining('cat: no input') });
  });
});

describe('head', () => {
  it('prints the first 10 lines by default, and N with -n N or -N', () => {
    const fs = new VirtualFs([{ path: '/long.mdx', content: Array.from({ length: 30 }, (_, i) => `line ${i + 1}`).join('\n') }]);
    expect(run('head /long.mdx', fs).output.split('\n')).toHaveLength(11);
    expect(run('head -n 2 /long.mdx', fs).output).toBe('line 1\nline 2\n');
    expect(run('head -3 /long.mdx', fs).output).toBe('line 1\nline 2\nline 3\n');
    expect(run('head -n -28 /long.mdx', fs).output).toBe('line 1\nline 2\n');
  });

  it('batch-reads several files under GNU-style headers', () => {
    expect(out('head -2 /quickstart.mdx /guides/webhooks.mdx')).toBe(
      '==> /quickstart.mdx <==\n# Quickstart\nInstall the CLI.\n\n==> /guides/webhooks.mdx <==\n# Webhooks\nA webhook sends events.\n',
    );
  });

  it('batch-reads the files a glob expands to', () => {
    expect(out('head -n 1 /guides/*.mdx')).toBe('==> /guides/auth.mdx <==\n# Auth\n\n==> /guides/webhooks.mdx <==\n# Webhooks\n');
  });

  it('cuts bytes with -c without splitting a character', () => {
    const fs = new VirtualFs([{ path: '/u.mdx', content: 'aé€b' }]);
    expect(run('head -c 3 /u.mdx', fs).output).toBe('aé');
    expect(run('head -c 5 /u.mdx', fs).output).toBe('aé');
    expect(run('head -c 6 /u.mdx', fs).output).toBe('aé€');
  });

  it('keeps going after a missing file, with a non-zero exit status', () => {
    const result = run('head -1 /nope.mdx /index.mdx');
    expect(result.exitCode).toBe(1);
    expect(result.output).toBe('head: /nope.mdx: No such file or directory\n---\n');
  });

  it('rejects a count that is not a number', () => {
    expect(run('head -n ten /index.mdx')).toMatchObject({ exitCode: 2, output: expect.stringContaining("invalid number of lines: 'ten'") });
  });
});

describe('tail', () => {
  it('prints the last lines, or from line N on with -n +N', () => {
    expect(out('tail -2 /quickstart.mdx')).toBe('Configure a webhook.\nDone.\n');
    expect(out('tail -n +3 /quickstart.mdx')).toBe('Configure a webhook.\nDone.\n');
    expect(out('tail -n 1 /guides/auth.mdx /quickstart.mdx')).toBe('==> /guides/auth.mdx <==\nUse an API key.\n\n==> /quickstart.mdx <==\nDone.\n');
  });

  it('reads piped input', () => {
    expect(out('grep -rl webhook / | tail -1')).toBe('/quickstart.mdx\n');
  });
});

describe('wc', () => {
  it('counts lines, words and bytes like GNU wc, with a total for several files', () => {
    expect(out('wc /guides/auth.mdx /quickstart.mdx')).toBe(' 1  6 22 /guides/auth.mdx\n 4  9 57 /quickstart.mdx\n 5 15 79 total\n');
  });

  it('prints a lone count unpadded, and no name for piped input', () => {
    expect(out('wc -l /quickstart.mdx')).toBe('4 /quickstart.mdx\n');
    expect(out('cat /quickstart.mdx | wc -l')).toBe('4\n');
    expect(out('cat /quickstart.mdx | wc -w -c')).toBe('      9      57\n');
  });
});

describe('stat', () => {
  it('shows size in bytes, lines, type and modification time', () => {
    expect(out('stat /quickstart.mdx /guides')).toBe(
      '  File: /quickstart.mdx\n  Size: 57\tLines: 4\tregular file\nModify: 1970-01-01T00:00:00.000Z\n' +
        '  File: /guides\n  Size: 4096\tEntries: 3\tdirectory\nModify: 1970-01-01T00:00:00.000Z\n',
    );
  });

  it('reports missing paths and needs at least one', () => {
    expect(run('stat /nope')).toMatchObject({ exitCode: 1, output: 'stat: /nope: No such file or directory\n' });
    expect(run('stat')).toMatchObject({ exitCode: 2, output: "stat: missing operand\nTry 'stat --help'.\n" });
  });
});
