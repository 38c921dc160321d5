import { mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { discoverFiles } from '../../src/content/index.js';
import { writeSite } from '../helpers/site.js';

describe('discoverFiles', () => {
  it('applies .docsiteignore with negation and the always-ignored names, and skips folders holding a bundle', async () => {
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
      'site/index.md': '# Home, as an earlier build into site/ copied it',
      'site/_docsite/manifest.json': '{}',
      'notes/_docsite/readme.md': '# A page: this _docsite holds no manifest',
    });
    const files = await discoverFiles(root);
    expect(files.pages).toEqual(['guides/README.md', 'index.mdx', 'keep.draft.mdx', 'notes/_docsite/readme.md']);
    expect(files.files).toEqual([
      'docs.json',
      'guides/README.md',
      'images/logo.svg',
      'index.mdx',
      'keep.draft.mdx',
      'notes/_docsite/readme.md',
      'skill.md',
      'skills/a/SKILL.md',
      'snippets/part.mdx',
    ]);
    expect(files.isIgnored('drafts/a.mdx')).toBe(true);
    expect(files.isIgnored('keep.draft.mdx')).toBe(false);
  });

  it('reads .mintignore like .docsiteignore, both when both are there', async () => {
    const root = writeSite({
      'docs.json': '{}',
      '.mintignore': 'drafts/\n',
      '.docsiteignore': 'internal.mdx\n',
      'index.mdx': '# Home',
      'drafts/a.mdx': '# Draft',
      'internal.mdx': '# Internal',
    });
    const files = await discoverFiles(root);
    expect(files.pages).toEqual(['index.mdx']);
    expect(files.isIgnored('drafts/a.mdx')).toBe(true);
    expect(files.isIgnored('internal.mdx')).toBe(true);
  });

  it('ignores hidden files and folders at any level, as Mintlify does (.claude, .agents, .mintlify, .vale)', async () => {
    const root = writeSite({
      'docs.json': '{}',
      'index.mdx': '# Home',
      '.claude/skills/a/SKILL.md': '# Not a page <br/ >',
      '.agents/notes.md': '# No',
      '.mintlify/AGENTS.md': '# No',
      '.vale/styles/x.yml': 'x: 1',
      'guides/.drafts/a.mdx': '# No',
      'guides/.hidden.mdx': '# No',
      'guides/a.mdx': '# Yes',
    });
    const files = await discoverFiles(root);
    expect(files.pages).toEqual(['guides/a.mdx', 'index.mdx']);
    expect(files.files).toEqual(['docs.json', 'guides/a.mdx', 'index.mdx']);
    expect(files.isIgnored('.mintlify/AGENTS.md')).toBe(true);
  });

  it('follows symbolic links inside the docs folder, and leaves out those leading out of it, nowhere or round in a loop', async () => {
    const root = writeSite({ 'docs.json': '{}', 'v2/index.mdx': '# v2', 'images/logo.svg': '<svg/>', 'node_modules/pkg/a.mdx': '# No' });
    const outside = mkdtempSync(join(tmpdir(), 'docsite-outside-'));
    writeFileSync(join(outside, 'secret.txt'), 'not for publishing');
    symlinkSync('v2', join(root, 'latest'));
    symlinkSync('../images/logo.svg', join(root, 'v2', 'logo.svg'));
    symlinkSync(join(outside, 'secret.txt'), join(root, 'secret.txt'));
    symlinkSync(outside, join(root, 'shared'));
    symlinkSync('missing.png', join(root, 'gone.png'));
    symlinkSync('..', join(root, 'v2', 'up'));
    symlinkSync('node_modules', join(root, 'deps'));
    const files = await discoverFiles(root, ['/deps']);
    expect(files.files).toEqual(['docs.json', 'images/logo.svg', 'latest/index.mdx', 'latest/logo.svg', 'v2/index.mdx', 'v2/logo.svg']);
    expect(files.pages).toEqual(['latest/index.mdx', 'v2/index.mdx']);
    expect(files.skippedLinks).toEqual([
      { path: 'gone.png', reason: 'broken' },
      { path: 'latest/up', reason: 'loop' },
      { path: 'secret.txt', reason: 'outside' },
      { path: 'shared', reason: 'outside' },
      { path: 'v2/up', reason: 'loop' },
    ]);
  });
});
