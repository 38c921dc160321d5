// A worker builds a batch of pages in two rounds; each page must come out as if built alone.
import { describe, expect, it } from 'vitest';
import { buildPages, buildPageSource } from '../../src/bundle/page-job.js';
import { ConfinedFolder, parsePage } from '../../src/content/index.js';
import { writeSite } from '../helpers/site.js';

const FILES = {
  'docs.json': { name: 'Batch', navigation: { pages: ['plain', 'broken', 'odd', 'placed'] } },
  'plain.mdx': '---\ntitle: Plain\ndescription: A plain page.\n---\n\n## Setup\n\nSee [the other page](./odd).\n',
  // An MDX syntax error, with frontmatter that is wrong as well: both are reported.
  'broken.mdx': '---\ntitle: 3\n---\n\n<Note>\n\nNever closed.\n',
  // An unknown component and a frontmatter key that does not exist, on lines after and before it.
  'odd.mdx': '---\ntitle: Odd\ncolour: blue\n---\n\n# Odd\n\n<Gizmo>inside</Gizmo>\n',
  'placed.mdx': '---\ntitle: Placed\n---\n\n<Shared />\n',
  'snippets/shared.mdx': 'Shared text with a [link](./plain).\n',
};
const FILE_NAMES = ['plain.mdx', 'broken.mdx', 'gone.mdx', 'odd.mdx', 'placed.mdx'];

describe('buildPages', () => {
  it('builds a batch into the pages each file gives alone, problems and all, in order', () => {
    const root = writeSite(FILES);
    const context = { folder: new ConfinedFolder(root), snippets: 'digest' };
    const batch = buildPages(context, FILE_NAMES);
    expect(batch.map((page) => page.parsed.page.file)).toEqual(FILE_NAMES);
    expect(batch).toEqual(FILE_NAMES.map((file) => buildPages(context, [file])[0]));

    const [plain, broken, gone, odd] = batch;
    expect(plain!.markdown).toBe('# Plain\n\n> A plain page.\n\n## Setup\n\nSee [the other page](/odd).\n');
    expect(broken!.parsed.diagnostics.map((d) => d.code)).toEqual(['mdx/syntax', 'frontmatter/schema']);
    expect(broken!.parsed.page.parsed).toBe(false);
    expect(gone!.parsed.diagnostics.map((d) => d.code)).toEqual(['mdx/read-error']);
    expect(odd!.parsed.diagnostics.map((d) => `${d.line} ${d.code}`)).toEqual(['3 frontmatter/unknown-key', '8 render/unknown-component']);
    expect(odd!.parsed.page.title).toBe('Odd');
  });

  it('gives the page model validate gives, and the same page for a source built alone', () => {
    const root = writeSite(FILES);
    for (const file of ['plain.mdx', 'broken.mdx', 'odd.mdx']) {
      const source = FILES[file as keyof typeof FILES] as string;
      const [built] = buildPages({ folder: new ConfinedFolder(root), snippets: 'digest' }, [file], [source]);
      expect(built!.parsed).toEqual(parsePage(file, source, { folder: new ConfinedFolder(root) }));
      expect(buildPageSource(file, source, { folder: new ConfinedFolder(root), snippets: 'digest' })).toEqual(built);
    }
  });
});
