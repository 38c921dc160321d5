// sort, uniq, cut, echo and pwd: the filters agents put at the end of a pipe.
import { describe, expect, it } from 'vitest';
import { VirtualFs } from '../../src/vfs/index.js';
import { out, run } from './fixture.js';

const table = new VirtualFs([
  { path: '/counts.txt', content: 'b.mdx:10\na.mdx:9\nc.mdx:100\na.mdx:9\n' },
  { path: '/words.txt', content: 'beta\nalpha\nalpha\ngamma\nbeta\nalpha\n' },
  { path: '/cols.txt', content: 'x  3 zeta\ny 20 alpha\nz  1 mid\n' },
]);
const tool = (line: string): string => run(line, table).output;

describe('sort', () => {
  it('sorts by code point, reversed with -r, unique with -u', () => {
    expect(tool('sort /words.txt')).toBe('alpha\nalpha\nalpha\nbeta\nbeta\ngamma\n');
    expect(tool('sort -r -u /words.txt')).toBe('gamma\nbeta\nalpha\n');
  });

  it('sorts numerically by a field with -t, -k and -n', () => {
    expect(tool('sort -t: -k2 -n /counts.txt')).toBe('a.mdx:9\na.mdx:9\nb.mdx:10\nc.mdx:100\n');
    expect(tool('sort -t : -k 2,2nr /counts.txt')).toBe('c.mdx:100\nb.mdx:10\na.mdx:9\na.mdx:9\n');
  });

  it('splits on runs of blanks without -t', () => {
    expect(tool('sort -k2 -n /cols.txt')).toBe('z  1 mid\nx  3 zeta\ny 20 alpha\n');
    expect(tool('sort -k3 /cols.txt')).toBe('y 20 alpha\nz  1 mid\nx  3 zeta\n');
  });

  it('sorts piped input, e.g. files by match count', () => {
    // Ties fall back to whole-line order, reversed by -r as in GNU sort.
    expect(out('grep -rc -i webhook / | sort -t: -k2 -rn | head -3')).toBe('/guides/webhooks.mdx:3\n/quickstart.mdx:1\n/openapi/spec.json:1\n');
  });

  it('rejects a malformed key', () => {
    expect(run('sort -k 0 /words.txt', table).output).toContain("invalid key '0'");
  });
});

describe('uniq', () => {
  it('collapses adjacent duplicates, counting with -c', () => {
    expect(tool('sort /words.txt | uniq')).toBe('alpha\nbeta\ngamma\n');
    expect(tool('sort /words.txt | uniq -c | sort -rn')).toBe('      3 alpha\n      2 beta\n      1 gamma\n');
  });

  it('keeps only repeated lines with -d, only single ones with -u', () => {
    expect(tool('sort /words.txt | uniq -d')).toBe('alpha\nbeta\n');
    expect(tool('sort /words.txt | uniq -u')).toBe('gamma\n');
    expect(tool('uniq /words.txt')).toBe('beta\nalpha\ngamma\nbeta\nalpha\n');
  });
});

describe('cut', () => {
  it('selects fields by delimiter and lists of ranges', () => {
    expect(tool('cut -d: -f1 /counts.txt')).toBe('b.mdx\na.mdx\nc.mdx\na.mdx\n');
    expect(tool('cut -d " " -f 1,3- /cols.txt')).toBe('x 3 zeta\ny alpha\nz 1 mid\n');
    expect(out('grep -rci webhook / | cut -d: -f2 | sort -n | tail -1')).toBe('3\n');
  });

  it('selects characters with -c', () => {
    expect(tool('cut -c 1-3 /words.txt | head -2')).toBe('bet\nalp\n');
    expect(tool('cut -c -2,4 /words.txt | head -1')).toBe('bea\n');
  });

  it('prints lines without the delimiter whole', () => {
    expect(out('echo "no delimiter" | cut -d: -f2')).toBe('no delimiter\n');
  });

  it('needs exactly one list and a valid one', () => {
    expect(run('cut /words.txt', table).output).toContain('give exactly one of -f LIST or -c LIST');
    expect(run('cut -f 0 /words.txt', table).output).toContain("invalid list '0'");
    expect(run('cut -d ab -f 1 /words.txt', table).output).toContain('the delimiter must be one character');
  });
});

describe('echo and pwd', () => {
  it('echoes words joined by spaces, without a newline after -n', () => {
    expect(out('echo == /quickstart.mdx ==')).toBe('== /quickstart.mdx ==\n');
    expect(out('echo -n a b')).toBe('a b');
  });

  it('prints / as the working directory', () => {
    expect(out('pwd')).toBe('/\n');
  });
});
