import { describe, expect, it } from 'vitest';
import { parsePage } from '../../src/content/index.js';

const API_PAGE = `---
title: Create a customer
api: POST /customers/{customerId}
authMethod: bearer
---

Creates a customer. See [the guide](/guides/customers#setup).

## Parameters {#params}

<ParamField path="customerId" type="string" required>Id of the customer</ParamField>
<ParamField query="expand" type="boolean" default={false}>Expand nested objects</ParamField>
<ParamField header="Idempotency-Key" type="string">Retry safely</ParamField>
<ParamField body="address" type="object">
  Postal address.
  <Expandable title="properties">
    <ParamField body="city" type="string" required>City</ParamField>
  </Expandable>
</ParamField>

## Response

<ResponseField name="id" type="string" required>Identifier</ResponseField>
<ResponseField name="owner" type="object">
  <Expandable title="properties">
    <ResponseField name="email" type="string" />
    <ResponseField name="teams" type="object[]">
      <ResponseField name="name" type="string" />
    </ResponseField>
  </Expandable>
</ResponseField>
`;

describe('parsePage', () => {
  it('reads the API declaration and the parameter and response fields, nested', () => {
    const { page, diagnostics } = parsePage('api/customers.mdx', API_PAGE);
    expect(diagnostics).toEqual([]);
    expect(page.api).toMatchObject({ method: 'POST', target: '/customers/{customerId}', isFullUrl: false, at: { line: 3 } });
    expect(page.params.map((p) => [p.location, p.name, p.type, p.required, p.default])).toEqual([
      ['path', 'customerId', 'string', true, undefined],
      ['query', 'expand', 'boolean', false, 'false'],
      ['header', 'Idempotency-Key', 'string', false, undefined],
      ['body', 'address', 'object', false, undefined],
    ]);
    expect(page.params[3]!.children).toMatchObject([{ kind: 'param', location: 'body', name: 'city', required: true }]);
    expect(page.responses.map((r) => r.name)).toEqual(['id', 'owner']);
    const owner = page.responses[1]!;
    expect(owner.children.map((c) => c.name)).toEqual(['email', 'teams']);
    expect(owner.children[1]!.children.map((c) => c.name)).toEqual(['name']);
  });

  it('gives headings anchors, honouring {#custom-id}, and splits sections under them', () => {
    const { page } = parsePage('api/customers.mdx', API_PAGE);
    expect(page.headings.map((h) => [h.text, h.id, h.line])).toEqual([
      ['Parameters', 'params', 9],
      ['Response', 'response', 21],
    ]);
    expect(page.sections.map((s) => s.anchor)).toEqual([null, 'params', 'response']);
    expect(page.sections[0]!.text).toBe('Creates a customer. See the guide.');
    expect(page.sections[1]!.text).toContain('Id of the customer');
    expect(page.links).toEqual([{ kind: 'link', url: '/guides/customers#setup', line: 7, column: 25 }]);
  });

  it('takes the title from frontmatter, else the first heading, else the path', () => {
    expect(parsePage('a.mdx', '---\ntitle: From frontmatter\n---\n# Heading\n').page.title).toBe('From frontmatter');
    expect(parsePage('a.mdx', 'Intro\n\n# From heading\n').page.title).toBe('From heading');
    expect(parsePage('guides/a.mdx', 'No heading at all\n').page.title).toBe('guides/a');
  });

  it('nests heading paths and keeps duplicate headings apart', () => {
    const { page } = parsePage('a.mdx', '## Install\n\nx\n\n### On macOS\n\ny\n\n## Install\n\nz\n');
    expect(page.sections.map((s) => [s.headingPath, s.anchor])).toEqual([
      [['Install'], 'install'],
      [['Install', 'On macOS'], 'on-macos'],
      [['Install'], 'install-2'],
    ]);
  });

  it('collects links from Markdown, components and images, and ids of JSX elements', () => {
    const { page } = parsePage(
      'a.mdx',
      '<Card title="Go" href="/quickstart" img="/images/card.png" />\n\n![diagram](/images/d.png)\n\n<div id="faq">x</div>\n',
    );
    expect(page.links.map((l) => [l.kind, l.url])).toEqual([
      ['link', '/quickstart'],
      ['image', '/images/card.png'],
      ['image', '/images/d.png'],
    ]);
    expect(page.anchors).toContain('faq');
  });

  it('warns of components it does not know, and of those imported from code, which it never runs', () => {
    const source =
      'import { Chart } from "/snippets/chart.jsx";\nimport Plan from "/snippets/plan.mdx";\n\n<Banner>Hi</Banner>\n\n<Chart data="x" />\n\n<Plan />\n\n<Note>Known.</Note>\n';
    const { diagnostics } = parsePage('a.mdx', source);
    expect(diagnostics.map((d) => [d.code, d.line, d.message])).toEqual([
      ['render/unknown-component', 4, 'Unknown component <Banner>; its children are rendered as they are.'],
      ['render/unknown-component', 6, '<Chart> comes from /snippets/chart.jsx, code docsite does not run; its children are rendered as they are.'],
    ]);
  });

  it('reports an MDX syntax error with its line and column, and still checks the frontmatter', () => {
    const { page, diagnostics } = parsePage('a.mdx', '---\nplayground: fancy\n---\n\nA < B and {oops\n');
    expect(page.parsed).toBe(false);
    expect(diagnostics.map((d) => [d.code, d.line])).toEqual([
      ['mdx/syntax', 5],
      ['frontmatter/schema', 2],
    ]);
  });

  const nested = (levels: number): string => `---\ntitle: Deep\n---\n\n${'<div>\n'.repeat(levels)}x\n${'</div>\n'.repeat(levels)}`;

  it('parses elements nested as deep as real pages go', () => {
    const { page, diagnostics } = parsePage('deep.mdx', nested(100));
    expect(diagnostics).toEqual([]);
    expect(page.parsed).toBe(true);
  });

  it('reports nesting too deep to render, and nesting too deep to parse, as mdx/too-deep', () => {
    const deep = parsePage('deep.mdx', nested(3_000));
    expect(deep.diagnostics.map((d) => [d.code, d.line])).toEqual([['mdx/too-deep', 261]]);
    expect(deep.page).toMatchObject({ parsed: false, title: 'Deep' });
    const deeper = parsePage('deeper.mdx', nested(30_000));
    expect(deeper.diagnostics.map((d) => [d.code, d.line])).toEqual([['mdx/too-deep', 1]]);
    expect(deeper.diagnostics[0]!.message).toBe('Elements are nested more than 256 levels deep; docsite does not render pages nested that deeply.');
  });
});
