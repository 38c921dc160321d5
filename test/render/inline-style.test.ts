// `style={{…}}` on a page's own HTML, which Mintlify documents for custom values (customize/
// custom-scripts): crewAI's home page lays out its hero and buttons with it.
import { describe, expect, it } from 'vitest';
import { analysePage } from '../../src/content/index.js';
import { renderBody } from '../../src/render/index.js';

function body(mdx: string): string {
  const { tree } = analysePage('page.mdx', `---\ntitle: Page\n---\n\n${mdx}\n`);
  return renderBody(tree!);
}

describe('style objects of a page’s HTML', () => {
  it('style the element through a class of the page’s stylesheet, numbers in pixels as React writes them', () => {
    const html = body(
      "<div style={{ display: 'flex', flexDirection: 'column', gap: 20, padding: '48px 24px', color: 'var(--mint-text-2)', opacity: 0.8, background: 'linear-gradient(180deg, rgba(235,102,88,0.12) 0%, #fff 100%)' }}>\n\nHi\n\n</div>",
    );
    expect(html).toContain(
      '.prose .docsite-style-1{display:flex;flex-direction:column;gap:20px;padding:48px 24px;color:var(--mint-text-2);opacity:0.8;background:linear-gradient(180deg, rgba(235,102,88,0.12) 0%, #fff 100%)}',
    );
    expect(html).toContain('<div class="docsite-style-1">');
    expect(html).not.toContain('style=');
  });

  it('keeps the element’s own classes beside it', () => {
    expect(body('<a href="/start" className="button" style={{ borderRadius: 8 }}>Start</a>')).toContain(
      '<a href="/start" class="button docsite-style-1">Start</a>',
    );
  });

  it('leaves out what could load, escape or cover the page: urls, positions, odd characters and computed values', () => {
    const html = body(
      "<div style={{ background: 'url(https://evil.test/x.png)', position: 'fixed', zIndex: 99, color: 'red;}body{display:none', width: size, margin: x + 'px', ...rest }}>x</div>",
    );
    expect(html).not.toContain('docsite-style');
    expect(html).not.toContain('evil');
  });
});
