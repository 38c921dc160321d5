// The runtime's page routes over HTTP: clean URLs, Markdown, redirects, assets, 404s and access.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRuntime, type TestRuntime } from '../helpers/runtime.js';

let runtime: TestRuntime;
const get = (path: string, headers: Record<string, string> = {}) => fetch(`${runtime.url}${path}`, { headers, redirect: 'manual' });

beforeAll(async () => {
  runtime = await startRuntime();
});
afterAll(() => runtime?.close());

describe('pages', () => {
  it('serves pages at clean URLs, linking their Markdown version', async () => {
    const response = await get('/quickstart');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('link')).toBe('</quickstart.md>; rel="alternate"; type="text/markdown"');
    expect(await response.text()).toContain('<h1>Quickstart</h1>');
    expect((await get('/')).status).toBe(200);
  });

  it('serves Markdown at <path>.md and for Accept: text/markdown', async () => {
    const md = await get('/quickstart.md');
    expect(md.headers.get('content-type')).toMatch(/^text\/markdown/);
    expect(await md.text()).toMatch(/^# Quickstart/);
    const negotiated = await get('/quickstart', { Accept: 'text/markdown' });
    expect(negotiated.headers.get('content-type')).toMatch(/^text\/markdown/);
    expect(negotiated.headers.get('vary')).toContain('Accept');
    expect(await (await get('/index.md')).text()).toMatch(/^# Acme documentation/);
  });

  it('puts the sidebar into each page, marked for that page', async () => {
    const sidebarOf = async (path: string): Promise<string> => {
      const html = await (await get(path)).text();
      expect(html).not.toContain('docsite:sidebar');
      return /<nav class="sidebar"[\s\S]*?<\/nav>/.exec(html)![0];
    };
    const inside = await sidebarOf('/concepts/payments/advanced/multi-currency');
    expect(inside.match(/aria-current="page"/g)).toHaveLength(1);
    expect(inside).toContain('<a href="/concepts/payments/advanced/multi-currency" aria-current="page">');
    expect(inside).toMatch(/<details data-group="g\d+" open><summary>Advanced/);
    const outside = await sidebarOf('/quickstart');
    expect(outside).toContain('<a href="/quickstart" aria-current="page">');
    expect(outside).toMatch(/<details data-group="g\d+"><summary>Advanced/);
    expect(outside.replace(' aria-current="page"', '')).toBe(
      inside.replace(' aria-current="page"', '').replace(/(<details data-group="g\d+") open(><summary>Advanced)/, '$1$2'),
    );
  });

  it('redirects trailing slashes and the redirects of docs.json', async () => {
    expect((await get('/quickstart/')).headers.get('location')).toBe('/quickstart');
    const old = await get('/old-quickstart');
    expect(old.status).toBe(308);
    expect(old.headers.get('location')).toBe('/quickstart');
  });

  it("leads /<folder>/index, as links to index.mdx files write it, to the folder's page, Markdown too", async () => {
    const v1 = await get('/v1/index?from=old');
    expect(v1.status).toBe(308);
    expect(v1.headers.get('location')).toBe('/v1?from=old');
    expect((await get('/index')).headers.get('location')).toBe('/');
    const markdown = await get('/v1/index.md');
    expect(markdown.status).toBe(200);
    expect(await markdown.text()).toMatch(/^# /);
    // Not for a restricted page: the redirect would tell that it exists.
    expect((await get('/enterprise/sso/index')).status).toBe(404);
  });

  it('serves the site assets but never docsite data, sources, caches or raw page files', async () => {
    expect((await get('/images/dashboard.svg')).status).toBe(200);
    expect((await get('/_docsite/docsite.css')).status).toBe(200);
    for (const path of [
      '/_docsite/manifest.json',
      '/_docsite/search-index.json',
      '/_docsite/nav/t0-0.json',
      '/_docsite/sources/0000.json',
      '/quickstart.html',
      '/.cache/outputs.json',
      '/docs.json',
      '/drafts/ledger-api',
    ]) {
      expect((await get(path)).status, path).toBe(404);
    }
  });

  it('answers path traversal with 404, never a file outside the bundle', async () => {
    for (const path of ['/..%2f..%2f..%2fetc%2fpasswd', '/images/..%2f..%2fpackage.json', '/%2e%2e/%2e%2e/etc/passwd']) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(await response.text()).not.toContain('root:');
    }
    expect((await get('/%E0%A4%A')).status).toBe(400);
  });

  it('shows the 404 page for unknown paths', async () => {
    const response = await get('/no/such/page');
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('Page not found');
  });

  it('hides group-restricted pages as if they did not exist, also from navigation', async () => {
    const restricted = await get('/enterprise/sso');
    expect(restricted.status).toBe(404);
    expect((await get('/enterprise/sso.md')).status).toBe(404);
    const overview = await (await get('/enterprise/overview')).text();
    const sidebar = /<nav class="sidebar"[\s\S]*?<\/nav>/.exec(overview)![0];
    expect(sidebar).toContain('href="/enterprise/overview"');
    expect(sidebar).not.toContain('/enterprise/sso');
    expect(sidebar).not.toContain('/enterprise/audit-logs');
  });
});

describe('agent files', () => {
  it('lists readable indexed pages in llms.txt with the URL the site is reached at', async () => {
    const text = await (await get('/llms.txt')).text();
    expect(text).toMatch(/^# Acme\n\n> /);
    expect(text).toContain(`- [Quickstart](${runtime.url}/quickstart.md)`);
    expect(text).not.toContain('/enterprise/sso');
    expect(text).not.toContain('/internal/runbook');
    const full = await (await get('/llms-full.txt')).text();
    expect(full).toContain('# Quickstart');
    expect(full).not.toContain(`<!-- Source: ${runtime.url}/enterprise/sso`);
  });

  it('writes the sitemap and robots.txt for the request URL', async () => {
    const sitemap = await (await get('/sitemap.xml')).text();
    expect(sitemap).toContain(`<loc>${runtime.url}/quickstart</loc>`);
    expect(sitemap).not.toContain('/enterprise/sso');
    expect(await (await get('/robots.txt')).text()).toContain(`Sitemap: ${runtime.url}/sitemap.xml`);
  });
});

describe('discovery and health', () => {
  it('serves the same discovery document at /.well-known/mcp and /.well-known/mcp.json, with this URL', async () => {
    const a = (await (await get('/.well-known/mcp')).json()) as any;
    const b = (await (await get('/.well-known/mcp.json')).json()) as any;
    expect(a).toEqual(b);
    expect(a).toMatchObject({
      transport: 'http',
      url: `${runtime.url}/mcp`,
      servers: [{ name: 'public', url: `${runtime.url}/mcp`, transport: 'http', authentication: 'none' }],
    });
    const cards = (await (await get('/.well-known/mcp/server-cards.json')).json()) as any;
    expect(cards.servers).toEqual([(await (await get('/.well-known/mcp/server-card.json')).json()) as any]);
    expect((await (await get('/mcp/server-card')).json()) as any).toEqual(cards.servers[0]);
  });

  it('reports liveness and readiness', async () => {
    expect((await (await get('/healthz')).json()) as any).toEqual({ status: 'ok' });
    expect((await (await get('/readyz')).json()) as any).toEqual({ status: 'ready', checks: { bundle: 'ok', store: 'ok', rateLimiter: 'ok' } });
  });
});

describe('--site-url', () => {
  it('writes discovery files and llms.txt for the configured public URL', async () => {
    const behindProxy = await startRuntime({ siteUrl: 'https://docs.acme.test' });
    try {
      const discovery = (await (await fetch(`${behindProxy.url}/.well-known/mcp`)).json()) as any;
      expect(discovery.url).toBe('https://docs.acme.test/mcp');
      expect(await (await fetch(`${behindProxy.url}/llms.txt`)).text()).toContain('(https://docs.acme.test/quickstart.md)');
    } finally {
      await behindProxy.close();
    }
  });
});
