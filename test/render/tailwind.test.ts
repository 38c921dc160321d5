// Tailwind classes on a page's own HTML, which Mintlify styles (its docs: customize/custom-scripts,
// "Style with Tailwind CSS"): mem0's home page lays its cards out with them.
import { describe, expect, it } from 'vitest';
import { analysePage } from '../../src/content/index.js';
import { renderBody } from '../../src/render/index.js';
import { tailwindStylesheet } from '../../src/render/tailwind/stylesheet.js';

function body(mdx: string): string {
  const { tree } = analysePage('page.mdx', `---\ntitle: Page\n---\n\n${mdx}\n`);
  return renderBody(tree!);
}

describe('Tailwind classes of a page', () => {
  it('are styled by rules in front of the body, for the classes the page uses only', () => {
    const html = body(
      '<div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">\n  <a href="/a" className="flex flex-col rounded-2xl border border-gray-200 p-4">A</a>\n</div>',
    );
    expect(html.startsWith('<style>')).toBe(true);
    const css = html.slice('<style>'.length, html.indexOf('</style>'));
    expect(css).toContain('.prose .grid{display:grid}');
    expect(css).toContain('.prose .gap-4{gap:1rem}');
    expect(css).toContain('.prose .flex-col{flex-direction:column}');
    expect(css).toContain('.prose .rounded-2xl{border-radius:1rem}');
    expect(css).toContain('.prose .border-gray-200{border-color:#e5e7eb}');
    expect(css).toContain('@media (min-width:640px){.prose .sm\\:grid-cols-2{grid-template-columns:repeat(2,minmax(0,1fr))}}');
    expect(css).toContain('@media (min-width:1024px){.prose .lg\\:grid-cols-3{grid-template-columns:repeat(3,minmax(0,1fr))}}');
    expect(css).not.toContain('grid-cols-4');
    expect(html).toContain('<div class="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">');
  });

  it('leaves a page without classes, and a component’s own classes, without rules', () => {
    expect(body('Text.\n\n<Card title="A" href="/a">B</Card>')).not.toContain('<style>');
  });

  it('writes dark, hover and group-hover variants, opacity and the site’s primary color', () => {
    const css = tailwindStylesheet(['dark:text-zinc-50', 'hover:bg-gray-50', 'group-hover:text-primary', 'text-zinc-950/80', 'px-3.5', '-translate-x-1/2']);
    expect(css).toContain(':root.dark .prose .dark\\:text-zinc-50{color:#fafafa}');
    expect(css).toContain('@media (prefers-color-scheme:dark){:root:not([data-appearance="light"]) .prose .dark\\:text-zinc-50{color:#fafafa}}');
    expect(css).toContain('.prose .hover\\:bg-gray-50:hover{background-color:#f9fafb}');
    expect(css).toContain('.prose .group:hover .group-hover\\:text-primary{color:var(--primary)}');
    expect(css).toContain('.prose .text-zinc-950\\/80{color:color-mix(in srgb,#09090b 80%,transparent)}');
    expect(css).toContain('.prose .px-3\\.5{padding-left:0.875rem;padding-right:0.875rem}');
  });

  it('ignores what it does not know, arbitrary values included (Mintlify does not support them)', () => {
    expect(tailwindStylesheet(['aspect-[2/1]', 'landing-hero', 'text-[red]', 'w-[9999px]', 'grid-cols-99', '</style>'])).toBe('');
  });
});
