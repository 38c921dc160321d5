// Components real Mintlify pages use (their docs: mintlify/docs components/*.mdx): each reaches the
// page's HTML, its Markdown version and its search text, and passes the sanitizer.
import { describe, expect, it } from 'vitest';
import { analysePage } from '../../src/content/index.js';
import { pageMarkdown, renderBody } from '../../src/render/index.js';

function build(mdx: string) {
  const source = `---\ntitle: Page\n---\n\n${mdx}\n`;
  const { parsed, tree } = analysePage('page.mdx', source);
  expect(tree, JSON.stringify(parsed.diagnostics)).toBeDefined();
  return {
    diagnostics: parsed.diagnostics.map((d) => `${d.code} ${d.message}`),
    html: renderBody(tree!),
    markdown: pageMarkdown(source, 'Page'),
    search: parsed.page.sections.map((s) => s.text).join('\n'),
  };
}

describe('components of real pages', () => {
  it('renders a Prompt as a box whose text the copy button copies, kept as written in Markdown', () => {
    const page = build('<Prompt description="Write docs." icon="paperclip" actions={["copy"]}>\nYou are a **technical writer**.\n</Prompt>');
    expect(page.diagnostics).toEqual([]);
    expect(page.html).toBe(
      '<figure class="code-block prompt" data-title="Prompt" data-language="text"><figcaption class="code-caption"><svg class="icon" viewBox="0 0 512 512" fill="currentColor" aria-hidden="true"><path d="M224.6 12.8c56.2-56.2 147.4-56.2 203.6 0s56.2 147.4 0 203.6l-164 164c-34.4 34.4-90.1 34.4-124.5 0s-34.4-90.1 0-124.5L292.5 103.3c12.5-12.5 32.8-12.5 45.3 0s12.5 32.8 0 45.3L185 301.3c-9.4 9.4-9.4 24.6 0 33.9s24.6 9.4 33.9 0l164-164c31.2-31.2 31.2-81.9 0-113.1s-81.9-31.2-113.1 0l-164 164c-53.1 53.1-53.1 139.2 0 192.3s139.2 53.1 192.3 0L428.3 284.3c12.5-12.5 32.8-12.5 45.3 0s12.5 32.8 0 45.3L343.4 459.6c-78.1 78.1-204.7 78.1-282.8 0s-78.1-204.7 0-282.8l164-164z"></path></svg><span class="code-title">Write docs.</span></figcaption><div class="prompt-body"><p>You are a <strong>technical writer</strong>.</p></div></figure>',
    );
    expect(page.markdown).toContain('You are a **technical writer**.');
    expect(page.search).toContain('You are a technical writer.');
  });

  it('shows Visibility for humans on the page and in search, for agents in the Markdown version only', () => {
    const page = build(
      [
        '<Visibility for="humans">',
        '  <Note>Click **Get started**.</Note>',
        '</Visibility>',
        '',
        '<Visibility for="agents">',
        '  > Call `POST /v1/accounts`.',
        '  >',
        '  > With an email.',
        '</Visibility>',
        '',
        '```mdx',
        '<Visibility for="humans">Example</Visibility>',
        '```',
      ].join('\n'),
    );
    expect(page.diagnostics).toEqual([]);
    expect(page.html).toContain('Click <strong>Get started</strong>.');
    expect(page.html).not.toContain('/v1/accounts');
    expect(page.search).toContain('Click Get started.');
    expect(page.search).not.toContain('/v1/accounts');
    expect(page.markdown).toBe('# Page\n\n> Call `POST /v1/accounts`.\n>\n> With an email.\n\n```mdx\n<Visibility for="humans">Example</Visibility>\n```\n');
  });

  it('makes Views side by side one selector; every view reaches search and Markdown', () => {
    const page = build('<View title="JavaScript" icon="js">\n  JS text.\n</View>\n\n<View title="Python" icon="python">\n  Python text.\n</View>');
    expect(page.diagnostics).toEqual([]);
    // Each view's label shows its icon (the Font Awesome brands `js` and `python`).
    expect(page.html).toMatch(
      /<label class="tab-label" for="tabs-1-0"><svg class="icon" viewBox="0 0 448 512" [^>]*><path d="M0 32l0 448[^"]*"><\/path><\/svg>JavaScript<\/label>/,
    );
    expect(page.html).toMatch(/<label class="tab-label" for="tabs-1-1"><svg class="icon" [^>]*><path d="[^"]+"><\/path><\/svg>Python<\/label>/);
    expect(page.html).toContain('<p>Python text.</p>');
    expect(page.search).toContain('JS text.');
    expect(page.search).toContain('Python text.');
    expect(page.markdown).toContain('<View title="Python" icon="python">');
  });

  it('renders a Tree of folders and files, and a FileTree of a Markdown list', () => {
    const page = build(
      '<Tree>\n  <Tree.Folder name="app" defaultOpen>\n    <Tree.File name="page.tsx" />\n  </Tree.Folder>\n  <Tree.File name="package.json" />\n</Tree>\n\n<FileTree>\n\n- docs/\n  - index.mdx\n\n</FileTree>',
    );
    expect(page.diagnostics).toEqual([]);
    expect(page.html).toContain(
      '<div class="tree"><ul><li class="tree-folder"><details open><summary>app</summary><ul><li class="tree-file">page.tsx</li></ul></details></li><li class="tree-file">package.json</li></ul></div>',
    );
    expect(page.html).toContain('<div class="tree"><ul>\n<li>docs/\n<ul>\n<li>index.mdx</li>');
  });

  it('renders Color swatches with a colour value only, Panel, Tile, Column and GitHub.Repo', () => {
    const page = build(
      [
        '<Color variant="table">',
        '  <Color.Row title="Primary">',
        '    <Color.Item name="blue-500" value="#3B82F6" />',
        '    <Color.Item name="bad" value="red;background:url(https://evil.example/x)" />',
        '  </Color.Row>',
        '</Color>',
        '',
        '<Panel>\n  <Info>Pinned.</Info>\n</Panel>',
        '',
        '<Tile href="/components/tiles" title="Tile title" description="Short description">\n  <img src="/a.png" alt="A" />\n</Tile>',
        '',
        '<Columns cols={2}>\n  <Column>\n    Left.\n  </Column>\n</Columns>',
        '',
        '<GitHub.Repo repo="mintlify/docs" />',
      ].join('\n'),
    );
    expect(page.diagnostics).toEqual([]);
    expect(page.html).toContain(
      '<div class="color color-table"><div class="color-row"><p class="color-row-title">Primary</p><div class="color-item"><span class="color-swatch" style="--swatch: #3B82F6" aria-hidden="true"></span><span class="color-name">blue-500</span><code class="color-value">#3B82F6</code></div>',
    );
    expect(page.html).not.toContain('evil.example/x)"');
    expect(page.html).toContain('<div class="color-item"><span class="color-name">bad</span>');
    expect(page.html).toContain('<aside class="panel"><aside class="callout callout-info"');
    expect(page.html).toContain(
      '<a class="card tile" href="/components/tiles"><div class="tile-preview"><img src="/a.png" alt="A"></div><p class="card-title">Tile title</p><p class="tile-description">Short description</p></a>',
    );
    expect(page.html).toContain('<div class="column"><p>Left.</p></div>');
    expect(page.html).toContain('<a class="card github-repo" href="https://github.com/mintlify/docs">');
  });

  it('gives a mermaid fence to the page as <pre class="mermaid">, and keeps the fence in Markdown', () => {
    const page = build('```mermaid placement="top-right"\nflowchart LR\n  A --> B<script>\n```');
    expect(page.html).toBe('<pre class="mermaid">flowchart LR\n  A --> B&#x3C;script></pre>');
    expect(page.markdown).toContain('```mermaid placement="top-right"\nflowchart LR');
    expect(page.search).toContain('A --> B');
  });

  it('keeps $…$ and $$…$$ as math, not Markdown: typeset on the page, TeX in Markdown and search', () => {
    const page = build('The theorem $a_1 * b_2 = c_3$ holds.\n\n$$\nE = mc^2\n$$');
    expect(page.html).toContain('<annotation encoding="application/x-tex">a_1 * b_2 = c_3</annotation>');
    expect(page.html).toContain('<span class="katex-display"><span class="katex">');
    expect(page.html).not.toContain('<em>');
    expect(page.markdown).toContain('$a_1 * b_2 = c_3$');
    expect(page.search).toContain('a_1 * b_2 = c_3');
  });

  it('shows a ParamField named by `name` (an SDK property, no request location) as a field, not an API parameter', () => {
    const source = '<ParamField name="iceServers" type="RTCIceServer[]" default="[]">\n  ICE servers to connect through.\n</ParamField>';
    const page = build(source);
    expect(page.diagnostics).toEqual([]);
    // Mintlify's link checker reads a field's name from `name` too (@mintlify/link-rot), so links to #param-ice-servers pass there: they land here.
    expect(page.html).toContain(
      '<div class="field param-field" id="param-ice-servers"><div class="field-head"><code class="field-name">iceServers</code><span class="field-type">RTCIceServer[]</span>',
    );
    expect(page.html).toContain('ICE servers to connect through.');
    const { parsed } = analysePage('page.mdx', `---\ntitle: Page\n---\n\n${source}\n`);
    expect(parsed.page.anchors).toContain('param-ice-servers');
    expect(parsed.page.params).toEqual([]);
  });

  it('renders Link, one of the components Mintlify lets pages use, as a link', () => {
    const page = build('See <Link href="/platform/features/graph-memory">Graph Memory</Link>.');
    expect(page.diagnostics).toEqual([]);
    expect(page.html).toBe('<p>See <a href="/platform/features/graph-memory">Graph Memory</a>.</p>');
    expect(page.search).toContain('See Graph Memory.');
  });

  it('keeps the Tailwind classes that pair light and dark images', () => {
    const page = build('<img className="block dark:hidden" src="/light.png" alt="" />\n<img className="hidden dark:block" src="/dark.png" alt="" />');
    expect(page.html).toContain('<img class="block dark:hidden" src="/light.png" alt="">');
    expect(page.html).toContain('<img class="hidden dark:block" src="/dark.png" alt="">');
  });
});
