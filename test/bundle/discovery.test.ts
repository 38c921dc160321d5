import { describe, expect, it } from 'vitest';
import { discoveryDocument, serverCard, serverCards, type DiscoveryInput } from '../../src/bundle/discovery.js';
import { projectIdOf, toolSiteName } from '../../src/bundle/project-id.js';
import { siteTools } from '../../src/bundle/tools.js';

const one = { versions: [], languages: [] };
const several = {
  versions: [
    { name: 'v2', default: true },
    { name: 'v1', default: false },
  ],
  languages: [
    { name: 'en', default: true },
    { name: 'es', default: false },
  ],
};

describe('names', () => {
  it('derives project ids and tool site names (camelCase split, accents dropped)', () => {
    expect(projectIdOf('Acme Docs')).toBe('acme-docs');
    expect(toolSiteName('LangChain')).toBe('lang_chain');
    expect(toolSiteName('Café API')).toBe('cafe_api');
    expect(toolSiteName('A Very Long Documentation Site Name For Testing')).toHaveLength(24);
  });
});

describe('siteTools', () => {
  it('names tools after the site and keeps server + tool names short', () => {
    const tools = siteTools('LangChain', one);
    expect([tools.search.name, tools.filesystem.name, tools.feedback.name]).toEqual([
      'search_lang_chain',
      'query_docs_filesystem_lang_chain',
      'submit_feedback',
    ]);
    const long = siteTools('A Very Long Documentation Site Name For Testing', one);
    expect(long.filesystem.name.length).toBeLessThanOrEqual(46);
  });

  it('requires query; offers version and language only when the site has several, as enums', () => {
    const single = siteTools('Acme', one).search.inputSchema;
    expect(single.required).toEqual(['query']);
    expect(Object.keys(single.properties)).toEqual(['query', 'limit']);
    const multi = siteTools('Acme', several).search.inputSchema;
    expect(Object.keys(multi.properties)).toEqual(['query', 'version', 'language', 'limit']);
    expect(multi.properties.version).toMatchObject({ enum: ['v2', 'v1'] });
    expect(multi.properties.language).toMatchObject({ enum: ['en', 'es'] });
  });

  it('annotates read-only tools as SPEC.md 2.6 says, and feedback as the one writer', () => {
    const tools = siteTools('Acme', one);
    for (const tool of [tools.search, tools.filesystem]) {
      expect(tool.annotations).toEqual({ readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false });
    }
    expect(tools.feedback.annotations).toMatchObject({ readOnlyHint: false, idempotentHint: false });
    expect(tools.feedback.inputSchema.required).toEqual(['path', 'feedback']);
  });
});

describe('discovery documents', () => {
  const input: DiscoveryInput = {
    siteName: 'Acme',
    version: '1.2.3',
    siteUrl: 'https://docs.acme.test',
    tools: { public: Object.values(siteTools('Acme', one)), authenticated: Object.values(siteTools('Acme', one)) },
    hasResources: true,
  };

  it('lists the public server, and the authenticated one only when authentication is on', () => {
    expect(discoveryDocument(input, false)).toEqual({
      version: '1.2.3',
      transport: 'http',
      url: 'https://docs.acme.test/mcp',
      servers: [{ name: 'public', url: 'https://docs.acme.test/mcp', transport: 'http', authentication: 'none' }],
    });
    expect(discoveryDocument(input, true).servers.map((s) => [s.name, s.url, s.authentication])).toEqual([
      ['public', 'https://docs.acme.test/mcp', 'none'],
      ['authenticated', 'https://docs.acme.test/authed/mcp', 'oauth2'],
    ]);
  });

  it('gives each server a card with every SPEC.md 2.6 field', () => {
    const card = serverCard(input, 'public');
    expect(Object.keys(card).sort()).toEqual(['authentication', 'capabilities', 'description', 'name', 'tools', 'transport', 'url', 'version']);
    expect(card).toMatchObject({ transport: 'http', authentication: 'none', capabilities: { tools: true, resources: true } });
    expect(card.tools.map((t) => t.name)).toEqual(['search_acme', 'query_docs_filesystem_acme', 'submit_feedback']);
    expect(serverCards(input, true).servers.map((c) => c.authentication)).toEqual(['none', 'oauth2']);
    expect(serverCards(input, false).servers).toHaveLength(1);
  });
});
