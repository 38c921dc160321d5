import { describe, expect, it } from 'vitest';
import { extractHeadingIds } from '../../src/content/heading-ids.js';
import { analysePage } from '../../src/content/index.js';
import { renderBody } from '../../src/render/index.js';

describe('extractHeadingIds', () => {
  it('takes {#id} off headings and keeps every other character in place', () => {
    const source = '# Intro\n\n## Rotating keys {#key-rotation}\n\ntext {#not-a-heading}\n';
    const { source: out, idsByLine } = extractHeadingIds(source);
    expect(idsByLine).toEqual(new Map([[3, 'key-rotation']]));
    expect(out.length).toBe(source.length);
    expect(out.split('\n')[2]!.trimEnd()).toBe('## Rotating keys');
    expect(out).toContain('text {#not-a-heading}');
  });

  it('leaves fenced code alone', () => {
    const source = '```bash\n# comment {#x}\n```\n\n~~~\n## also code {#y}\n~~~\n## Real {#z}\n';
    const { idsByLine, source: out } = extractHeadingIds(source);
    expect([...idsByLine.values()]).toEqual(['z']);
    expect(out).toContain('# comment {#x}');
  });
});

describe('Mintlify anchor ids', () => {
  /** The ids a page's anchors get, in order, and its rendered HTML. */
  function anchorsOf(mdx: string): { anchors: string[]; html: string } {
    const { parsed, tree } = analysePage('page.mdx', mdx);
    expect(tree, JSON.stringify(parsed.diagnostics)).toBeDefined();
    return { anchors: parsed.page.anchors, html: renderBody(tree!) };
  }

  it('anchors headings of levels 1 to 4 only, as Mintlify does; a deeper one keeps a {#id} written on it', () => {
    const { anchors, html } = anchorsOf('#### Boot\n\n##### Boot modes\n\ntext\n\n###### Deep {#deep}\n\n## Boot\n');
    expect(anchors).toEqual(['boot', 'deep', 'boot-2']);
    expect(html).toContain('<h5>Boot modes</h5>');
    expect(html).toContain('<h6 id="deep">Deep<a class="heading-anchor" href="#deep"');
  });

  it('slugs headings as Mintlify documents (create/text: "Automatic anchor IDs")', () => {
    const headings = [
      'Getting started',
      'Config.json options',
      "What's new",
      'Rate limits (per minute)',
      'Read/write access',
      'Fees & billing',
      'OAuth',
      'Step 1: Install',
    ];
    const { anchors, html } = anchorsOf(headings.map((text) => `## ${text}`).join('\n\n'));
    expect(anchors).toEqual([
      'getting-started',
      'config-json-options',
      'what’s-new',
      'rate-limits-per-minute',
      'read/write-access',
      'fees-&-billing',
      'oauth',
      'step-1-install',
    ]);
    expect(html).toContain('<h2 id="read/write-access">');
    expect(html).toContain('<h2 id="fees-&#x26;-billing">');
  });

  it('numbers a repeated heading from 2, across the page and inside components', () => {
    const { anchors } = anchorsOf('## Overview\n\n<Tabs>\n<Tab title="A">\n## Overview\n</Tab>\n</Tabs>\n\n### Overview\n');
    expect(anchors.filter((id) => id.startsWith('overview'))).toEqual(['overview', 'overview-2', 'overview-3']);
  });

  it('keeps letters of any script and slugs `code` and slashes as written', () => {
    const { anchors } = anchorsOf('## `tasks/get`\n\n## Über uns\n\n## `_meta`\n');
    expect(anchors).toEqual(['tasks/get', 'über-uns', '_meta']);
  });

  it('gives ParamField and ResponseField param-<name> ids, numbered when repeated, in anchors and HTML', () => {
    const { anchors, html } = anchorsOf(
      '<ParamField body="userId" type="string">x</ParamField>\n\n<ParamField query="thumbnails.background">y</ParamField>\n\n<ResponseField name="userId">z</ResponseField>\n\n<ParamField path="id" id="custom">w</ParamField>\n',
    );
    expect(anchors).toEqual(expect.arrayContaining(['param-user-id', 'param-thumbnails-background', 'param-user-id-1', 'custom']));
    expect(html).toContain('id="param-user-id"');
    expect(html).toContain('id="param-user-id-1"');
    expect(html).toContain('id="custom"');
  });

  it('gives accordions ids from their title (or their own id), in anchors and HTML', () => {
    const { anchors, html } = anchorsOf(
      '<Accordion title="Installation steps">a</Accordion>\n\n<Accordion title="Installation steps">b</Accordion>\n\n<Accordion title="Setup: Advanced" id="install">c</Accordion>\n',
    );
    expect(anchors).toEqual(expect.arrayContaining(['installation-steps', 'installation-steps-1', 'install']));
    expect(html).toContain('<details class="accordion" id="installation-steps">');
    expect(html).toContain('<details class="accordion" id="install">');
  });
});

describe('anchor ids of updates and tabs', () => {
  it('gives an Update the id of its label, numbered with the headings, and a Tab the id of its title', () => {
    const { parsed, tree } = analysePage(
      'page.mdx',
      '## v1.2\n\n<Update label="v1.2" description="May">\nx\n</Update>\n\n<Tabs>\n<Tab title="Web app">\na\n</Tab>\n<Tab title="CLI" id="cli-tab">\nb\n</Tab>\n</Tabs>\n',
    );
    expect(parsed.page.anchors).toEqual(expect.arrayContaining(['v1-2', 'v1-2-2', 'web-app', 'cli-tab']));
    const html = renderBody(tree!);
    expect(html).toContain('<section class="update" id="v1-2-2">');
    expect(html).toContain('<div class="tab-panel" id="web-app">');
    expect(html).toContain('<div class="tab-panel" id="cli-tab">');
  });
});

describe('accordion ids of other scripts', () => {
  it('spells accented titles in ASCII, as Mintlify transliterates them', () => {
    const { parsed } = analysePage('page.mdx', '<Accordion title="Configuración avanzada">a</Accordion>\n\n<Accordion title="Über Straße">b</Accordion>\n');
    expect(parsed.page.anchors).toEqual(['configuracion-avanzada', 'ueber-strasse']);
  });
});
