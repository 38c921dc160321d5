// Pages with `openapi:` frontmatter: the operation is documented from the spec, as navigation endpoints are.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/bundle/index.js';
import { loadSite } from '../../src/site/index.js';
import type { OpenApiDocument } from '../../src/site/openapi.js';
import { operationExamples } from '../../src/site/openapi-examples.js';
import { page, writeSite } from '../helpers/site.js';

const V3_SPEC = `openapi: 3.0.3
info: { title: Schedules, version: "3" }
servers:
  - url: https://api.trigger.test
security:
  - secretKey: []
components:
  securitySchemes:
    secretKey: { type: http, scheme: bearer }
paths:
  /api/v1/schedules:
    post:
      summary: Create a schedule
      description: Creates a schedule that triggers a task.
      parameters:
        - { name: X-Env, in: header, description: The environment to use., schema: { type: string } }
      requestBody:
        content:
          application/json:
            schema:
              type: object
              required: [task]
              properties:
                task: { type: string, description: The id of the task to trigger. }
                timing:
                  type: object
                  properties:
                    cron: { type: string, description: The cron expression of the schedule. }
      responses:
        "200":
          description: The schedule.
          content:
            application/json:
              schema:
                type: object
                properties:
                  id: { type: string, description: The schedule id. }
`;

// Named by no docs.json key: found only as a spec file of the folder.
const OTHER_SPEC = {
  openapi: '3.1.0',
  info: { title: 'Other', version: '1' },
  servers: [{ url: 'https://other.test/v1' }],
  components: { securitySchemes: { zoneKey: { type: 'apiKey', in: 'header', name: 'X-Zone-Key' } } },
  webhooks: {
    zoneUpdated: {
      post: {
        summary: 'Zone updated',
        requestBody: {
          content: { 'application/json': { schema: { type: 'object', properties: { zone: { type: 'string', description: 'The zone that changed.' } } } } },
        },
        responses: { '200': { description: 'Acknowledged.' } },
      },
    },
  },
  paths: {
    '/zones': {
      get: { summary: 'List zones', security: [{ zoneKey: [] }], parameters: [{ name: 'limit', in: 'query', schema: { type: 'integer' } }], responses: {} },
    },
    '/zones/{zone}/': {
      parameters: [{ name: 'zone', in: 'path', required: true, schema: { type: 'string' } }],
      get: { summary: 'Get a zone', responses: {} },
    },
  },
};

const SITE = {
  'docs.json': {
    name: 'Schedules',
    api: { openapi: 'v3-openapi.yaml', playground: { display: 'simple' }, examples: { languages: ['curl', 'python'], defaults: 'required' } },
    navigation: { pages: ['create', 'by-path', 'zones', 'zone', 'zone-updated', 'missing', 'remote'] },
  },
  'v3-openapi.yaml': V3_SPEC,
  'specs/other.json': OTHER_SPEC,
  'create.mdx': page({ openapi: 'v3-openapi POST /api/v1/schedules' }, '## Usage\n\nCreate one schedule per task.'),
  'by-path.mdx': page({ title: 'By path', openapi: '/v3-openapi.yaml POST /api/v1/schedules' }),
  'zones.mdx': page(
    { title: 'Zones', openapi: 'GET /zones' },
    '<RequestExample>\n\n```bash Own\ncurl https://other.test/v1/zones?mine\n```\n\n</RequestExample>',
  ),
  // Without the spec's trailing slash, as mem0 names one operation: Mintlify finds it all the same (@mintlify/common, findOpenApiPath).
  'zone.mdx': page({ openapi: 'GET /zones/{zone}' }),
  'zone-updated.mdx': page({ openapi: 'specs/other.json webhook zoneUpdated' }),
  'missing.mdx': page({ title: 'Missing', openapi: 'GET /nowhere' }),
  'remote.mdx': page({ title: 'Remote', openapi: 'https://specs.example.com/api.json GET /x' }),
};

describe('openapi frontmatter pages', () => {
  let root: string;
  let loaded: Awaited<ReturnType<typeof loadSite>>;
  beforeAll(async () => {
    root = writeSite(SITE);
    loaded = await loadSite(root, { jobs: 1 });
  });
  const pageOf = (path: string) => loaded.site!.pages.find((p) => p.path === path)!;

  it('document the operation of a spec named without its extension, below the page content', () => {
    const create = pageOf('create');
    expect(create.title).toBe('Create a schedule');
    expect(create.endpoint).toMatchObject({ method: 'POST', url: 'https://api.trigger.test/api/v1/schedules', playground: 'simple', authMethod: 'bearer' });
    expect(create.params.map((p) => `${p.location}:${p.name}${p.required ? '*' : ''}`)).toEqual(['header:X-Env', 'body:task*', 'body:timing']);
    expect(create.params.find((p) => p.name === 'timing')!.children.map((c) => c.name)).toEqual(['cron']);
    expect(create.responses.map((r) => r.name)).toEqual(['id']);
    expect(create.headings.map((h) => h.text)).toEqual(['Usage', 'Headers', 'Body', 'Response']);
    expect(create.sections.map((s) => s.text).join(' ')).toContain('The cron expression of the schedule.');
  });

  it('take the spec by its path too, and keep the page title', () => {
    expect(pageOf('by-path')).toMatchObject({ title: 'By path', endpoint: { url: 'https://api.trigger.test/api/v1/schedules' } });
  });

  it('look an operation without a spec up in every spec of the folder', () => {
    expect(pageOf('zones').endpoint).toMatchObject({ method: 'GET', url: 'https://other.test/v1/zones', authMethod: 'key', authName: 'X-Zone-Key' });
    expect(pageOf('zones').params.map((p) => p.name)).toEqual(['limit']);
  });

  it("find an operation whose path differs from the spec's by a trailing slash, with the path's parameters", () => {
    expect(loaded.diagnostics.filter((d) => d.file === 'zone.mdx')).toEqual([]);
    const zone = pageOf('zone');
    expect(zone.title).toBe('Get a zone');
    expect(zone.params.map((p) => `${p.location}:${p.name}`)).toEqual(['path:zone']);
  });

  it('document a webhook of a spec: what it sends, without a request URL', () => {
    const webhook = pageOf('zone-updated');
    expect(webhook.title).toBe('Zone updated');
    expect(webhook.endpoint).toBeUndefined();
    expect(webhook.params.map((p) => `${p.location}:${p.name}`)).toEqual(['body:zone']);
    expect(loaded.diagnostics.filter((d) => d.file === 'zone-updated.mdx')).toEqual([]);
  });

  it('report an operation no spec has at the frontmatter, naming the specs searched', () => {
    const found = loaded.diagnostics.filter((d) => d.file === 'missing.mdx');
    expect(found).toMatchObject([{ code: 'openapi/missing-operation', severity: 'error', line: 3 }]);
    expect(found[0]!.message).toContain('specs/other.json');
    expect(found[0]!.message).toContain('v3-openapi.yaml');
  });

  it('warn that a remote spec is not fetched', () => {
    expect(loaded.diagnostics.filter((d) => d.file === 'remote.mdx')).toMatchObject([{ code: 'openapi/remote-file', severity: 'warning', line: 3 }]);
  });

  let out: string;
  it('build with the operation in the HTML, the Markdown and search', async () => {
    // A build with an error writes nothing: this one leaves the missing operation out.
    const { 'missing.mdx': _missing, ...pages } = SITE;
    const built = writeSite({
      ...pages,
      'docs.json': { ...SITE['docs.json'], navigation: { pages: ['create', 'by-path', 'zones', 'zone-updated', 'remote'] } },
    });
    out = join(built, '..', `${built.split('/').pop()}-out`);
    const report = await build(built, { out, jobs: 1 });
    expect(report.errors).toEqual([]);
    const html = readFileSync(join(out, 'create.html'), 'utf8');
    expect(html).toContain('<code class="endpoint-url">https://api.trigger.test/api/v1/schedules</code>');
    expect(html).toContain('The id of the task to trigger.');
    expect(html.indexOf('Create one schedule per task.')).toBeLessThan(html.indexOf('The id of the task to trigger.'));
    const markdown = readFileSync(join(out, 'create.md'), 'utf8');
    expect(markdown).toMatch(/^# Create a schedule/);
    expect(markdown).toContain('<ParamField body="task" type="string" required>');
    const search = readdirSync(join(out, '_docsite', 'search'))
      .map((file) => readFileSync(join(out, '_docsite', 'search', file), 'utf8'))
      .join('');
    expect(search).toContain('The cron expression of the schedule.');
  });

  it('show request examples in the languages of api.examples, with the required parameters only, and a response example', () => {
    const markdown = readFileSync(join(out, 'create.md'), 'utf8');
    const request = markdown.slice(markdown.indexOf('<RequestExample>'), markdown.indexOf('</RequestExample>'));
    expect(request).toContain('--url https://api.trigger.test/api/v1/schedules');
    expect(request).toContain("--header 'Authorization: Bearer <token>'");
    expect(request).toContain('"task": "<string>"');
    expect(request).not.toContain('timing');
    expect(request).toContain('```python Python\nimport requests\n');
    expect(request).not.toContain('javascript');
    const response = markdown.slice(markdown.indexOf('<ResponseExample>'), markdown.indexOf('</ResponseExample>'));
    expect(response).toContain('```json 200');
    expect(response).toContain('"id": "<string>"');
    expect(readFileSync(join(out, 'create.html'), 'utf8')).toContain('class="api-example"');
  });

  it('keep the request example a page writes itself, instead of the generated ones', () => {
    const markdown = readFileSync(join(out, 'zones.md'), 'utf8');
    expect(markdown.match(/<RequestExample>/g)).toHaveLength(1);
    expect(markdown).toContain('zones?mine');
  });
});

describe('a page whose OpenAPI file does not exist', () => {
  // crewAI's Edge pages name /enterprise-api.en.yaml, which lives in edge/: Mintlify builds the site all the same.
  it('is built with its own text, the missing file a warning of the build', async () => {
    const dir = writeSite({
      'docs.json': { name: 'Missing spec', navigation: { pages: ['index', 'kickoff'] } },
      'index.mdx': page({ title: 'Home' }),
      'kickoff.mdx': page({ title: 'Kickoff', openapi: '/enterprise-api.en.yaml POST /kickoff' }, 'Start a crew.'),
    });
    const out = join(dir, '..', `${dir.split('/').pop()}-out`);
    const report = await build(dir, { out, jobs: 1 });
    expect(report.errors).toEqual([]);
    expect(report.warnings.map((d) => `${d.file} ${d.code}`)).toEqual(['kickoff.mdx openapi/missing-file']);
    expect(readFileSync(join(out, 'kickoff.html'), 'utf8')).toContain('Start a crew.');
  });
});

describe('OpenAPI request examples', () => {
  it('quote a URL with a query string for the shell in cURL', () => {
    const mdx = operationExamples(OTHER_SPEC as unknown as OpenApiDocument, 'GET', '/zones', {
      url: 'https://other.test/v1/zones',
      settings: { languages: ['curl'] },
    });
    expect(mdx).toContain("--url 'https://other.test/v1/zones?limit=123'");
    expect(
      operationExamples(OTHER_SPEC as unknown as OpenApiDocument, 'GET', '/zones', {
        url: 'https://other.test/v1/zones',
        settings: { languages: ['curl'], defaults: 'required' },
      }),
    ).toContain('--url https://other.test/v1/zones');
  });
});
