import { describe, expect, it } from 'vitest';
import { parseDocsConfig, parseFrontmatter } from '../../src/config/index.js';

/** A docs.json with every key SPEC.md 2.10 and REFERENCE.md name, as real sites write them. */
const FULL = {
  $schema: 'https://docsite.dev/docs.json',
  name: 'Full',
  description: 'Every key',
  theme: 'mint',
  colors: { primary: '#0D9373', light: '#07C983', dark: '#0D9373' },
  logo: { light: '/logo/light.svg', dark: '/logo/dark.svg', href: 'https://example.com' },
  favicon: '/favicon.svg',
  api: {
    openapi: 'openapi.yaml',
    mdx: { server: ['https://api.example.com', 'https://sandbox.example.com'], auth: { method: 'key', name: 'X-Key' } },
    playground: { display: 'none', proxy: false },
  },
  seo: { indexing: 'all', metatags: { 'og:site_name': 'Full' } },
  redirects: [{ source: '/old', destination: '/new', permanent: true }],
  contextual: { options: ['copy', 'view', 'chatgpt', 'claude', 'mcp', 'add-mcp', 'cursor', 'vscode', { title: 'Ask', href: 'https://x.test' }] },
  navbar: { links: [] },
  footer: { socials: {} },
  navigation: {
    global: { anchors: [{ anchor: 'Blog', href: 'https://x.test/blog', icon: 'rss' }] },
    versions: [
      {
        version: 'v2',
        default: true,
        languages: [
          {
            language: 'en',
            tabs: [
              {
                tab: 'Guides',
                icon: 'book',
                anchors: [{ anchor: 'Docs', dropdowns: [{ dropdown: 'More', groups: [{ group: 'G', pages: ['a'] }] }] }],
                groups: [
                  {
                    group: 'A',
                    icon: 'star',
                    expanded: true,
                    public: true,
                    hidden: false,
                    root: 'a',
                    tag: 'NEW',
                    openapi: 'openapi.yaml',
                    pages: ['a', { group: 'B', pages: [{ group: 'C', pages: ['GET /users'] }] }],
                  },
                ],
              },
            ],
          },
          { language: 'pt-BR', pages: ['pt/a'] },
        ],
      },
    ],
  },
};

describe('docs.json schema', () => {
  it('accepts every documented key without a warning', () => {
    expect(parseDocsConfig(JSON.stringify(FULL, null, 2)).diagnostics).toEqual([]);
  });

  it('accepts api.mdx.server as a string and openapi as a list or object', () => {
    const config = { name: 'X', navigation: { pages: ['a'] }, api: { mdx: { server: 'https://api.example.com' }, openapi: ['a.yaml'] } };
    expect(parseDocsConfig(JSON.stringify(config)).diagnostics).toEqual([]);
    config.api.openapi = { source: 'a.yaml', directory: 'api' } as never;
    expect(parseDocsConfig(JSON.stringify(config)).diagnostics).toEqual([]);
  });

  it('warns about unknown keys, at the key, and still returns the config', () => {
    const result = parseDocsConfig('{\n  "name": "X",\n  "navigation": {"pages": ["a"]},\n  "someVendorKey": true\n}');
    expect(result.config?.name).toBe('X');
    expect(result.diagnostics.map((d) => [d.code, d.severity, d.line, d.column])).toEqual([['config/unknown-key', 'warning', 4, 3]]);
  });

  it('warns about an unknown value of a known set, at its line, and keeps the rest of the config', () => {
    const result = parseDocsConfig('{\n  "name": "X",\n  "navigation": {"pages": ["a"]},\n  "seo": {"indexing": "everything"}\n}');
    expect(result.diagnostics.map((d) => [d.code, d.severity, d.line, d.column])).toEqual([['config/unknown-value', 'warning', 4, 23]]);
    expect(result.diagnostics[0]!.message).toContain('"navigable", "all"');
    // The unknown value is left out, as if unset: the default applies.
    expect(result.config?.seo).toEqual({});
    expect(result.config?.navigation).toEqual({ pages: ['a'] });
  });

  it("accepts Mintlify's current keys and values: theme luma, download-spec, icon objects in navigation", () => {
    const config = {
      name: 'X',
      theme: 'luma',
      contextual: { options: ['copy', 'download-spec', 'download-pdf', 'assistant', 'devin-mcp'], display: 'toc' },
      api: { playground: { display: 'simple', credentials: true }, url: 'full' },
      seo: { organization: { name: 'Acme' }, trailingSlash: true },
      markdown: { schema: true },
      navigation: {
        directory: 'accordion',
        global: { products: [{ product: 'P', href: 'https://x.test' }] },
        groups: [
          {
            group: 'G',
            boost: 2,
            icon: { name: 'rocket', style: 'duotone', library: 'fontawesome' },
            pages: ['a', { group: 'H', icon: { name: 'flag', library: 'lucide' }, iconType: 'solid', pages: ['b'] }],
          },
        ],
        tabs: [
          { tab: 'Storage', hidden: true, searchable: true, pages: ['c'] },
          { tab: 'SDK', sdk: { format: 'typedoc', source: 'sdk/typedoc.json' } },
          { tab: 'GraphQL', graphql: 'schema.graphql' },
        ],
      },
    };
    const result = parseDocsConfig(JSON.stringify(config, null, 2));
    expect(result.diagnostics).toEqual([]);
    expect(result.config?.theme).toBe('luma');
  });

  it('warns about a theme or contextual option docsite does not know yet, never an error', () => {
    const text = '{\n  "name": "X",\n  "theme": "nebula",\n  "navigation": {"pages": ["a"]},\n  "contextual": {"options": ["copy", "teleport"]}\n}';
    const result = parseDocsConfig(text);
    expect(result.diagnostics.map((d) => [d.code, d.severity, d.line])).toEqual([
      ['config/unknown-value', 'warning', 3],
      ['config/unknown-value', 'warning', 5],
    ]);
    expect(result.config?.contextual?.options).toEqual(['copy']);
    expect(result.config?.theme).toBeUndefined();
  });

  it('keeps a wrong type an error, and the rest of the config usable for the other checks', () => {
    const text = '{\n  "name": "X",\n  "navigation": {"pages": ["a", 5, "b"]},\n  "colors": {"primary": 12}\n}';
    const result = parseDocsConfig(text);
    expect(result.diagnostics.map((d) => [d.code, d.severity, d.line])).toEqual([
      ['config/schema', 'error', 3],
      ['config/schema', 'error', 4],
    ]);
    expect(result.config?.navigation).toEqual({ pages: ['a', 'b'] });
    // Positions still point at the source after the bad entry is left out.
    expect(result.locator.locate(['navigation', 'pages', 1], 'value')).toMatchObject({ line: 3, column: 36 });
  });

  it('refuses a config whose root is unusable', () => {
    expect(parseDocsConfig('[1]').config).toBeUndefined();
    expect(parseDocsConfig('{"navigation": {"pages": ["a"]}}').config).toBeUndefined();
  });
});

describe('frontmatter schema', () => {
  it('accepts every documented key', () => {
    const yaml = [
      'title: T',
      'description: D',
      'sidebarTitle: S',
      'icon: rocket',
      'api: GET /a',
      'openapi: GET /a',
      'playground: simple',
      'authMethod: none',
      'noindex: true',
      'hidden: false',
      'public: true',
      'groups: [admins]',
      'tag: NEW',
      'deprecated: true',
      'mode: wide',
      '"og:title": Social',
    ].join('\n');
    expect(parseFrontmatter(yaml, 'p.mdx', 2).diagnostics).toEqual([]);
  });

  it('reports each bad value on its own line, and keeps the valid keys', () => {
    const result = parseFrontmatter('title: T\nplayground: fancy\ngroups: admins\nmood: happy\n', 'p.mdx', 2);
    expect(result.diagnostics.map((d) => [d.code, d.line])).toEqual([
      ['frontmatter/schema', 3],
      ['frontmatter/schema', 4],
      ['frontmatter/unknown-key', 5],
    ]);
    expect(result.data).toEqual({ title: 'T', mood: 'happy' });
  });
});
