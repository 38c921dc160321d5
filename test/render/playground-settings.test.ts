// api.playground (display, proxy, credentials), frontmatter `playground`, and api.examples.prefill, as built pages and the manifest show them.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { build, readBundle, type LoadedBundle } from '../../src/bundle/index.js';
import { page, writeSite } from '../helpers/site.js';

const SPEC = {
  openapi: '3.1.0',
  info: { title: 'Pets', version: '1' },
  servers: [{ url: 'https://pets.example.com/v2' }],
  paths: {
    '/pets': {
      get: { parameters: [{ name: 'species', in: 'query', schema: { type: 'string', example: 'cat' } }], responses: {} },
    },
  },
};

const PAGES = {
  'ep.mdx': page(
    { title: 'Endpoint', api: 'POST /users' },
    '<ParamField body="name" type="string" default="Ada" />\n\n<ParamField body="team" type="string" placeholder="core" />',
  ),
  'simple.mdx': page({ title: 'Simple', api: 'GET /users', playground: 'simple' }),
  'hidden.mdx': page({ title: 'Hidden', api: 'GET /users', playground: 'none' }),
  'members.mdx': page({ title: 'Members', api: 'GET /users', playground: 'auth' }),
  'pets.mdx': page({ openapi: 'pets.json GET /pets' }),
};

async function builtSite(api: object): Promise<{ bundle: LoadedBundle; html(path: string): string }> {
  const root = writeSite({
    'docs.json': {
      name: 'Api',
      api: { mdx: { server: ['https://api.example.com/v1', 'https://sandbox.example.com'], auth: { method: 'bearer' } }, ...api },
      navigation: { pages: Object.keys(PAGES).map((f) => f.replace('.mdx', '')) },
    },
    'pets.json': SPEC,
    ...PAGES,
  });
  const report = await build(root, { out: mkdtempSync(join(tmpdir(), 'docsite-playground-')), jobs: 1 });
  if (!report.ok) throw new Error(JSON.stringify(report.errors));
  const bundle = await readBundle(report.outDir);
  return { bundle, html: (path) => readFileSync(join(report.outDir, `${path}.html`), 'utf8') };
}

const formOf = (html: string) => /<form class="playground"[^>]*>/.exec(html)?.[0];
const endpointOf = (bundle: LoadedBundle, path: string) => bundle.manifest.pages.find((p) => p.path === path)!.endpoint;

describe('api.playground', () => {
  it('sends through the proxy by default: the form names it and the page, and the manifest lists the servers the site declares', async () => {
    const { bundle, html } = await builtSite({});
    expect(formOf(html('ep'))).toContain('data-proxy="/_docsite/playground"');
    expect(formOf(html('ep'))).toContain('data-page="/ep"');
    expect(endpointOf(bundle, 'ep')!.proxyOrigins).toEqual(['https://api.example.com', 'https://sandbox.example.com']);
    expect(endpointOf(bundle, 'pets')!.proxyOrigins).toEqual(['https://pets.example.com']);
    // No playground, nothing to proxy.
    expect(endpointOf(bundle, 'simple')!.proxyOrigins).toBeUndefined();
    expect(endpointOf(bundle, 'hidden')!.proxyOrigins).toBeUndefined();
  });

  it('renders each display mode, the page frontmatter overriding docs.json: simple and none without the form, auth with it marked for signed-in readers', async () => {
    const { html } = await builtSite({ playground: { display: 'simple' } });
    expect(formOf(html('ep'))).toBeUndefined();
    expect(html('ep')).toContain('class="endpoint-url"');
    expect(formOf(html('hidden'))).toBeUndefined();
    expect(html('hidden')).not.toContain('endpoint-auth');
    expect(formOf(html('members'))).toMatch(/^<form class="playground" data-readers="signed-in"/);
    const auth = await builtSite({ playground: { display: 'auth' } });
    expect(formOf(auth.html('ep'))).toContain('data-readers="signed-in"');
  });

  it('proxy: false sends from the browser, with cookies only when credentials is true; nothing is proxied', async () => {
    const direct = await builtSite({ playground: { proxy: false } });
    expect(formOf(direct.html('ep'))).not.toContain('data-proxy');
    expect(formOf(direct.html('ep'))).not.toContain('data-credentials');
    expect(endpointOf(direct.bundle, 'ep')!.proxyOrigins).toBeUndefined();
    const withCookies = await builtSite({ playground: { proxy: false, credentials: true } });
    expect(formOf(withCookies.html('ep'))).toContain('data-credentials="include"');
  });
});

describe('api.examples.prefill', () => {
  it('fills the playground inputs with each parameter default, else its placeholder (the spec example on OpenAPI pages)', async () => {
    const { html } = await builtSite({ examples: { prefill: true } });
    expect(html('ep')).toMatch(/<input name="body:name"[^>]* value="Ada"/);
    expect(html('ep')).toMatch(/<input name="body:team"[^>]* value="core"/);
    expect(html('pets')).toMatch(/<input name="query:species"[^>]* value="cat"/);
  });

  it('leaves them empty by default, the default or example showing as placeholder', async () => {
    const { html } = await builtSite({});
    expect(html('ep')).not.toMatch(/<input name="body:name"[^>]* value=/);
    expect(html('pets')).toMatch(/<input name="query:species"[^>]* placeholder="cat"/);
  });
});
