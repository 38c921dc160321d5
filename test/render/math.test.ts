// Math typeset by KaTeX at build time: HTML and MathML on the page, TeX KaTeX cannot read shown in
// red, and nothing a formula writes gets past what the sanitizer keeps pages from writing.
import { describe, expect, it } from 'vitest';
import { analysePage } from '../../src/content/index.js';
import { renderBody } from '../../src/render/index.js';

function render(mdx: string): { html: string; codes: string[]; features: string[] | undefined } {
  const { parsed, tree } = analysePage('page.mdx', mdx);
  expect(tree, JSON.stringify(parsed.diagnostics)).toBeDefined();
  return { html: renderBody(tree!), codes: parsed.diagnostics.map((d) => d.code), features: parsed.page.features };
}

describe('math', () => {
  it('typesets $…$ inline and $$…$$ as a display, as HTML with MathML for readers of either', () => {
    const { html, codes, features } = render('Euler: $e^{i\\pi} + 1 = 0$.\n\n$$\n\\frac{1}{2}\n$$');
    expect(codes).toEqual([]);
    expect(features).toEqual(['math']);
    expect(html).toMatch(/^<p>Euler: <span class="katex"><span class="katex-mathml"><math xmlns="http:\/\/www\.w3\.org\/1998\/Math\/MathML">/);
    expect(html).toContain('<annotation encoding="application/x-tex">e^{i\\pi} + 1 = 0</annotation>');
    expect(html).toContain('<span class="katex-html" aria-hidden="true">');
    expect(html).toContain('</span>.</p>\n<span class="katex-display"><span class="katex">');
    expect(html).toContain('<mfrac><mn>1</mn><mn>2</mn></mfrac>');
  });

  it('shows TeX KaTeX cannot read as its source in red, and warns where it is', () => {
    const source = '---\ntitle: T\n---\n\nText $\\frac{1}{$ and $\\nocommand$.\n\n$$\na \\\\\n\\frac{\n$$\n';
    const { parsed } = analysePage('page.mdx', source);
    expect(parsed.diagnostics.map(({ code, line, column }) => ({ code, line, column }))).toEqual([
      { code: 'render/invalid-math', line: 5, column: 6 },
      { code: 'render/invalid-math', line: 5, column: 22 },
      { code: 'render/invalid-math', line: 9, column: 1 },
    ]);
    expect(parsed.diagnostics[1]!.message).toContain('Undefined control sequence: \\nocommand');
    const { html } = render(source);
    expect(html).toContain('<span class="katex-error" title="ParseError: KaTeX parse error: ');
    expect(html).toContain('style="color:#cc0000">\\frac{1}{</span>');
  });

  it('writes no link, class, id, style or image a formula asks for (KaTeX trust: false)', () => {
    const tricks = [
      '\\href{javascript:alert(1)}{x}',
      '\\url{javascript:alert(2)}',
      '\\href{data:text/html,<script>alert(3)</script>}{y}',
      '\\htmlClass{site-header}{z}',
      '\\htmlId{content}{z}',
      '\\htmlStyle{position:fixed;inset:0}{z}',
      '\\htmlData{foo=bar}{z}',
      '\\includegraphics{https://evil.example/a.png}',
      '\\textcolor{red;background:url(https://evil.example)}{z}',
    ];
    for (const tex of tricks) {
      // The TeX stays as text (the MathML annotation, an error's title and content); no attribute takes it.
      const html = render(`$${tex}$\n\n$$\n${tex}\n$$`).html.replace(/<annotation [^>]*>[^<]*<\/annotation>|title="[^"]*"/g, '');
      expect(html, tex).not.toMatch(/(href|src|action)=|<a[\s>]|<img|<script|\sid=|\sdata-|class="[^"]*site-header|style="[^"]*(position|background|url\()/);
    }
  });

  it('keeps sanitizing what the page writes around its math: its own MathML, styles and scripts are dropped', () => {
    const { html } = render(
      'Math $x$ and <span className="katex" style="position:fixed">own</span> <math><mi>y</mi></math> <svg><script>alert(1)</script></svg>',
    );
    expect(html).toContain('<span class="katex"><span class="katex-mathml">');
    expect(html).toContain('<span class="katex">own</span>');
    expect(html).not.toContain('position:fixed');
    expect(html).not.toContain('<mi>y</mi>');
    expect(html).not.toContain('alert');
  });

  it('leaves a lone dollar sign as text and gives a page without math no math feature', () => {
    const { html, features } = render('It costs $5 each.');
    expect(html).toBe('<p>It costs $5 each.</p>');
    expect(features).toBeUndefined();
  });

  it('finds math and diagrams placed anywhere in the page', () => {
    expect(render('<Note>\n$$\nx\n$$\n</Note>').features).toEqual(['math']);
    expect(render('```mermaid\ngraph TD\n  A --> B\n```').features).toEqual(['diagrams']);
    expect(render('<Tabs>\n<Tab title="a">\n<Mermaid chart="graph TD; A-->B" />\n</Tab>\n</Tabs>\n\nand $y$').features).toEqual(['math', 'diagrams']);
  });
});
