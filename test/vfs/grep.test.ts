// grep: GNU output formats, its main flags, recursion, and exit statuses.
import { describe, expect, it } from 'vitest';
import { VirtualFs } from '../../src/vfs/index.js';
import { out, run } from './fixture.js';

describe('grep output', () => {
  it('prints path:line:text for -rn, in path order', () => {
    expect(out('grep -rn webhook /')).toBe(
      '/guides/webhooks.mdx:2:A webhook sends events.\n/openapi/spec.json:1:{"openapi":"3.1.0","paths":{"/webhooks":{}}}\n/quickstart.mdx:3:Configure a webhook.\n',
    );
  });

  it('prints bare lines for one file, and names for several', () => {
    expect(out('grep webhook /quickstart.mdx')).toBe('Configure a webhook.\n');
    expect(out('grep webhook /quickstart.mdx /guides/webhooks.mdx')).toBe(
      '/quickstart.mdx:Configure a webhook.\n/guides/webhooks.mdx:A webhook sends events.\n',
    );
    expect(out('grep -h webhook /quickstart.mdx /guides/webhooks.mdx')).toBe('Configure a webhook.\nA webhook sends events.\n');
    expect(out('grep -H webhook /quickstart.mdx')).toBe('/quickstart.mdx:Configure a webhook.\n');
  });

  it('prints context lines with - and groups separated by --', () => {
    expect(out('grep -n -C 1 "^#" /guides/webhooks.mdx')).toBe('1:# Webhooks\n2-A webhook sends events.\n3-\n4:## Retries\n5-Webhooks retry 3 times.\n');
    expect(out('grep -n -A 1 Webhooks /guides/webhooks.mdx')).toBe('1:# Webhooks\n2-A webhook sends events.\n--\n5:Webhooks retry 3 times.\n');
    expect(out('grep -B 1 Retries /guides/webhooks.mdx')).toBe('\n## Retries\n');
    expect(out('grep -1 Retries /guides/webhooks.mdx')).toBe('\n## Retries\nWebhooks retry 3 times.\n');
  });

  it('prints names with -l, counts with -c (zeros included) and matches with -o', () => {
    expect(out('grep -rl webhook /')).toBe('/guides/webhooks.mdx\n/openapi/spec.json\n/quickstart.mdx\n');
    expect(out('grep -rc -i webhook /guides')).toBe('/guides/advanced/rate-limits.mdx:0\n/guides/auth.mdx:0\n/guides/webhooks.mdx:3\n');
    expect(out('grep -o "[0-9][0-9]*" /guides/advanced/rate-limits.mdx')).toBe('100\n');
    expect(out('grep -on -E "[A-Z][a-z]+" /quickstart.mdx')).toBe('1:Quickstart\n2:Install\n3:Configure\n4:Done\n');
  });
});

describe('grep matching', () => {
  it('ignores case with -i, inverts with -v, matches words with -w and lines with -x', () => {
    expect(out('grep -i WEBHOOKS /guides/webhooks.mdx')).toBe('# Webhooks\nWebhooks retry 3 times.\n');
    expect(out('grep -v "^#" /guides/auth.mdx')).toBe('Use an API key.\n');
    expect(out('grep -w webhook /guides/webhooks.mdx')).toBe('A webhook sends events.\n');
    expect(run('grep -w hook /guides/webhooks.mdx').exitCode).toBe(1);
    expect(out('grep -x "Done." /quickstart.mdx')).toBe('Done.\n');
  });

  it('reads basic regular expressions by default and extended ones with -E', () => {
    expect(out('grep "Install\\|Done" /quickstart.mdx')).toBe('Install the CLI.\nDone.\n');
    expect(run('grep "Install|Done" /quickstart.mdx').exitCode).toBe(1);
    expect(out('grep -E "Install|Done" /quickstart.mdx')).toBe('Install the CLI.\nDone.\n');
    expect(out('grep -E "^[0-9]{3} " /guides/advanced/rate-limits.mdx')).toBe('100 requests per minute.\n');
    expect(out('grep "\\bAPI\\b" /guides/auth.mdx')).toBe('Use an API key.\n');
  });

  it('takes fixed strings with -F and several patterns with -e', () => {
    expect(out('grep -F "CLI." /quickstart.mdx')).toBe('Install the CLI.\n');
    expect(out('grep -e Install -e Done /quickstart.mdx')).toBe('Install the CLI.\nDone.\n');
    expect(out('echo "a -v b" | grep -e -v')).toBe('a -v b\n');
    expect(out('echo "a -v b" | grep -- -v')).toBe('a -v b\n');
  });

  it('stops after -m selected lines per file', () => {
    expect(out('grep -m 1 -i webhook /guides/webhooks.mdx')).toBe('# Webhooks\n');
  });

  it('filters recursive searches with --include and --exclude', () => {
    expect(out('grep -rl --include="*.json" webhooks /')).toBe('/openapi/spec.json\n');
    expect(out('grep -rli --exclude="*.json" --exclude=quick* webhook /')).toBe('/guides/webhooks.mdx\n');
  });

  it('searches piped input', () => {
    expect(out('cat /guides/webhooks.mdx | grep -n retry')).toBe('5:Webhooks retry 3 times.\n');
  });

  it('handles lines without a final newline and non-ASCII text', () => {
    const fs = new VirtualFs([{ path: '/u.mdx', content: 'première ligne\nCAFÉ crème' }]);
    expect(run('grep -i café /u.mdx', fs).output).toBe('CAFÉ crème\n');
    expect(run('grep -o "è[a-z]*" /u.mdx', fs).output).toBe('ère\nème\n');
  });
});

describe('grep errors and exit status', () => {
  it('exits 0 on a match, 1 on none, 2 on an error', () => {
    expect(run('grep -q webhook /quickstart.mdx')).toMatchObject({ exitCode: 0, output: '' });
    expect(run('grep nothing-here /quickstart.mdx')).toMatchObject({ exitCode: 1, output: '' });
    expect(run('grep webhook /nope.mdx')).toMatchObject({ exitCode: 2, output: 'grep: /nope.mdx: No such file or directory\n' });
    expect(run('grep -s webhook /nope.mdx')).toMatchObject({ exitCode: 2, output: '' });
  });

  it('needs -r to search a directory', () => {
    expect(run('grep webhook /guides')).toMatchObject({ exitCode: 2, output: 'grep: /guides: Is a directory\n' });
  });

  it('searches the working directory when -r has no path, showing paths relative to it as GNU grep does', () => {
    expect(out('grep -rl "Rate limits"')).toBe('guides/advanced/rate-limits.mdx\n');
    expect(out('cd guides && grep -rl "Rate limits"')).toBe('advanced/rate-limits.mdx\n');
  });

  it('explains invalid and unsupported patterns', () => {
    expect(run('grep -E "(a" /index.mdx')).toMatchObject({ exitCode: 2, output: 'grep: unmatched (\n' });
    expect(run('grep "\\(a\\)\\1" /index.mdx').output).toContain('back-references (\\1) are not supported');
    expect(run('grep -E "a(?=b)" /index.mdx').output).toContain('lookaround');
    expect(run('grep "[z-a]" /index.mdx').output).toContain('invalid range');
    expect(run(`grep ${'a'.repeat(1001)} /index.mdx`).output).toContain('pattern longer than 1000 characters');
  });

  it('needs a pattern', () => {
    expect(run('grep')).toMatchObject({ exitCode: 2, output: "grep: missing pattern\nTry 'grep --help'.\n" });
  });
});
