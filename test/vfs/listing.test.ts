// ls, tree, find and path globs: walking the tree the way GNU tools and bash do.
import { describe, expect, it } from 'vitest';
import { runCommand, VirtualFs } from '../../src/vfs/index.js';
import { out, run } from './fixture.js';

describe('ls', () => {
  it('lists / by default, one name per line', () => {
    expect(out('ls')).toBe('guides\nindex.mdx\nopenapi\nquickstart.mdx\n');
    expect(out('ls -1 /guides')).toBe('advanced\nauth.mdx\nwebhooks.mdx\n');
  });

  it('lists file operands first, then each directory under a header', () => {
    expect(out('ls /guides/advanced /index.mdx /openapi')).toBe('/index.mdx\n\n/guides/advanced:\nrate-limits.mdx\n\n/openapi:\nspec.json\n');
  });

  it('shows type, size and name with -l', () => {
    expect(out('ls -l /guides')).toBe(
      'dr-xr-xr-x 2 root root 4096 Jan  1  1970 advanced\n' +
        '-r--r--r-- 1 root root   22 Jan  1  1970 auth.mdx\n' +
        '-r--r--r-- 1 root root   71 Jan  1  1970 webhooks.mdx\n',
    );
  });

  it("shows the files' own modification dates with -l (UTC): the time for recent ones, the year for others, a folder's its newest file's", () => {
    const recent = Date.now() - 3 * 24 * 3600 * 1000;
    const dated = new VirtualFs([
      { path: '/guides/old.mdx', content: 'old\n', modified: Date.UTC(2023, 10, 9, 8, 30) },
      { path: '/guides/new.mdx', content: 'new\n', modified: recent },
    ]);
    const day = new Date(recent);
    const month = day.toLocaleString('en', { month: 'short', timeZone: 'UTC' });
    const time = `${String(day.getUTCHours()).padStart(2, '0')}:${String(day.getUTCMinutes()).padStart(2, '0')}`;
    const stamp = `${month} ${String(day.getUTCDate()).padStart(2)} ${time}`;
    expect(runCommand(dated, 'ls -l /guides').output).toBe(`-r--r--r-- 1 root root 4 ${stamp} new.mdx\n-r--r--r-- 1 root root 4 Nov  9  2023 old.mdx\n`);
    expect(runCommand(dated, 'ls -l /').output).toBe(`dr-xr-xr-x 2 root root 4096 ${stamp} guides\n`);
    expect(runCommand(dated, 'stat /guides/old.mdx').output).toContain('Modify: 2023-11-09T08:30:00.000Z');
  });

  it('adds . and .. with -a', () => {
    expect(out('ls -a /openapi')).toBe('.\n..\nspec.json\n');
  });

  it('recurses with -R, one block per directory', () => {
    expect(out('ls -R /guides')).toBe('/guides:\nadvanced\nauth.mdx\nwebhooks.mdx\n\n/guides/advanced:\nrate-limits.mdx\n');
  });

  it('reports a missing path with exit status 2', () => {
    expect(run('ls /nope')).toMatchObject({ exitCode: 2, output: "ls: cannot access '/nope': No such file or directory\n" });
  });
});

describe('tree', () => {
  it('draws the tree with a summary', () => {
    expect(out('tree /guides')).toBe('/guides\n├── advanced\n│   └── rate-limits.mdx\n├── auth.mdx\n└── webhooks.mdx\n\n1 directory, 3 files\n');
  });

  it('limits depth with -L and shows directories only with -d', () => {
    expect(out('tree -L 1')).toBe('.\n├── guides\n├── index.mdx\n├── openapi\n└── quickstart.mdx\n\n2 directories, 2 files\n');
    expect(out('tree -d')).toBe('.\n├── guides\n│   └── advanced\n└── openapi\n\n3 directories\n');
  });
});

describe('find', () => {
  it('prints every path below the start, the start first', () => {
    expect(out('find /guides')).toBe('/guides\n/guides/advanced\n/guides/advanced/rate-limits.mdx\n/guides/auth.mdx\n/guides/webhooks.mdx\n');
  });

  it('filters by -name, -iname, -type, -path and depth', () => {
    expect(out('find / -name "*.mdx" -maxdepth 1')).toBe('/index.mdx\n/quickstart.mdx\n');
    expect(out('find / -iname "AUTH*"')).toBe('/guides/auth.mdx\n');
    expect(out('find / -type d')).toBe('/\n/guides\n/guides/advanced\n/openapi\n');
    expect(out('find / -path "*/advanced/*"')).toBe('/guides/advanced/rate-limits.mdx\n');
    expect(out('find /guides -mindepth 1 -maxdepth 1 -type f')).toBe('/guides/auth.mdx\n/guides/webhooks.mdx\n');
  });

  it('keeps the spelling of a relative start', () => {
    expect(out('find guides/advanced')).toBe('guides/advanced\nguides/advanced/rate-limits.mdx\n');
  });

  it('explains unsupported expressions and lists the supported tests', () => {
    const result = run('find / -name a -o -name b');
    expect(result.exitCode).toBe(2);
    expect(result.output).toContain("unknown or unsupported predicate '-o'");
    expect(result.output).toContain('-name GLOB, -iname GLOB, -path GLOB');
    expect(run('find / -type x').output).toContain("unknown argument to -type: 'x'");
    expect(run('find / -name').output).toContain("missing argument to '-name'");
  });

  it('reports a missing start', () => {
    expect(run('find /nope')).toMatchObject({ exitCode: 1, output: "find: '/nope': No such file or directory\n" });
  });
});

describe('globs in path arguments', () => {
  it('expands *, ? and [...] within a directory, sorted', () => {
    expect(out('ls /*.mdx')).toBe('/index.mdx\n/quickstart.mdx\n');
    expect(out('ls /guides/?uth.mdx /guides/[vw]*')).toBe('/guides/auth.mdx\n/guides/webhooks.mdx\n');
  });

  it('expands ** to any depth', () => {
    expect(out('ls /**/*.mdx')).toBe('/guides/advanced/rate-limits.mdx\n/guides/auth.mdx\n/guides/webhooks.mdx\n/index.mdx\n/quickstart.mdx\n');
    expect(out('wc -l /guides/**/*.mdx')).toContain('/guides/advanced/rate-limits.mdx');
  });

  it('keeps relative globs relative', () => {
    expect(out('ls guides/*.mdx')).toBe('guides/auth.mdx\nguides/webhooks.mdx\n');
  });

  it('leaves a glob that matches nothing as written, like bash', () => {
    expect(run('cat /guides/*.txt')).toMatchObject({ exitCode: 1, output: 'cat: /guides/*.txt: No such file or directory\n' });
  });

  it('does not expand quoted or escaped glob characters', () => {
    expect(run("cat '/guides/*.mdx'").output).toBe('cat: /guides/*.mdx: No such file or directory\n');
    expect(run('cat /guides/\\*.mdx').output).toBe('cat: /guides/*.mdx: No such file or directory\n');
  });

  it('never expands flag values or patterns: find -name and grep patterns stay as written', () => {
    expect(out('find / -name *.mdx -maxdepth 1')).toBe('/index.mdx\n/quickstart.mdx\n');
    expect(out('grep -c W*ebhooks /guides/webhooks.mdx')).toBe('2\n');
  });
});
