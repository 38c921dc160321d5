// Pages whose paths are not ASCII (/日本語, /guides/café): served, and percent-encoded wherever a URL leaves HTML.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, readBundle } from '../../src/bundle/index.js';
import { encodedUrl } from '../../src/site/index.js';
import { startRuntime, type TestRuntime } from '../helpers/runtime.js';
import { page, writeSite } from '../helpers/site.js';

const SITE_URL = 'https://docs.example.test';
const JAPANESE = '/%E6%97%A5%E6%9C%AC%E8%AA%9E';
const CAFE = '/guides/caf%C3%A9';
let out: string;
let runtime: TestRuntime;

beforeAll(async () => {
  const dir = writeSite({
    'docs.json': { name: 'Intl', navigation: { pages: ['index', '日本語', 'guides/café'] } },
    'index.mdx': page({ title: 'Home' }, 'Welcome.'),
    '日本語.mdx': page({ title: '日本語' }, '## 見出し\n\nテキスト'),
    'guides/café.mdx': page({ title: 'Café' }, '## Croissants\n\nFresh croissants every morning.'),
  });
  const report = await build(dir, { out: mkdtempSync(join(tmpdir(), 'docsite-intl-')), jobs: 1, siteUrl: SITE_URL });
  expect(report.errors).toEqual([]);
  out = report.outDir;
  runtime = await startRuntime({ bundle: await readBundle(out) });
});
afterAll(() => runtime?.close());

describe('pages whose paths are not ASCII', () => {
  it('encodes each path segment and the anchor, and leaves ASCII URLs alone', () => {
    expect(encodedUrl('/日本語#見出し')).toBe(`${JAPANESE}#%E8%A6%8B%E5%87%BA%E3%81%97`);
    expect(encodedUrl('/my page/100%')).toBe('/my%20page/100%25');
    expect(encodedUrl('/guides/quickstart#install-the-cli')).toBe('/guides/quickstart#install-the-cli');
    expect(encodedUrl("/api/v1.2/get_(item)#step-1.a'")).toBe("/api/v1.2/get_(item)#step-1.a'");
    // Reserved characters are encoded in ASCII URLs too: a slash only between path segments.
    expect(encodedUrl('/read/write#read/write-access')).toBe('/read/write#read%2Fwrite-access');
    expect(encodedUrl('/a?b=c#fees-&-billing')).toBe('/a%3Fb%3Dc#fees-%26-billing');
  });

  it('lists them percent-encoded in the sitemap and llms.txt', () => {
    const sitemap = readFileSync(join(out, 'sitemap.xml'), 'utf8');
    expect(sitemap).toContain(`<loc>${SITE_URL}${JAPANESE}</loc>`);
    expect(sitemap).toContain(`<loc>${SITE_URL}${CAFE}</loc>`);
    const llms = readFileSync(join(out, 'llms.txt'), 'utf8');
    expect(llms).toContain(`- [日本語](${SITE_URL}${JAPANESE}.md)`);
    expect(llms).toContain(`- [Café](${SITE_URL}${CAFE}.md)`);
  });

  it('serves the page, announcing its Markdown version in an ASCII Link header', async () => {
    const response = await fetch(`${runtime.url}${JAPANESE}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('link')).toBe(`<${JAPANESE}.md>; rel="alternate"; type="text/markdown"`);
    expect(await response.text()).toContain('見出し');
    const markdown = await fetch(`${runtime.url}${CAFE}.md`);
    expect(markdown.status).toBe(200);
    expect(await markdown.text()).toContain('Fresh croissants');
  });

  it('gives search results percent-encoded links over MCP', async () => {
    const client = new Client({ name: 'intl-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${runtime.url}/mcp`)));
    try {
      const { tools } = await client.listTools();
      const search = tools.find((tool) => tool.name.startsWith('search_'))!;
      const result = (await client.callTool({ name: search.name, arguments: { query: 'croissants' } })) as { content: { text: string }[] };
      expect(result.content[0]!.text).toMatch(new RegExp(`^## Café.*\\n\\S*${CAFE}#croissants\\n`, 'm'));
    } finally {
      await client.close();
    }
  });
});
