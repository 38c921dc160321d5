// Pages of OpenAPI operations listed in navigation: written from the spec, then built like any page.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { parsePage } from '../../src/content/index.js';
import { loadSite } from '../../src/site/index.js';
import { openApiPageSource } from '../../src/site/openapi-page.js';
import { operationPagePath } from '../../src/site/openapi-page-path.js';
import type { OpenApiDocument } from '../../src/site/openapi.js';

const EXAMPLE = join(import.meta.dirname, '..', '..', 'examples', 'acme');
const spec = parse(readFileSync(join(EXAMPLE, 'openapi', 'acme.yaml'), 'utf8')) as OpenApiDocument;

describe('OpenAPI operation pages', () => {
  it('are named after the directory, the first tag and the summary, as on Mintlify', () => {
    expect(operationPagePath('api-reference', spec, { method: 'GET', path: '/customers/{customerId}' })).toBe('api-reference/customers/retrieve-a-customer');
    expect(operationPagePath('api/v2', spec, { method: 'DELETE', path: '/webhooks/{webhookId}' })).toBe('api/v2/webhooks/delete-a-webhook-endpoint');
  });

  it('are named after the method and the path without a summary, or without the spec', () => {
    const untitled = { paths: { '/users/{id}': { get: {} } } } as OpenApiDocument;
    expect(operationPagePath('api-reference', untitled, { method: 'GET', path: '/users/{id}' })).toBe('api-reference/get-users');
    expect(operationPagePath('api-reference', undefined, { method: 'DELETE', path: '/' })).toBe('api-reference/delete');
  });

  it('document parameters, the JSON body and the response, following $ref and allOf', () => {
    const { page, diagnostics } = parsePage('acme/post-customers.mdx', openApiPageSource(spec, 'POST', '/customers', {}));
    expect(diagnostics).toEqual([]);
    expect(page.title).toBe('Create a customer');
    expect(page.api).toMatchObject({ method: 'POST', target: 'https://api.acme.test/v2/customers', isFullUrl: true });
    expect(page.params.map((p) => `${p.location}:${p.name}${p.required ? '*' : ''}`)).toEqual([
      'header:Idempotency-Key',
      'body:name*',
      'body:email*',
      'body:currency',
      'body:payment_terms',
      'body:tax_id',
      'body:metadata',
    ]);
    expect(page.params.find((p) => p.name === 'currency')).toMatchObject({ type: 'string', default: 'USD' });
    expect(page.params.find((p) => p.name === 'payment_terms')!.description).toContain('net_30');
    expect(page.responses.map((r) => r.name)).toEqual(expect.arrayContaining(['id', 'created_at', 'name', 'email']));
  });

  it('nest array items of responses and require path parameters', () => {
    const list = parsePage('acme/get-customers.mdx', openApiPageSource(spec, 'GET', '/customers', {})).page;
    const data = list.responses.find((r) => r.name === 'data')!;
    expect(data.type).toBe('object[]');
    expect(data.children.map((c) => c.name)).toContain('email');
    const get = parsePage('x.mdx', openApiPageSource(spec, 'GET', '/customers/{customerId}', {})).page;
    expect(get.params.find((p) => p.location === 'path')).toMatchObject({ name: 'customerId', required: true });
  });

  it('escape spec prose so it can never break the MDX', () => {
    const tricky = {
      paths: {
        '/x': {
          get: {
            summary: 'Use <b> and {braces}',
            description: 'A <Note> {1+1} \\ text',
            parameters: [{ name: 'q"x', in: 'query', description: '<script>alert(1)</script>' }],
          },
        },
      },
    } as OpenApiDocument;
    const { page, diagnostics } = parsePage('x.mdx', openApiPageSource(tricky, 'GET', '/x', { siteServer: 'https://api.test' }));
    expect(diagnostics).toEqual([]);
    expect(page.title).toBe('Use <b> and {braces}');
    expect(page.sections.map((s) => s.text).join(' ')).toContain('A <Note> {1+1}');
  });

  it('join the site model in their navigation place, linked from the sidebar entry', async () => {
    const { site } = await loadSite(EXAMPLE, { jobs: 1 });
    const page = site!.pages.find((p) => p.path === 'api-reference/customers/list-customers')!;
    expect(page).toMatchObject({ url: '/api-reference/customers/list-customers', title: 'List customers', inNavigation: true, indexed: true });
    expect(page.placements[0]!.breadcrumbs).toEqual(['API reference', 'Customers (OpenAPI)']);
    expect(page.endpoint).toMatchObject({ method: 'GET', url: 'https://api.acme.test/v2/customers', authMethod: 'key' });
  });
});
