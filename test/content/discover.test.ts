import { describe, expect, it } from 'vitest';
import { discoverFiles } from '../../src/content/index.js';
import { writeSite } from '../helpers/site.js';

describe('discoverFiles', () => {
  it('applies .docsiteignore with negation and the always-ignored names', async () => {
    const root = writeSite({
      'docs.json': '{}',
      '.docsiteignore': 'drafts/\n*.draft.mdx\n!keep.draft.mdx\n',
      'index.mdx': '# Home',
      'README.md': '# Readme',
      'guides/README.md': '# Nested readme is a page',
      'drafts/a.mdx': '# Draft',
      'notes.draft.mdx': '# Draft',
      'keep.draft.mdx': '# Kept',
      'node_modules/pkg/page.mdx': '# No',
      'tmp/x.mdx': '# No',
      '.github/x.md': '# No',
      'skill.md': '---\nname: s\n---',
      'skills/a/SKILL.md': '---\nname: a\n---',
      'snippets/part.mdx': 'Part',
      'images/logo.svg': '<svg/>',
    });
    const files = await discoverFiles(root);
    expect(files.pages).toEqual(['guides/README.md', 'index.mdx', 'keep.draft.mdx']);
    expect(files.files).toEqual([
      '.docsiteignore', 'docs.json', 'guides/README.md', 'images/logo.svg', 'index.mdx', 'keep.draft.mdx', 'skill.md', 'skills/a/SKILL.md', 'snippets/part.mdx',
    ]);
    expect(files.isIgnored('drafts/a.mdx')).toBe(true);
    expect(files.isIgnored('keep.draft.mdx')).toBe(false);
  });

  it('skips a folder that holds a docsite bundle, whatever its name', async () => {
    const root = writeSite({
      'docs.json': '{}',
      'index.mdx': '# Home',
      'site/index.md': '# Home (a built copy)',
      'site/_docsite/manifest.json': '{}',
      'notes/_docsite/readme.md': '# Not a bundle: no manifest',
    });
    expect((await discoverFiles(root)).pages).toEqual(['index.mdx', 'notes/_docsite/readme.md']);
  });
});
