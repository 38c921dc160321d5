// How `docsite validate` and `docsite build` print a problem: file, line and column, then what and why.
import { describe, expect, it } from 'vitest';
import { formatDiagnostics } from '../../src/cli/format-diagnostics.js';
import { diagnostic } from '../../src/diagnostics/index.js';

const broken = diagnostic('link/broken', 'snippets/plans.mdx', { line: 4, column: 9 }, 'Link "/pricing" points to a page that does not exist.');

describe('formatDiagnostics', () => {
  it('names the pages that place a snippet after a problem in it, the first three and how many more', () => {
    const placedOn = [7, 12, 3, 9, 1].map((line, i) => ({ file: `${'abcde'[i]}.mdx`, line }));
    expect(formatDiagnostics([{ ...broken, placedOn: placedOn.slice(0, 2) }], false)).toContain(
      'snippets/plans.mdx:4:9  error  Link "/pricing" points to a page that does not exist. (in a snippet placed on a.mdx:7, b.mdx:12)  link/broken',
    );
    expect(formatDiagnostics([{ ...broken, placedOn: placedOn.slice(0, 4) }], false)).toContain(
      '(in a snippet placed on a.mdx:7, b.mdx:12, c.mdx:3 and 1 more page)',
    );
    expect(formatDiagnostics([{ ...broken, placedOn }], false)).toContain('(in a snippet placed on a.mdx:7, b.mdx:12, c.mdx:3 and 2 more pages)');
  });

  it('prints a problem of the page itself as it is', () => {
    expect(formatDiagnostics([broken], false)).toBe(
      `snippets/plans.mdx:4:9  error  Link "/pricing" points to a page that does not exist.  link/broken\n  hint: ${broken.hint}`,
    );
  });
});
