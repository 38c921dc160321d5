// Icons drawn at build time: Font Awesome Free and Lucide glyphs, images, the fallback, and what the sanitizer lets through.
import { createRequire } from 'node:module';
import { s } from 'hastscript';
import { toHtml } from 'hast-util-to-html';
import { describe, expect, it } from 'vitest';
import { analysePage } from '../../src/content/index.js';
import type { IconLibrary } from '../../src/icons/index.js';
import { renderBody } from '../../src/render/index.js';
import { renderSidebar } from '../../src/render/layout/sidebar.js';
import { sanitizeBody } from '../../src/render/sanitize-body.js';
import { checkPageIcons } from '../../src/site/check-icons.js';

const require = createRequire(import.meta.url);
/** The path data a Font Awesome package has for an icon, as the expected drawing. */
const faPath = (pkg: 'solid' | 'regular' | 'brands', exportName: string): string =>
  (require(`@fortawesome/free-${pkg}-svg-icons/${exportName}`) as { svgPathData: string }).svgPathData;

function render(mdx: string, library: IconLibrary = 'fontawesome'): string {
  const { parsed, tree } = analysePage('page.mdx', mdx);
  expect(tree, JSON.stringify(parsed.diagnostics)).toBeDefined();
  return renderBody(tree!, library);
}

describe('icons', () => {
  it('draws a Font Awesome name as an inline, decorative SVG of its path, with or without the fa- prefix', () => {
    const html = render('<Icon icon="rocket" iconType="solid" />');
    expect(html).toBe(`<svg class="icon" viewBox="0 0 512 512" fill="currentColor" aria-hidden="true"><path d="${faPath('solid', 'faRocket')}"></path></svg>`);
    expect(render('<Icon icon="fa-rocket" iconType="solid" />')).toBe(html);
  });

  it('draws the style iconType asks for, regular by default, and the nearest Free style for a Pro one', () => {
    const regular = faPath('regular', 'faStar');
    const solid = faPath('solid', 'faStar');
    expect(regular).not.toBe(solid);
    expect(render('<Icon icon="star" />')).toContain(`d="${regular}"`);
    expect(render('<Icon icon="star" iconType="solid" />')).toContain(`d="${solid}"`);
    expect(render('<Icon icon="star" iconType="light" />')).toContain(`d="${regular}"`);
    expect(render('<Icon icon="star" iconType="duotone" />')).toContain(`d="${solid}"`);
    // Free's regular lacks most icons: the solid one is drawn instead of nothing.
    expect(render('<Icon icon="rocket" iconType="regular" />')).toContain(`d="${faPath('solid', 'faRocket')}"`);
  });

  it('draws brands by name, on a Lucide site too (Lucide has no logos)', () => {
    const github = `d="${faPath('brands', 'faGithub')}"`;
    expect(render('<Icon icon="github" iconType="brands" />')).toContain(github);
    expect(render('<Card title="Code" icon="github">x</Card>', 'lucide')).toContain(github);
  });

  it('draws Lucide icons, stroked, when docs.json icons.library is lucide', () => {
    expect(render('<Icon icon="house" />', 'lucide')).toBe(
      '<svg class="icon" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true">' +
        '<path d="M15 21v-8a1 1 0 0 0-1-1h-4a1 1 0 0 0-1 1v8"></path>' +
        '<path d="M3 10a2 2 0 0 1 .709-1.528l7-6a2 2 0 0 1 2.582 0l7 6A2 2 0 0 1 21 10v9a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z"></path></svg>',
    );
  });

  it('sizes and colours an <Icon> as asked, refusing a colour that is not one', () => {
    const html = render('<Icon icon="flag" iconType="solid" size={32} color="#FF5733" />');
    expect(html).toMatch(/^<svg class="icon" viewBox="0 0 448 512" fill="#FF5733" width="32" height="32" aria-hidden="true">/);
    expect(render('<Icon icon="flag" color="red;background:url(x)" />')).toContain('fill="currentColor"');
    expect(render('<Card title="Go" icon="house" color="#ca8b04">x</Card>', 'lucide')).toContain('fill="none" stroke="#ca8b04"');
  });

  it('shows a URL or path as an image, and no icon at all for a URL that runs script', () => {
    expect(render('<Icon icon="https://example.com/star.png" />')).toBe('<img class="icon icon-image" src="https://example.com/star.png" alt="">');
    expect(render('<Icon src="/images/star.svg" size={20} />')).toBe('<img class="icon icon-image" src="/images/star.svg" alt="" width="20" height="20">');
    expect(render('<Card title="x" icon="javascript:alert(1)">y</Card>')).not.toContain('<img');
  });

  it('draws a neutral square for a name no library has, and validate warns at its line', () => {
    const source = '---\ntitle: T\nicon: no-such-page-icon\n---\n\n<Card title="A" icon="rocket">a</Card>\n\n<Card title="B" icon="no-such-icon">b</Card>\n';
    expect(render(source)).toContain('<svg class="icon icon-unknown"');
    const { parsed } = analysePage('guide.mdx', source);
    const warnings = checkPageIcons(parsed.page, 'fontawesome');
    expect(warnings.map((d) => [d.code, d.file, d.line, d.severity])).toEqual([
      ['render/unknown-icon', 'guide.mdx', 8, 'warning'],
      ['render/unknown-icon', 'guide.mdx', 3, 'warning'],
    ]);
    expect(warnings[0]!.message).toContain('"no-such-icon"');
  });

  it('gives each callout its own icon, Note and Info apart, and a Callout the one it names', () => {
    const iconOf = (mdx: string): string => /<span class="callout-icon">(.*?)<\/span>/.exec(render(mdx))?.[1] ?? '';
    const drawn = ['Note', 'Info', 'Warning', 'Tip', 'Check', 'Danger'].map((kind) => iconOf(`<${kind}>x</${kind}>`));
    for (const svg of drawn) expect(svg).toMatch(/^<svg class="icon" /);
    expect(new Set(drawn).size).toBe(6);
    expect(drawn[2]).toContain(faPath('solid', 'faTriangleExclamation'));
    expect(iconOf('<Callout icon="key" iconType="solid">x</Callout>')).toContain(faPath('solid', 'faKey'));
  });

  it('draws the icons of cards, steps, accordions and tabs', () => {
    const rocket = faPath('solid', 'faRocket');
    expect(render('<Card title="Go" icon="rocket">x</Card>')).toContain(rocket);
    expect(render('<Steps>\n<Step title="One" icon="rocket">x</Step>\n</Steps>')).toMatch(/<li class="step step-with-icon"><span class="step-icon"><svg /);
    expect(render('<Accordion title="More" icon="rocket">x</Accordion>')).toMatch(
      /<summary><svg class="icon" [^>]*><path d="[^"]+"><\/path><\/svg>More<\/summary>/,
    );
    expect(render('<Tabs>\n<Tab title="npm" icon="npm">x</Tab>\n</Tabs>')).toContain(`d="${faPath('brands', 'faNpm')}"></path></svg>npm</label>`);
  });

  it('draws sidebar group and link icons from their library', () => {
    const { html } = renderSidebar([
      { kind: 'group', label: 'Start', icon: { name: 'house', library: 'lucide' }, collapsed: false, children: [] },
      { kind: 'link', href: 'https://example.com', label: 'Out', icon: { name: 'github', library: 'fontawesome' } },
    ]);
    expect(html).toMatch(
      /<summary><svg class="icon" viewBox="0 0 24 24" [^>]*stroke="currentColor"[^>]*><path [^>]*><\/path><path [^>]*><\/path><\/svg>Start<\/summary>/,
    );
    expect(html).toContain(`<path d="${faPath('brands', 'faGithub')}"></path></svg>Out</a>`);
  });
});

describe('the sanitizer and icons', () => {
  const sanitized = (...children: Parameters<typeof s>[2][]): string => toHtml(sanitizeBody({ type: 'root', children: children as never }));

  it('keeps an icon SVG with its geometry and paint', () => {
    const icon = s('svg', { className: ['icon'], viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: '2', ariaHidden: 'true' }, [
      s('circle', { cx: '12', cy: '12', r: '4' }),
    ]);
    expect(sanitized(icon)).toBe(
      '<svg class="icon" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" aria-hidden="true"><circle cx="12" cy="12" r="4"></circle></svg>',
    );
  });

  it('drops handlers, links, uses, scripts, foreign content and paints that are not colours', () => {
    const icon = s('svg', { className: ['icon'], viewBox: '0 0 24 24', onLoad: 'alert(1)', fill: 'url(javascript:alert(2))' }, [
      s('use', { href: 'javascript:alert(3)' }),
      s('a', { href: 'https://example.com' }, [s('text', 'click')]),
      s('script', 'alert(4)'),
      s('foreignObject', [s('iframe', { src: 'https://example.com' })]),
      s('path', { d: 'M0 0L1 1', onClick: 'alert(5)', style: 'fill:red' }, [s('a', { href: 'https://example.com' }, 'x')]),
      s('path', { d: 'javascript:alert(6)' }),
    ]);
    expect(sanitized(icon)).toBe('<svg class="icon" viewBox="0 0 24 24"><path d="M0 0L1 1"></path><path></path></svg>');
  });

  it('drops an SVG that is not an icon with all it holds', () => {
    expect(sanitized(s('svg', { viewBox: '0 0 1 1' }, [s('path', { d: 'M0 0' })]))).toBe('');
  });
});
