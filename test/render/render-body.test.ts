// Page bodies rendered to HTML: components, code blocks, headings, and what is never rendered.
import { describe, expect, it } from 'vitest';
import { analysePage, KNOWN_COMPONENTS } from '../../src/content/index.js';
import { COMPONENTS, renderBody } from '../../src/render/index.js';

/** The class attribute of each line of a page's code blocks. */
function lineClasses(html: string): string[] {
  return [...html.matchAll(/<span class="(line[^"]*)">/g)].map((match) => match[1]!);
}

function render(mdx: string): string {
  const { parsed, tree } = analysePage('page.mdx', mdx);
  expect(tree, JSON.stringify(parsed.diagnostics)).toBeDefined();
  return renderBody(tree!);
}

describe('renderBody', () => {
  it('has a renderer for every component validate knows', () => {
    expect(Object.keys(COMPONENTS).sort()).toEqual([...KNOWN_COMPONENTS].sort());
  });

  it('renders callouts as labelled asides, their icon beside their content', () => {
    expect(render('<Warning>Keys are secret.</Warning>')).toMatch(
      /^<aside class="callout callout-warning" role="note" aria-label="Warning"><span class="callout-icon"><svg class="icon" [^>]*>.*<\/svg><\/span><div class="callout-content">Keys are secret.<\/div><\/aside>$/,
    );
    expect(render('<Note>\n  Block **form**.\n</Note>')).toMatch(/<div class="callout-content"><p>Block <strong>form<\/strong>.<\/p><\/div><\/aside>$/);
  });

  it('renders cards as links inside a grid with the given column count', () => {
    const html = render('<CardGroup cols={3}>\n  <Card title="Start" href="/start" icon="rocket">Go.</Card>\n</CardGroup>');
    expect(html).toContain('<div class="card-group" style="--cols: 3"><a class="card" href="/start">');
    expect(html).toContain('<p class="card-title">Start</p>');
  });

  it('renders tabs as a radio tab set with unique ids per page', () => {
    const html = render(
      '<Tabs>\n<Tab title="npm">\nnpm i\n</Tab>\n<Tab title="pip">\npip install\n</Tab>\n</Tabs>\n\n<Tabs>\n<Tab title="A">\na\n</Tab>\n</Tabs>',
    );
    expect(html).toContain('<input type="radio" class="tab-input" name="tabs-1" id="tabs-1-0" checked><label class="tab-label" for="tabs-1-0">npm</label>');
    expect(html).toContain('<label class="tab-label" for="tabs-1-1">pip</label>');
    expect(html).toContain('id="tabs-2-0"');
  });

  it('labels code blocks with their language and title, and groups them', () => {
    const html = render('<CodeGroup>\n\n```bash cURL\ncurl x\n```\n\n```ts title="client.ts"\nx()\n```\n\n</CodeGroup>');
    expect(html).toContain('<span class="code-title">cURL</span><span class="code-language">bash</span>');
    expect(html).toContain('<span class="code-title">client.ts</span><span class="code-language">ts</span>');
    expect(html).toContain('<label class="tab-label" for="tabs-1-1">client.ts</label>');
    expect(render('```\nplain\n```')).toContain('<span class="code-language">text</span>');
  });

  it('reads code fence flags as flags, not title words, and draws its line ranges', () => {
    const java = render('```java HelloWorld.java lines icon="java"\nclass A {}\n```');
    expect(java).toContain('<figure class="code-block code-lines" data-title="HelloWorld.java" data-language="java" data-icon="java">');
    expect(java).toContain('<span class="code-title">HelloWorld.java</span>');
    const many = render('```javascript Line highlighting example {1,3-5} wrap expandable twoslash nocopy focus={2, 4-5} icon=square-js\na\nb\nc\nd\ne\n```');
    expect(many).toContain(
      '<figure class="code-block code-wrap code-expandable code-twoslash code-nocopy" data-title="Line highlighting example" data-language="javascript" data-icon="square-js">',
    );
    expect(lineClasses(many)).toEqual(['line highlighted', 'line focused', 'line highlighted', 'line highlighted focused', 'line highlighted focused']);
    const titled = render('```js highlight={1-2,5} title="a b.js"\na\nb\nc\n```');
    expect(titled).toContain('data-title="a b.js" data-language="js"');
    expect(lineClasses(titled)).toEqual(['line highlighted', 'line highlighted', 'line']);
    expect(lineClasses(render('```ts focus=2,4\nx\ny\n```'))).toEqual(['line', 'line focused']);
    // A range that is not one marks nothing.
    expect(lineClasses(render('```ts highlight="1,<x>"\nx\n```'))).toEqual(['line']);
  });

  it('gives headings their anchors, including {#custom-id}', () => {
    const html = render('## Rotating keys {#key-rotation}\n\n## Plain heading');
    expect(html).toContain('<h2 id="key-rotation">Rotating keys<a class="heading-anchor" href="#key-rotation"');
    expect(html).toContain('<h2 id="plain-heading">');
  });

  it('renders accordions and expandables as native disclosures', () => {
    expect(render('<Accordion title="Why?">Because.</Accordion>')).toContain('<details class="accordion" id="why"><summary>Why?</summary>');
    expect(render('<Expandable title="fields">x</Expandable>')).toContain('<details class="expandable"><summary>Show fields</summary>');
  });

  it('renders parameter and response fields with location, type, required and default', () => {
    const html = render('<ParamField query="limit" type="integer" default="10" required>How many.</ParamField>');
    expect(html).toContain(
      '<code class="field-name">limit</code><span class="field-location">query</span><span class="field-type">integer</span><span class="field-required">required</span><span class="field-default">default: <code>10</code></span>',
    );
  });

  it('renders the children of an unknown component', () => {
    expect(render('<Banner kind="x">Hello **there**</Banner>')).toBe('<p>Hello <strong>there</strong></p>');
  });

  it('never runs page code: expressions, imports and scripts are dropped', () => {
    const html = render(
      'import { X } from "/snippets/x.mdx";\n\nTotal: {1 + 1}\n\n<script>alert(1)</script>\n\n<a href="javascript:alert(1)" onClick={() => 1}>link</a>',
    );
    expect(html).toBe('<p>Total: </p>\n<p><a>link</a></p>');
  });

  it('renders Markdown links and images with javascript: or data: URLs without them, and keeps safe ones', () => {
    const html = render(
      '[a](javascript:alert(1)) [b][evil] ![c](data:text/html,x) ![d](data:image/png;base64,AAAA) [e](/guides/intro) ![f](JaVaScRiPt:alert(2))\n\n[evil]: javascript:alert(3)',
    );
    expect(html).toBe('<p><a>a</a> <a>b</a> <img alt="c"> <img src="data:image/png;base64,AAAA" alt="d"> <a href="/guides/intro">e</a> <img alt="f"></p>');
  });

  it('keeps HTML elements with literal attributes', () => {
    expect(render('<img src="/a.png" alt="A" width={200} />')).toBe('<img src="/a.png" alt="A" width="200">');
  });

  it('writes the text of a heading or paragraph element written over several lines inside it, not in a paragraph of its own', () => {
    // MDX makes `<p>\n  text\n</p>` a paragraph inside the <p>, which an HTML parser would split into an empty <p> and an unstyled one.
    const html = render('<div>\n  <h3 className="title">\n    Store a memory\n  </h3>\n  <p className="small">\n    Five minutes.\n  </p>\n</div>');
    expect(html).toBe('<div><h3 class="title">Store a memory</h3><p class="small">Five minutes.</p></div>');
  });

  it('sanitizes what pages write to an allow-list: raw-text tricks, frames, handlers, styles, names and script URLs go', () => {
    expect(render('<noscript><p title="</noscript><img src=x onerror=alert(1)>">x</p></noscript>')).toBe('');
    expect(render('<iframe src="https://www.youtube.com/embed/x" srcdoc="<script>alert(1)</script>" allowFullScreen><p>text</p></iframe>')).toBe(
      '<p><iframe src="https://www.youtube.com/embed/x" allowfullscreen></iframe></p>',
    );
    expect(render('<iframe src="/local.html" />')).toBe('<iframe></iframe>');
    expect(render('<svg><script>alert(1)</script><a xlinkHref="javascript:alert(2)">t</a></svg>')).toBe('');
    // A page's own SVG goes, even dressed as an icon.
    expect(render('<svg className="icon" onLoad="alert(1)" viewBox="0 0 24 24"><use href="javascript:alert(2)" /><circle cx="1" cy="1" r="1" /></svg>')).toBe(
      '',
    );
    expect(render('<div style="position:fixed" onClick="alert(1)" data-x="1" className="wide">w</div>')).toBe('<p><div class="wide">w</div></p>');
    expect(render('<img name="querySelector" src="/a.png" alt="A" />')).toBe('<img src="/a.png" alt="A">');
    expect(render('<video src="data:video/mp4;base64,AAAA" poster="data:image/png;base64,AAAA" controls />')).toBe('<video controls></video>');
    expect(render('<a href="https://example.test/" target="_blank">e</a> <a href="irc://x">i</a> <a href="ftp://x">f</a>')).toBe(
      '<p><a href="https://example.test/" target="_blank">e</a> <a href="irc://x">i</a> <a>f</a></p>',
    );
  });

  it('keeps what Markdown and components make: tables, task lists, footnotes, tab sets that work', () => {
    const html = render('| a | b |\n|:--|--:|\n| 1 | 2 |\n\n- [x] done\n\nNote[^1].\n\n[^1]: The note.');
    expect(html).toContain('<th align="left">a</th>\n<th align="right">b</th>');
    expect(html).toContain('<li class="task-list-item"><input type="checkbox" checked disabled> done</li>');
    expect(html).toContain('<a href="#user-content-fn-1" id="user-content-fnref-1" data-footnote-ref aria-describedby="footnote-label">1</a>');
    expect(render('<Tabs>\n<Tab title="A">\na\n</Tab>\n</Tabs>')).toContain('<input type="radio" class="tab-input" name="tabs-1" id="tabs-1-0" checked>');
  });
});
