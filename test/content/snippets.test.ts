// Snippets placed in pages: their content becomes the page's, for rendering, search, headings and link checks.
import { describe, expect, it } from 'vitest';
import { analysePage, ConfinedFolder, parsePage } from '../../src/content/index.js';
import { pageMarkdown, renderBody } from '../../src/render/index.js';
import { writeSite } from '../helpers/site.js';

const PAGE = `---
title: Deploy
---

import Caution from "/snippets/caution.mdx";
import Plan from "../snippets/plans/plan.mdx";

# Deploy

<Caution />

Pick a plan: <Plan />.

<Caution />
`;

function site(extra: Record<string, string> = {}): string {
  return writeSite({
    'docs.json': '{}',
    'guides/deploy.mdx': PAGE,
    'snippets/caution.mdx':
      '## Before you start\n\n<Warning>Back up the [database](/guides/backup) first.</Warning>\n\nimport Notes from "/snippets/notes.mdx";\n\n<Notes />\n',
    'snippets/notes.mdx': '### Notes {#release-notes}\n\nSee the changelog.\n',
    'snippets/plans/plan.mdx': 'the **Team** plan',
    ...extra,
  });
}

describe('snippets', () => {
  it('places each snippet where the page puts it, block or inline, for rendering and search', () => {
    const root = site();
    const { parsed, tree } = analysePage('guides/deploy.mdx', PAGE, { folder: new ConfinedFolder(root) });
    expect(parsed.diagnostics).toEqual([]);
    const html = renderBody(tree!);
    expect(html.match(/callout-warning/g)).toHaveLength(2);
    expect(html).toContain('<p>Pick a plan: the <strong>Team</strong> plan.</p>');
    expect(html).toContain('<h2 id="before-you-start">Before you start');
    expect(html).toContain('<h2 id="before-you-start-2">Before you start');
    expect(html).toContain('<h3 id="release-notes">Notes');
    expect(parsed.page.headings.map((h) => [h.id, h.line])).toEqual([
      ['deploy', 8],
      ['before-you-start', 10],
      ['release-notes', 10],
      ['before-you-start-2', 14],
      ['release-notes', 14],
    ]);
    expect(parsed.page.sections.map((s) => s.text).join('\n')).toContain('Back up the database first.');
    // On the page's line where the snippet is placed, and where it is written in the snippet: what to fix.
    expect(parsed.page.links).toContainEqual({
      kind: 'link',
      url: '/guides/backup',
      line: 10,
      column: 1,
      writtenAt: { file: 'snippets/caution.mdx', line: 3, column: 22 },
    });
  });

  it("fills a snippet's {name} expressions from string props, in the page and in its Markdown", () => {
    const root = site({ 'snippets/greeting.mdx': 'Hello {name}, your plan is {plan}. {1 + 1}\n' });
    const source = '---\ntitle: Hi\n---\n\nimport Greeting from "/snippets/greeting.mdx";\n\n<Greeting name="Ada" plan="Team" />\n';
    const { tree, snippets } = analysePage('hi.mdx', source, { folder: new ConfinedFolder(root) });
    expect(renderBody(tree!)).toBe('<p>Hello Ada, your plan is Team. </p>');
    expect(pageMarkdown(source, 'Hi', undefined, snippets)).toBe('# Hi\n\nHello Ada, your plan is Team. {1 + 1}\n');
  });

  it('fills {name} with a string a snippet exports, and reports a name it does not export', () => {
    const root = site({ 'snippets/vars.mdx': 'export const version = "2.4";\nexport const quoted = \'say "hi"\';\n' });
    const source = 'import { version, quoted as greeting, missing } from "/snippets/vars.mdx";\n\nInstall v{version} and {greeting}.\n\n{version}\n';
    const { parsed, tree, snippets } = analysePage('install.mdx', source, { folder: new ConfinedFolder(root) });
    expect(renderBody(tree!)).toBe('<p>Install v2.4 and say "hi".</p>\n<p>2.4</p>');
    expect(pageMarkdown(source, 'Install', undefined, snippets)).toBe('# Install\n\nInstall v2.4 and say "hi".\n\n2.4\n');
    expect(parsed.diagnostics.map((d) => [d.code, d.line, d.message])).toEqual([
      ['mdx/snippet', 1, 'The snippet snippets/vars.mdx has no `export const missing = "…"` for {missing}.'],
    ]);
  });

  it('reports a missing snippet, one outside snippets/, and one that places itself, at the page', () => {
    const root = site({ 'snippets/loop.mdx': 'import Loop from "/snippets/loop.mdx";\n\n<Loop />\n' });
    const source =
      'import Gone from "/snippets/gone.mdx";\nimport Page from "/guides/other.mdx";\nimport Loop from "/snippets/loop.mdx";\n\n<Gone />\n\n<Page />\n\n<Loop />\n';
    const { diagnostics } = parsePage('index.mdx', source, { folder: new ConfinedFolder(root) });
    expect(diagnostics.map((d) => [d.code, d.line, d.message])).toEqual([
      ['mdx/snippet', 2, '"/guides/other.mdx" is not under snippets/: pages import MDX only from there, so <Page> renders nothing.'],
      ['mdx/snippet', 5, expect.stringMatching(/^The snippet snippets\/gone\.mdx cannot be read: ENOENT/)],
      ['mdx/snippet', 9, 'The snippet snippets/loop.mdx places itself (index.mdx → snippets/loop.mdx → snippets/loop.mdx).'],
    ]);
  });

  it('leaves snippets out when the page is parsed without its docs folder', () => {
    const { page, diagnostics } = parsePage('guides/deploy.mdx', PAGE);
    expect(diagnostics).toEqual([]);
    expect(page.headings.map((h) => h.id)).toEqual(['deploy']);
  });
});
