// schemas/api.openapi.json: a valid OpenAPI 3.1 document covering every endpoint, shipped and served at /v1/openapi.json.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqliteTarget } from '../store/targets.js';
import { apiDoc, responseValidator } from './openapi-check.js';
import { startApi, type ApiServer } from './api-server.js';

const ROOT = join(import.meta.dirname, '..', '..');

/** Every `$ref` in `value`. */
function refs(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(refs);
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, child]) => (key === '$ref' && typeof child === 'string' ? [child] : refs(child)));
}

describe('The OpenAPI document of the REST API', () => {
  const target = sqliteTarget();
  let api: ApiServer;
  beforeAll(async () => {
    api = await startApi(target, { siteUrl: 'https://docs.acme.test' });
  });
  afterAll(async () => {
    await api?.close();
    await target.dispose();
  });

  it('is OpenAPI 3.1 and covers the analytics, feedback and assistant endpoints', () => {
    expect(apiDoc.openapi).toMatch(/^3\.1\./);
    expect(Object.keys(apiDoc.paths).sort()).toEqual([
      '/v1/analytics/{projectId}/assistant',
      '/v1/analytics/{projectId}/feedback',
      '/v1/assistant/{projectId}/message',
      '/v1/openapi.json',
    ]);
    const conversations = apiDoc.paths['/v1/analytics/{projectId}/assistant']!.get!;
    expect(conversations.parameters!.map((p) => p.name)).toEqual(['projectId', 'dateFrom', 'dateTo', 'limit', 'cursor']);
    expect(Object.keys(conversations.responses).sort()).toEqual(['200', '400', '401', '403', '404', '429', '500', '503']);
    expect(Object.keys(apiDoc.paths['/v1/analytics/{projectId}/feedback']!.get!.responses).sort()).toEqual([
      '200',
      '400',
      '401',
      '403',
      '404',
      '429',
      '500',
      '503',
    ]);
    const feedback = apiDoc.paths['/v1/analytics/{projectId}/feedback']!.get!;
    expect(feedback.parameters!.map((p) => p.name)).toEqual(['projectId', 'dateFrom', 'dateTo', 'limit', 'cursor', 'source', 'status']);
  });

  it('resolves every $ref and compiles every response schema', () => {
    for (const ref of refs(apiDoc)) {
      expect(ref).toMatch(/^#\/components\/schemas\//);
      expect(apiDoc.components.schemas[ref.split('/').at(-1)!], ref).toBeDefined();
    }
    for (const [template, operations] of Object.entries(apiDoc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        for (const status of Object.keys(operation.responses)) expect(() => responseValidator(template, method, Number(status))).not.toThrow();
      }
    }
  });

  it('ships in the package (package.json files includes schemas/)', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { files: string[] };
    expect(pkg.files).toContain('schemas');
  });

  it('is served at /v1/openapi.json with this server as its server URL', async () => {
    const response = await api.get('/v1/openapi.json');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ...apiDoc, servers: [{ url: 'https://docs.acme.test' }] });
  });
});
