import { describe, expect, it } from 'vitest';
import { llmsFullTxt, llmsTxt, markdownPath, summaryOf } from '../../src/render/llms-txt.js';
import { pageMarkdown } from '../../src/render/markdown.js';
import { sitemapXml } from '../../src/render/sitemap.js';

describe('pageMarkdown', () => {
  it('puts the title and description first and drops frontmatter, imports and {#id} markers', () => {
    const source = '---\ntitle: Keys\n---\nimport { X } from "/snippets/x.mdx";\n\n## Rotating keys {#key-rotation}\n\n<Note>Rotate often.</Note>\n';
    expect(pageMarkdown(source, 'Keys', 'Manage API keys')).toBe('# Keys\n\n> Manage API keys\n\n## Rotating keys\n\n<Note>Rotate often.</Note>\n');
  });

  it('does not repeat a title the page already starts with', () => {
    expect(pageMarkdown('# Pagination\n\nText\n', 'Pagination')).toBe('# Pagination\n\nText\n');
  });

  it('gives a page saved with CRLF line ends (on Windows) line feeds only, trimmed as any other', () => {
    const source = '---\r\ntitle: Keys\r\n---\r\n\r\nimport { X } from "/snippets/x.mdx";\r\n\r\nRotate often.  \r\n\r\n\r\n\r\n## Why\r\n\r\nLeaks.\r\n';
    expect(pageMarkdown(source, 'Keys')).toBe('# Keys\n\nRotate often.\n\n## Why\n\nLeaks.\n');
  });

  it('ends with one line break, also for a page with no body (llms-full.txt joins pages as they are)', () => {
    expect(pageMarkdown('---\ntitle: Empty\n---\n', 'Empty')).toBe('# Empty\n');
    expect(pageMarkdown('---\ntitle: Empty\n---\n\n  \n', 'Empty', 'Nothing yet')).toBe('# Empty\n\n> Nothing yet\n');
  });
});

describe('llms.txt', () => {
  const site = { name: 'Acme', description: 'Invoices API', siteUrl: 'https://docs.acme.test' };
  const entries = [
    { url: '/', title: 'Home', summary: 'Start here.', section: 'Guides', markdown: '# Home\n' },
    { url: '/quickstart', title: 'Quickstart', summary: '', section: 'Guides', markdown: '# Quickstart\n' },
    { url: '/api', title: 'API', summary: 'Reference.', section: 'API reference', markdown: '# API\n' },
  ];

  it('has the site name, description and sections of .md links in order', () => {
    expect(llmsTxt(site, entries)).toBe(
      '# Acme\n\n> Invoices API\n\n## Guides\n\n- [Home](https://docs.acme.test/index.md): Start here.\n- [Quickstart](https://docs.acme.test/quickstart.md)\n\n## API reference\n\n- [API](https://docs.acme.test/api.md): Reference.\n',
    );
  });

  it('concatenates every page for llms-full.txt', () => {
    const full = llmsFullTxt(site, entries);
    expect(full.startsWith('# Acme\n\n> Invoices API\n\n<!-- Source: https://docs.acme.test/ -->\n\n# Home\n')).toBe(true);
    expect(full.match(/<!-- Source:/g)).toHaveLength(3);
  });

  it('summarises the first paragraph in at most ~200 characters', () => {
    expect(summaryOf('First  line\ncontinues.\n\nSecond paragraph.')).toBe('First line continues.');
    expect(summaryOf('word '.repeat(100)).length).toBeLessThanOrEqual(200);
    expect(markdownPath('/')).toBe('/index.md');
  });
});

describe('sitemap.xml', () => {
  it('lists URLs sorted, page paths percent-encoded and the whole XML-escaped', () => {
    expect(sitemapXml('https://d.test/docs&more', ['/b', '/a?x=1&y=2', '/日本'])).toContain(
      '<url><loc>https://d.test/docs&amp;more/a%3Fx%3D1%26y%3D2</loc></url>\n  <url><loc>https://d.test/docs&amp;more/b</loc></url>\n  <url><loc>https://d.test/docs&amp;more/%E6%97%A5%E6%9C%AC</loc></url>',
    );
  });
});
