// Replays script URLs wherever docsite takes a URL (pages, components, docs.json): each one is a
// validate error with its file and line, and a build refuses the site, so none reaches HTML or a
// redirect's Location header.
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { build } from '../../src/bundle/index.js';
import { validate } from '../../src/site/index.js';
import { page, writeSite } from '../helpers/site.js';
import { URL_PAYLOADS } from './xss-payloads.js';

/** docs.json with a script URL in every field that takes a URL, and look-alikes that are fine. */
const CONFIG = `{
  "name": "Hostile",
  "logo": { "light": "data:image/png;base64,AAAA", "href": "javascript:pwned('logo-href')" },
  "favicon": "  JAVASCRIPT:pwned('favicon')",
  "navigation": {
    "global": {
      "anchors": [
        { "anchor": "JavaScript: the guide", "href": "https://example.test/javascript:fine" },
        { "anchor": "Evil", "href": "javascript:pwned('global-anchor')" }
      ],
      "tabs": [{ "tab": "Tab", "href": "java\\tscript:pwned('global-tab')" }]
    },
    "pages": [
      "index",
      { "group": "Group", "href": "data:text/html,<script>alert('group')</script>", "pages": ["guide"] },
      ${URL_PAYLOADS.map((p) => `"u/${p.name}"`).join(', ')}
    ]
  },
  "contextual": { "options": ["copy", { "title": "Mail us", "href": "mailto:docs@example.test" }, { "title": "Evil", "href": "vbscript:msgbox('contextual')" }] },
  "redirects": [
    { "source": "/old", "destination": "javascript:pwned('redirect')" },
    { "source": "/older", "destination": "\\u0000javascript:pwned('redirect-nul')" },
    { "source": "/oldest", "destination": "https://example.test/" }
  ],
  "navbar": { "links": [{ "label": "N", "href": "javascript:pwned('navbar-link')" }], "primary": { "type": "button", "label": "P", "href": "JavaScript:pwned('navbar-primary')" } },
  "footer": { "socials": { "x": "javascript:pwned('footer-social')" }, "links": [{ "header": "H", "items": [{ "label": "I", "href": "javascript:pwned('footer-link')" }] }] }
}
`;

/** The line of `text` that holds `needle` (once). */
function lineOf(text: string, needle: string): number {
  const at = text.indexOf(needle);
  if (at < 0 || text.indexOf(needle, at + 1) >= 0) throw new Error(`"${needle}" is not in the text exactly once`);
  return text.slice(0, at).split('\n').length;
}

function hostileSite(): string {
  return writeSite({
    'docs.json': CONFIG,
    'index.mdx': page(
      { title: 'Home' },
      'Fine: [mail](mailto:a@example.test) ![pixel](data:image/png;base64,AAAA) <Card title="C" img="data:image/gif;base64,R0lG">c</Card>',
    ),
    'guide.mdx': page({ title: 'Guide', url: "javascript:pwned('frontmatter-url')" }, 'A guide.'),
    ...Object.fromEntries(URL_PAYLOADS.map((p) => [`u/${p.name}.mdx`, page({ title: p.name }, p.mdx)])),
  });
}

describe('script URLs', () => {
  it('are validate errors with the file and line of each, in pages, components and every URL field of docs.json', async () => {
    const report = await validate(hostileSite(), { jobs: 1 });
    const found = report.errors.filter((d) => d.code === 'link/script-url').map((d) => `${d.file}:${d.line}`);
    const configLines = [
      "pwned('logo-href')",
      "pwned('favicon')",
      "pwned('global-anchor')",
      "pwned('global-tab')",
      "alert('group')",
      "msgbox('contextual')",
      "pwned('redirect')",
      "pwned('redirect-nul')",
      "pwned('navbar-link')",
      "pwned('navbar-primary')",
      "pwned('footer-social')",
      "pwned('footer-link')",
    ].map((needle) => `docs.json:${lineOf(CONFIG, needle)}`);
    // Each payload's markup is on line 5 of its page (after the frontmatter); a Markdown definition is two lines below.
    const pageLines = URL_PAYLOADS.flatMap((p) => {
      const lines = p.mdx.split('\n');
      return lines.flatMap((text, i) => (/script:|data:text/i.test(text) ? [`u/${p.name}.mdx:${5 + i}`] : []));
    });
    const expected = [...configLines, 'guide.mdx:3', ...pageLines];
    expect([...new Set(found)].sort()).toEqual([...new Set(expected)].sort());
    expect(report.errors.filter((d) => d.code !== 'link/script-url')).toEqual([]);
    const message = report.errors.find((d) => d.file === 'docs.json' && d.line === lineOf(CONFIG, "pwned('global-anchor')"))!.message;
    expect(message).toContain('navigation.global.anchors[1].href');
  });

  it('fail the build, which writes nothing', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'docsite-script-urls-')), 'dist');
    const report = await build(hostileSite(), { out, jobs: 1 });
    expect(report.ok).toBe(false);
    expect(report.errors.some((d) => d.code === 'link/script-url')).toBe(true);
    expect(existsSync(out)).toBe(false);
  });
});
