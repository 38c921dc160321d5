// Code blocks highlighted at build time: token colours in both themes, marked lines, notation,
// plain text where no grammar fits, and what the sanitizer lets through.
import type { Element, ElementContent } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { describe, expect, it } from 'vitest';
import { analysePage } from '../../src/content/index.js';
import { renderBody, templateAsset } from '../../src/render/index.js';
import { codeThemeCss } from '../../src/render/highlight/code-theme.js';
import { highlightCode } from '../../src/render/highlight/highlight-code.js';

function render(mdx: string): string {
  const { parsed, tree } = analysePage('page.mdx', mdx);
  expect(tree, JSON.stringify(parsed.diagnostics)).toBeDefined();
  return renderBody(tree!);
}

/** The text a reader copies: the <code>'s text, as the copy button reads it (textContent). */
function copiedText(pre: Element): string {
  const text = (node: ElementContent): string => (node.type === 'text' ? node.value : node.type === 'element' ? node.children.map(text).join('') : '');
  return text(pre.children[0]!);
}

/** The classes of the tokens whose text is `token`. */
function classesOf(html: string, token: string): string[] {
  return [...html.matchAll(/<span class="([^"]+)">([^<]*)<\/span>/g)].filter((match) => match[2]!.trim() === token).map((match) => match[1]!);
}

describe('highlightCode', () => {
  it('colours tokens by class, one class per colour of the light theme', () => {
    const ts = toHtml(highlightCode('const answer: number = 42; // the answer', 'ts'));
    const python = toHtml(highlightCode('def greet(name):\n    return f"hi {name}"', 'python'));
    const bash = toHtml(highlightCode('curl -X POST "https://api.example.test" | jq .', 'bash'));
    const json = toHtml(highlightCode('{ "id": 1, "ok": true }', 'json'));
    for (const html of [ts, python, bash, json]) expect(html).not.toContain('style=');
    const keyword = classesOf(ts, 'const');
    expect(keyword).toHaveLength(1);
    expect(classesOf(python, 'def')).toEqual(keyword);
    expect(classesOf(ts, '// the answer')).not.toEqual(keyword);
    expect(classesOf(bash, 'curl')[0]).toMatch(/^t\d+$/);
    expect(classesOf(json, '"id"')[0]).toMatch(/^t\d+$/);
    expect(ts).toContain('<code class="language-ts">');
  });

  it('draws every class in both themes, following the page color-scheme', () => {
    const css = codeThemeCss();
    // Comments: GitHub's light grey darkened for contrast on the code background.
    expect(css).toContain('.code-block .t0 { color: light-dark(#59636e, #8b949e); }');
    expect(css).toContain('color: light-dark(#cf222e, #ff7b72)'); // keywords
    expect(templateAsset('docsite.css').endsWith(css)).toBe(true);
    const ts = toHtml(highlightCode('import { a } from "b";\nexport default class A extends B {}', 'ts'));
    for (const [, className] of ts.matchAll(/class="(t\d+)"/g)) expect(css).toContain(`.code-block .${className} {`);
  });

  it('reads the languages real sites fence, by their aliases too', () => {
    const samples: Record<string, string> = {
      mdx: '# Title\n\n<Card title="x" />',
      erb: '<%= link_to "a", b %>',
      http: 'GET /v1/users HTTP/1.1\nHost: api.example.test',
      dockerfile: 'FROM node:20\nRUN npm ci',
      prisma: 'model User {\n  id Int @id\n}',
    };
    for (const language of ['sh', 'shell', 'js', 'ts', 'tsx', 'yml', 'jsonc', 'curl', 'env', 'ruby', 'powershell', 'c#', ...Object.keys(samples)]) {
      expect(toHtml(highlightCode(samples[language] ?? 'a = "b" # c', language)), language).toMatch(/class="t\d+"/);
    }
  });

  it('draws a language it has no grammar for as plain text, without failing', () => {
    for (const language of ['text', 'no-such-language', '../../../package', undefined]) {
      const pre = highlightCode('<b>x</b>\ny', language);
      expect(toHtml(pre)).not.toMatch(/class="t\d+"/);
      expect(copiedText(pre)).toBe('<b>x</b>\ny');
    }
  });

  it('marks the lines the meta names', () => {
    const html = toHtml(highlightCode('a\nb\nc\nd', 'text', { highlight: '1,3-4', focus: '2' }));
    expect(html).toContain('<pre class="has-highlighted has-focused" tabindex="0">');
    expect([...html.matchAll(/class="(line[^"]*)"/g)].map((match) => match[1])).toEqual([
      'line highlighted',
      'line focused',
      'line highlighted',
      'line highlighted',
    ]);
  });

  it('reads diff, highlight and focus notation, and leaves the comments out of the code copied', () => {
    const source = [
      'const a = 1; // [!code --]',
      'const a = 2; // [!code ++]',
      'run(a); // [!code highlight]',
      '// [!code focus]',
      'done();',
      'keep(); // an ordinary comment',
    ].join('\n');
    const pre = highlightCode(source, 'ts');
    const html = toHtml(pre);
    expect(html).toContain('<pre class="has-diff has-highlighted has-focused" tabindex="0">');
    expect([...html.matchAll(/class="(line[^"]*)"/g)].map((match) => match[1])).toEqual([
      'line diff remove',
      'line diff add',
      'line highlighted',
      'line focused',
      'line',
    ]);
    expect(copiedText(pre)).toBe('const a = 1;\nconst a = 2;\nrun(a);\ndone();\nkeep(); // an ordinary comment');
  });
});

describe('code blocks in a page', () => {
  it('numbers lines with the stylesheet, so no number is in the code', () => {
    const html = render('```ts lines\nconst a = 1;\nconst b = 2;\n```');
    expect(html).toContain('<figure class="code-block code-lines"');
    const code = /<code[^>]*>(.*)<\/code>/s.exec(html)![1]!;
    expect(code.replace(/<[^>]+>/g, '')).toBe('const a = 1;\nconst b = 2;');
  });

  it('gives a long expandable block a <details> that opens it, and a short one none', () => {
    const long = Array.from({ length: 20 }, (_, i) => `line${i}`).join('\n');
    const html = render(`\`\`\`text expandable\n${long}\n\`\`\``);
    expect(html).toContain(
      '<details class="code-expander"><summary><span class="code-expand">Expand</span><span class="code-collapse">Collapse</span></summary></details></figure>',
    );
    expect(render('```text expandable\nshort\n```')).not.toContain('<details');
  });

  it('keeps highlighted code through the sanitizer, and markup in code stays text', () => {
    const html = render('```html\n<script>alert(1)</script>\n<img src=x onerror="alert(2)">\n```');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).toContain('&#x3C;');
    expect(html).toMatch(/<span class="t\d+">script<\/span>/);
    expect(html).toContain('<pre tabindex="0"><code class="language-html"><span class="line">');
  });

  it('drops what Shiki never writes when a page writes it', () => {
    const html = render('<pre tabIndex="-1" style="color: red"><span style="--shiki-light: url(x)" className="t1">x</span></pre>');
    expect(html).toContain('<pre><span class="t1">x</span></pre>');
  });

  it('leaves Mermaid diagrams to their own path', () => {
    expect(render('```mermaid\ngraph TD; A-->B\n```')).not.toContain('code-block');
  });
});
