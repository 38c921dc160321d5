// Validate's workers read and parse a batch in two rounds; each page must come out as if read alone.
import { describe, expect, it } from 'vitest';
import { readPages } from '../../src/content/index.js';
import { writeSite } from '../helpers/site.js';

describe('readPages', () => {
  it('parses a batch into the pages each file gives alone, problems and all, in order', () => {
    const root = writeSite({
      'docs.json': { name: 'Batch', navigation: { pages: ['plain', 'broken', 'odd'] } },
      'plain.mdx': '---\ntitle: Plain\n---\n\n## Setup\n\nText.\n',
      'broken.mdx': '---\ntitle: 3\n---\n\n<Note>\n\nNever closed.\n',
      'odd.mdx': '---\ntitle: Odd\ncolour: blue\n---\n\n# Odd\n\n<Gizmo>inside</Gizmo>\n',
    });
    const files = ['plain.mdx', 'broken.mdx', 'gone.mdx', 'odd.mdx'];
    const batch = readPages(root, files);
    expect(batch).toEqual(files.map((file) => readPages(root, [file])[0]));
    expect(batch.map((p) => p.diagnostics.map((d) => `${d.line} ${d.code}`))).toEqual([
      [],
      ['5 mdx/syntax', '2 frontmatter/schema'],
      ['1 mdx/read-error'],
      ['3 frontmatter/unknown-key', '8 render/unknown-component'],
    ]);
    expect(batch.map((p) => p.page.title)).toEqual(['Plain', 'broken', 'gone', 'Odd']);
  });
});
