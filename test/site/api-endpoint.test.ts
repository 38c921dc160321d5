import { describe, expect, it } from 'vitest';
import { loadSite } from '../../src/site/index.js';
import { page, writeSite } from '../helpers/site.js';

async function endpoint(api: object | undefined, frontmatter: Record<string, unknown>) {
  const root = writeSite({
    'docs.json': { name: 'Api', ...(api ? { api } : {}), navigation: { pages: ['ep'] } },
    'ep.mdx': page({ title: 'Endpoint', ...frontmatter }),
  });
  const { site, diagnostics } = await loadSite(root, { jobs: 1 });
  return { endpoint: site!.pages[0]!.endpoint, codes: diagnostics.map((d) => d.code) };
}

const SERVERS = { mdx: { server: ['https://api.example.com/v1/', 'https://sandbox.example.com/v1'], auth: { method: 'key', name: 'X-Api-Key' } } };

describe('API pages (SPEC.md 2.10)', () => {
  it('puts the first api.mdx.server in front of a relative path', async () => {
    const { endpoint: e } = await endpoint(SERVERS, { api: 'get /users/{id}' });
    expect(e).toMatchObject({
      method: 'GET',
      url: 'https://api.example.com/v1/users/{id}',
      servers: SERVERS.mdx.server,
      authMethod: 'key',
      authName: 'X-Api-Key',
      playground: 'interactive',
    });
  });

  it('ignores api.mdx.server for a full URL', async () => {
    const { endpoint: e } = await endpoint(SERVERS, { api: 'DELETE https://files.example.com/exports/{id}' });
    expect(e).toMatchObject({ url: 'https://files.example.com/exports/{id}', servers: [] });
  });

  it('requires api.mdx.server for a relative path', async () => {
    const { endpoint: e, codes } = await endpoint(undefined, { api: 'GET /users' });
    expect(e).toBeUndefined();
    expect(codes).toEqual(['api/missing-server']);
  });

  it('lets the page authMethod override the global one, and none disable it', async () => {
    expect((await endpoint(SERVERS, { api: 'GET /a', authMethod: 'bearer' })).endpoint).toMatchObject({ authMethod: 'bearer' });
    const none = (await endpoint(SERVERS, { api: 'GET /a', authMethod: 'none' })).endpoint!;
    expect(none.authMethod).toBe('none');
    expect(none.authName).toBeUndefined();
  });

  it('lets the page playground override api.playground.display', async () => {
    const api = { ...SERVERS, playground: { display: 'simple' } };
    expect((await endpoint(api, { api: 'GET /a' })).endpoint!.playground).toBe('simple');
    expect((await endpoint(api, { api: 'GET /a', playground: 'none' })).endpoint!.playground).toBe('none');
  });

  it('needs no authentication configured when the playground is hidden', async () => {
    const keyWithoutName = { mdx: { server: 'https://api.example.com', auth: { method: 'key' } } };
    expect((await endpoint(keyWithoutName, { api: 'GET /a' })).codes).toEqual(['api/missing-key-name']);
    expect((await endpoint({ ...keyWithoutName, playground: { display: 'none' } }, { api: 'GET /a' })).codes).toEqual([]);
  });
});
