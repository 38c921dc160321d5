// Components exported by snippets (MDX or JSX): placed with their props filled in, nothing evaluated.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { build } from '../../src/bundle/index.js';
import { analysePage, ConfinedFolder } from '../../src/content/index.js';
import { pageMarkdown, renderBody } from '../../src/render/index.js';
import { writeSite } from '../helpers/site.js';

const COMPONENTS_MDX = `export const Banner = ({title}) => (<Note>{title}</Note>)

export const Plan = ({ name = "Free", children }) => {
  return (
    <Card title={name} href={\`/plans/\${name}\`}>
      Includes:
      {children}
    </Card>
  );
};

export function Since({ version }) {
  const previous = version.split(".")[0] - 1;
  return <Badge title={\`from \${previous}\`}>Since {version}</Badge>;
}

export const Empty = () => null;

Text of the snippet itself.
`;

const PREVIEW_JSX = `import React from "react";

// A link styled as a button.
export const PreviewButton = ({ children, href }) => {
    return (
      <a href={href} className="preview-button">
        {children}
      </a>
    )
  }
`;

const DYNAMIC_MDX = `export const Counter = () => {
  const [count, setCount] = useState(0)
  return <button onClick={() => setCount(count + 1)}>{count}</button>
}

export const Greeting = ({ name }) => {
  if (!name) return null;
  return <p>Hello {name}</p>;
}

export const List = ({ items }) => <ul>{items.map((item) => <li>{item}</li>)}</ul>
`;

function analyse(source: string, file = 'page.mdx') {
  const root = writeSite({
    'docs.json': '{}',
    'snippets/components.mdx': COMPONENTS_MDX,
    'snippets/preview.jsx': PREVIEW_JSX,
    'snippets/dynamic.mdx': DYNAMIC_MDX,
  });
  return analysePage(file, source, { folder: new ConfinedFolder(root) });
}

/** The Note the snippet's Banner places, its icon beside its text. */
const CALLOUT_NOTE =
  /<aside class="callout callout-note" role="note" aria-label="Note"><span class="callout-icon"><svg class="icon" [^>]*>.*?<\/svg><\/span><div class="callout-content">Hi there<\/div><\/aside>/;

describe('components from snippets', () => {
  it('renders an imported component with its props, default props and children filled in', () => {
    const source = `---
title: Plans
---

import { Banner, Plan, Since, Empty } from "/snippets/components.mdx";

<Banner title="Hi there" />

<Plan name="Team">
  Unlimited **seats**.
</Plan>

<Plan />

New <Since version="2.0" /> here. <Empty />

## Routing <Since version="3.0" />
`;
    const { parsed, tree, snippets } = analyse(source);
    expect(parsed.diagnostics).toEqual([]);
    const html = renderBody(tree!);
    expect(html).toMatch(CALLOUT_NOTE);
    expect(html).toContain(
      '<a class="card" href="/plans/Team"><p class="card-title">Team</p><div class="card-body">Includes:<p>Unlimited <strong>seats</strong>.</p></div></a>',
    );
    expect(html).toContain('<a class="card" href="/plans/Free"><p class="card-title">Free</p>');
    expect(html).toContain('<p>New <span class="badge">Since 2.0</span> here. </p>');
    expect(html).not.toContain('Text of the snippet itself');
    // A component in a heading is not part of its anchor.
    expect(html).toContain('<h2 id="routing">Routing <span class="badge">Since 3.0</span>');
    // Search reads the placed markup; links in it are checked.
    const text = parsed.page.sections.map((s) => s.text).join('\n');
    expect(text).toContain('Hi there');
    expect(text).toContain('Unlimited seats.');
    expect(parsed.page.links).toContainEqual({ kind: 'link', url: '/plans/Team', line: 9, column: 1 });
    // The Markdown version shows the markup, props filled in, where the page placed it.
    const markdown = pageMarkdown(source, 'Plans', undefined, snippets);
    expect(markdown).toContain('<Note>\n  Hi there\n</Note>');
    expect(markdown).toContain('<Card title="Team" href="/plans/Team">');
    expect(markdown).toContain('Unlimited **seats**.');
    expect(markdown).not.toContain('<Plan');
    expect(markdown).not.toContain('<Banner');
  });

  it('places components a page defines itself, and the components of the same file their markup uses, props deciding `&&` and `?:`', () => {
    const source = `export const Dot = ({ children }) => <span className="dot">{children}</span>;

export const Hero = ({ title, tag, href }) => (
  <a href={href}>
    <Dot>{title}</Dot>
    {tag && <small>{tag}</small>}
    {href ? "Open" : "Soon"}
  </a>
);

<Hero title="Quickstart" tag="New" href="/quickstart" />

<Hero title="Later" />
`;
    const { parsed, tree } = analyse(source);
    expect(parsed.diagnostics).toEqual([]);
    expect(renderBody(tree!)).toBe(
      '<a href="/quickstart"><span class="dot">Quickstart</span><small>New</small>Open</a>\n<a><span class="dot">Later</span>Soon</a>',
    );
  });

  it('renders a static component from a .jsx file', () => {
    const source = 'import { PreviewButton } from "/snippets/preview.jsx";\n\n<PreviewButton href="/quickstart">Try it</PreviewButton>\n';
    const { parsed, tree } = analyse(source);
    expect(parsed.diagnostics).toEqual([]);
    expect(renderBody(tree!)).toBe('<p><a href="/quickstart" class="preview-button">Try it</a></p>');
  });

  it('warns about a component that computes its markup, renders its children, and never fails', () => {
    const source =
      'import { Counter, List, Greeting } from "/snippets/dynamic.mdx";\n\n<Counter />\n\n<List items={["a"]}>\n  Fallback text\n</List>\n\n<Counter />\n\n<Greeting name="Ada" />\n';
    const { parsed, tree } = analyse(source);
    expect(parsed.diagnostics.map((d) => [d.code, d.severity, d.line, d.message])).toEqual([
      [
        'render/dynamic-component',
        'warning',
        3,
        '<Counter> from snippets/dynamic.mdx calls useState, code docsite does not run; its children are rendered as they are.',
      ],
      [
        'render/dynamic-component',
        'warning',
        5,
        '<List> from snippets/dynamic.mdx has {items.map((item) => <li>{item}</li>)} in its markup, code docsite does not run; its children are rendered as they are.',
      ],
      [
        'render/dynamic-component',
        'warning',
        11,
        '<Greeting> from snippets/dynamic.mdx computes its markup before returning it, code docsite does not run; its children are rendered as they are.',
      ],
    ]);
    expect(renderBody(tree!)).toBe('<p>Fallback text</p>');
  });

  it('reports a component the snippet does not export, at the import', () => {
    const source = 'import { Missing } from "/snippets/components.mdx";\n\n<Missing />\n';
    const { parsed } = analyse(source);
    expect(parsed.diagnostics.map((d) => [d.code, d.line, d.message])).toEqual([
      ['mdx/snippet', 1, 'The snippet snippets/components.mdx exports no `Missing` for <Missing>.'],
    ]);
  });

  it('fills props as text: a prop cannot inject markup or a script URL', () => {
    const source =
      'import { Banner } from "/snippets/components.mdx";\nimport { PreviewButton } from "/snippets/preview.jsx";\n\n<Banner title="<script>alert(1)</script>" />\n\n<PreviewButton href="javascript:alert(1)">x</PreviewButton>\n';
    const { parsed, tree } = analyse(source);
    const html = renderBody(tree!);
    expect(html).not.toContain('<script');
    expect(html).toContain('&#x3C;script>alert(1)&#x3C;/script>');
    expect(html).not.toContain('javascript:');
    expect(parsed.diagnostics.map((d) => d.code)).toEqual(['link/script-url']);
  });

  it('puts the markup in the built page and in its .md file', async () => {
    const site = writeSite({
      'docs.json': { name: 'T', navigation: { pages: ['index'] } },
      'index.mdx':
        '---\ntitle: Home\n---\n\nimport { Banner } from "/snippets/components.mdx";\nimport Shared from "/snippets/shared.mdx";\n\n<Banner title="Hi there" />\n\n<Shared />\n',
      'snippets/components.mdx': COMPONENTS_MDX,
      'snippets/shared.mdx': 'Shared text.\n',
    });
    const out = mkdtempSync(join(tmpdir(), 'docsite-components-'));
    expect((await build(site, { out, jobs: 1 })).errors).toEqual([]);
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toMatch(CALLOUT_NOTE);
    expect(readFileSync(join(out, 'index.md'), 'utf8')).toBe('# Home\n\n<Note>\n  Hi there\n</Note>\n\nShared text.\n');
  });
});
